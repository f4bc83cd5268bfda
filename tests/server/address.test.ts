import { describe, expect, it } from 'vitest';
import type { AddressUnit, District, Province, Ward } from '../../contract/address';
import type { ApiErrorBody } from '../../contract/errors';
import { startTestServer } from './test-server';

const server = await startTestServer();

async function getJson<T>(path: string, status = 200): Promise<T> {
  const res = await server.request(path, { headers: { 'accept-language': 'en' } });
  expect(res.status, path).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/json');
  return (await res.json()) as T;
}

describe('address calls (units since 1 July 2025)', () => {
  it('lists the 34 provinces and cities', async () => {
    const provinces = await getJson<Province[]>('/api/getProvincial');
    expect(provinces).toHaveLength(34);
    expect(provinces.filter((p) => p.unit === 'city')).toHaveLength(6);
    expect(provinces).toContainEqual({
      id: '01',
      code: 'HNI',
      name: 'Hà Nội',
      fullName: 'Thành phố Hà Nội',
      unit: 'city',
    });
    expect(provinces).toContainEqual(
      expect.objectContaining({ id: '68', name: 'Lâm Đồng', fullName: 'Tỉnh Lâm Đồng' }),
    );
    // Provinces merged away in 2025 are gone.
    expect(provinces.map((p) => p.name)).not.toContain('Bình Dương');
  });

  it('filters by name with or without diacritics', async () => {
    for (const filter of ['Hồ Chí Minh', 'ho chi minh', 'HO CHI MINH', 'hồ chí', 'hcm']) {
      const found = await getJson<Province[]>(
        `/api/getProvincial?filter=${encodeURIComponent(filter)}`,
      );
      expect(
        found.map((p) => p.id),
        filter,
      ).toEqual(['79']);
    }
    const dak = await getJson<Province[]>('/api/getProvincial?filter=dak');
    expect(dak.map((p) => p.name)).toEqual(['Đắk Lắk']);
    expect(await getJson<Province[]>('/api/getProvincial?filter=atlantis')).toEqual([]);
    // An empty filter is stripped (spec §5) and lists everything.
    expect(await getJson<Province[]>('/api/getProvincial?filter=')).toHaveLength(34);
  });

  it('answers getDistrict with one stand-in district per province', async () => {
    const districts = await getJson<District[]>('/api/getDistrict?idProvincial=68');
    expect(districts).toEqual([
      {
        id: '68',
        name: 'Lâm Đồng',
        fullName: 'Tỉnh Lâm Đồng',
        provinceId: '68',
        placeholder: true,
      },
    ]);
  });

  it('lists the wards of a province by the stand-in district or by the province', async () => {
    const byDistrict = await getJson<Ward[]>('/api/getWards?idDistrict=01');
    const byProvince = await getJson<Ward[]>('/api/getWards?idProvincial=1');
    expect(byDistrict).toEqual(byProvince);
    expect(byDistrict).toHaveLength(126);
    expect(byDistrict).toContainEqual({
      id: '00004',
      name: 'Ba Đình',
      fullName: 'Phường Ba Đình',
      unit: 'ward',
      provinceId: '01',
      districtId: '01',
    });
    expect(byDistrict.every((w) => w.provinceId === '01')).toBe(true);
    const names = byDistrict.map((w) => w.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('vi').compare));
  });

  it('knows communes and special zones, and filters wards without diacritics', async () => {
    const hcm = await getJson<Ward[]>('/api/getWards?idDistrict=79&filter=con dao');
    expect(hcm).toEqual([
      expect.objectContaining({ fullName: 'Đặc khu Côn Đảo', unit: 'special_zone' }),
    ]);
    const communes = await getJson<Ward[]>('/api/getWards?idProvincial=04');
    expect(new Set(communes.map((w) => w.unit))).toEqual(new Set(['commune', 'ward']));
  });

  it('lists the unit kinds with their counts', async () => {
    const units = await getJson<AddressUnit[]>('/api/getUnit');
    expect(Object.fromEntries(units.map((u) => [u.id, u.count]))).toEqual({
      city: 6,
      province: 28,
      ward: 687,
      commune: 2621,
      special_zone: 13,
    });
    expect(units.find((u) => u.id === 'commune')).toMatchObject({ level: 2, name: 'Xã' });
  });

  it('lets browsers keep the lists for a day', async () => {
    const res = await server.request('/api/getProvincial');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('refuses a missing or malformed id with 400 and a clear message', async () => {
    for (const path of [
      '/api/getDistrict',
      '/api/getDistrict?idProvincial=',
      '/api/getWards',
      '/api/getWards?idDistrict=null',
    ]) {
      const body = await getJson<ApiErrorBody>(path, 400);
      expect(body.error.code, path).toBe('validation_failed');
      expect(Object.values(body.error.fields ?? {}), path).toContain(
        'Please choose a province or city',
      );
    }
    const malformed = await getJson<ApiErrorBody>('/api/getWards?idDistrict=abc', 400);
    expect(malformed.error.fields).toEqual({ idDistrict: 'Invalid id' });
    const oldDistrict = await getJson<ApiErrorBody>('/api/getWards?idDistrict=760', 400);
    expect(oldDistrict.error.fields).toEqual({ idDistrict: 'Invalid id' });
    const longFilter = await getJson<ApiErrorBody>(
      `/api/getProvincial?filter=${'a'.repeat(101)}`,
      400,
    );
    expect(longFilter.error.fields).toEqual({ filter: 'Use at most 100 characters' });
    expect(longFilter.error.fieldCodes).toEqual({
      filter: { code: 'text_too_long', params: { max: 100 } },
    });
  });

  it('answers an unknown province with 404', async () => {
    for (const path of ['/api/getDistrict?idProvincial=02', '/api/getWards?idProvincial=99']) {
      const body = await getJson<ApiErrorBody>(path, 404);
      expect(body.error).toMatchObject({
        code: 'address_province_not_found',
        message: 'No such province or city',
      });
    }
    const vi = await server.request('/api/getWards?idDistrict=02');
    expect(await vi.json()).toMatchObject({
      error: { message: 'Không tìm thấy tỉnh/thành phố này' },
    });
  });
});
