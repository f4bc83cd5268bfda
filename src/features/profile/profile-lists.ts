// The server's lists the profile editor picks from (spec §7 Members careers, childCareers,
// interest; Address getProvincial, getWards): served from data, cached by TanStack Query.
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/http-client';
import * as routes from '../../../contract/rest-routes';
import type { Province, Ward } from '../../../contract/address';

const day = 86_400_000;

export function useCareers() {
  return useQuery({
    queryKey: ['members', 'careers'],
    queryFn: () => apiCall(routes.careers, { auth: false }),
    staleTime: day,
  });
}

export function useChildCareers(career: string) {
  return useQuery({
    queryKey: ['members', 'childCareers', career],
    queryFn: () => apiCall(routes.childCareers, { auth: false, query: { name: career } }),
    enabled: career !== '',
    staleTime: day,
  });
}

export function useInterestList() {
  return useQuery({
    queryKey: ['members', 'interest'],
    queryFn: () => apiCall(routes.interests, { auth: false }),
    staleTime: day,
  });
}

export function useProvinces() {
  return useQuery({
    queryKey: ['address', 'provinces'],
    queryFn: () => apiCall(routes.provinces, { auth: false }),
    staleTime: day,
  });
}

export function useWards(provinceId: string) {
  return useQuery({
    queryKey: ['address', 'wards', provinceId],
    queryFn: () => apiCall(routes.wards, { auth: false, query: { idProvincial: provinceId } }),
    enabled: provinceId !== '',
    staleTime: day,
  });
}

export interface AddressParts {
  street: string;
  provinceId: string;
  wardId: string;
}

/**
 * Reads a stored address "street, ward, province" back into its parts when its last parts are
 * a known province and one of its wards; otherwise all of it is the street line.
 */
export function splitAddress(
  address: string,
  provinces: readonly Province[],
  wardsOf: (provinceId: string) => readonly Ward[] | undefined,
): AddressParts {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const province = provinces.find((p) => p.fullName === parts.at(-1) || p.name === parts.at(-1));
  if (!province) return { street: address.trim(), provinceId: '', wardId: '' };
  const wards = wardsOf(province.id) ?? [];
  const ward = wards.find((w) => w.fullName === parts.at(-2));
  const streetParts = parts.slice(0, ward ? -2 : -1);
  return { street: streetParts.join(', '), provinceId: province.id, wardId: ward?.id ?? '' };
}

/** The stored address line: street, ward, province (each only when given). */
export function joinAddress(street: string, ward?: Ward, province?: Province): string {
  return [street.trim(), ward?.fullName, province?.fullName].filter(Boolean).join(', ');
}
