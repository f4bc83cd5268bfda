// Registration information calls (spec §7 rg, decision 0664). The staff screens read the server
// (shared data that must be current, not mirrored); the public form posts without login.
import { apiFetch } from '../../api/http-client';
import type {
  RegistrationAction,
  RegistrationDetail,
  RegistrationPage,
} from '../../../contract/registration';

export interface RegistrationFilters {
  status?: string;
  type?: string;
  page?: number;
  phone?: string;
  email?: string;
  /** Comma-joined (spec §5). */
  missingInfo?: string;
  citizenIdentificationCode?: string;
  from?: string;
  to?: string;
}

export function listRegistrations(filters: RegistrationFilters): Promise<RegistrationPage> {
  return apiFetch<RegistrationPage>('/rg/getListRegisterInformation', {
    query: { ...filters },
  });
}

export function getRegistration(id: string): Promise<RegistrationDetail> {
  return apiFetch<RegistrationDetail>(`/rg/getRegisterInformation/${encodeURIComponent(id)}`);
}

export function takeRegistrationAction(
  id: string,
  action: RegistrationAction,
  body: Record<string, unknown>,
): Promise<RegistrationDetail> {
  return apiFetch<RegistrationDetail>(`/rg/${action}/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: body,
  });
}

export function registrationFormOf(brand: string): Promise<{ groupId: string; name: string }> {
  return apiFetch(`/rg/form/${encodeURIComponent(brand)}`, { auth: false });
}

export function sendRegistration(body: Record<string, unknown>): Promise<{ id: string }> {
  return apiFetch('/rg/registerInformation', { method: 'POST', json: body, auth: false });
}
