// Registration information calls (spec §7 rg, decision 0664). The staff screens read the server
// (shared data that must be current, not mirrored); the public form posts without login.
import { apiCall } from '../../api/http-client';
import * as routes from '../../../contract/rest-routes';
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
  return apiCall(routes.registrationList, {
    query: { ...filters },
  });
}

export function getRegistration(id: string): Promise<RegistrationDetail> {
  return apiCall(routes.registrationDetail, { params: { id } });
}

export function takeRegistrationAction(
  id: string,
  action: RegistrationAction,
  body: Record<string, unknown>,
): Promise<RegistrationDetail> {
  return apiCall(routes.registrationAction, {
    params: { action, id },
    json: body,
  });
}

export function registrationFormOf(brand: string): Promise<{ groupId: string; name: string }> {
  return apiCall(routes.registrationForm, { params: { brand }, auth: false });
}

export function sendRegistration(body: Record<string, unknown>): Promise<{ id: string }> {
  return apiCall(routes.registrationSend, { json: body, auth: false });
}
