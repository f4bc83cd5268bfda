import * as v from 'valibot';

// Vietnamese administrative units since 1 July 2025 (Resolution 202/2025/QH15): two levels,
// province/centrally governed city → ward/commune/special zone. The spec's three-level calls
// are kept; see docs/decisions/0010-address-dataset.md for how they map.

export const provinceUnits = ['city', 'province'] as const;
export type ProvinceUnit = (typeof provinceUnits)[number];
export const wardUnits = ['ward', 'commune', 'special_zone'] as const;
export type WardUnit = (typeof wardUnits)[number];
export type AddressUnitId = ProvinceUnit | WardUnit;

/** A province or centrally governed city (GSO code, two digits). */
export interface Province {
  id: string;
  /** Three-letter abbreviation, e.g. HNI. */
  code: string;
  /** Name without the unit word, e.g. "Hà Nội". */
  name: string;
  /** Official name, e.g. "Thành phố Hà Nội", "Tỉnh Cao Bằng". */
  fullName: string;
  unit: ProvinceUnit;
}

/**
 * What getDistrict answers: since 2025 there are no districts, so each province has exactly
 * one stand-in district with the province's own id, which getWards accepts as idDistrict.
 */
export interface District {
  id: string;
  name: string;
  fullName: string;
  provinceId: string;
  /** Always true: marks the stand-in for clients that know. */
  placeholder: true;
}

/** A ward, commune or special zone (GSO code, five digits). */
export interface Ward {
  id: string;
  name: string;
  fullName: string;
  unit: WardUnit;
  provinceId: string;
  /** The stand-in district id (= provinceId), for three-level clients. */
  districtId: string;
}

/** One kind of administrative unit, as getUnit lists them. */
export interface AddressUnit {
  id: AddressUnitId;
  level: 1 | 2;
  name: string;
  nameEn: string;
  count: number;
}

/** A province id: its GSO code; "1" and "01" name the same province. */
const provinceIdActions = [
  v.trim(),
  v.regex(/^\d{1,2}$/, 'invalid_id'),
  v.transform((id: string) => id.padStart(2, '0')),
] as const;
const optionalProvinceId = v.optional(v.pipe(v.string('invalid_id'), ...provinceIdActions));

const filter = v.optional(
  v.pipe(v.string('invalid_value'), v.trim(), v.maxLength(100, 'too_long')),
);

export const provincesQuerySchema = v.object({ filter });

export const districtsQuerySchema = v.object({
  // Missing (or empty, which readQuery strips) becomes '' so that it fails with a clear code.
  idProvincial: v.optional(
    v.pipe(v.string('invalid_id'), v.nonEmpty('address_province_required'), ...provinceIdActions),
    '',
  ),
});

/** idDistrict (spec) or idProvincial (two-level clients); one of them is required. */
export const wardsQuerySchema = v.pipe(
  v.object({ idDistrict: optionalProvinceId, idProvincial: optionalProvinceId, filter }),
  v.check(
    (q) => q.idDistrict !== undefined || q.idProvincial !== undefined,
    'address_province_required',
  ),
);

/** Lower-case text without Vietnamese diacritics, so "ha noi" finds "Hà Nội". */
export function foldVietnamese(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
