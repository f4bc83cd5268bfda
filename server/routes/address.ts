import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import {
  districtsQuerySchema,
  foldVietnamese,
  provincesQuerySchema,
  wardsQuerySchema,
  type AddressUnit,
  type District,
  type Province,
  type Ward,
  type WardUnit,
} from '../../contract/address';
import { ApiError } from '../http/errors';
import { readQuery } from '../http/input';
import type { AppDeps, AppEnv } from '../http/env';

// Units since 1 July 2025; source, licence and the mapping of the spec's three-level calls
// are in docs/decisions/0010-address-dataset.md.
interface Dataset {
  effectiveFrom: string;
  provinces: [id: string, code: string, name: string, unit: 'city' | 'province'][];
  wards: [id: string, name: string, provinceId: string][];
}

const wardPrefixes: [prefix: string, unit: WardUnit][] = [
  ['Phường ', 'ward'],
  ['Xã ', 'commune'],
  ['Đặc khu ', 'special_zone'],
];

interface Indexed<T> {
  item: T;
  folded: string;
}

function loadDataset() {
  const file = new URL('../data/vn-admin-units-2025.json', import.meta.url);
  const data = JSON.parse(readFileSync(file, 'utf8')) as Dataset;
  const collator = new Intl.Collator('vi');
  const provinces: Indexed<Province>[] = data.provinces.map(([id, code, rawName, unit]) => {
    const name = rawName.replace(/^(Thành phố|Tỉnh) /, '');
    const fullName = `${unit === 'city' ? 'Thành phố' : 'Tỉnh'} ${name}`;
    // The abbreviation matches too: people type "HCM" for Hồ Chí Minh.
    const folded = foldVietnamese(`${fullName} ${code}`);
    return { item: { id, code, name, fullName, unit }, folded };
  });
  provinces.sort((a, b) => collator.compare(a.item.name, b.item.name));
  const wardsByProvince = new Map<string, Indexed<Ward>[]>();
  for (const [id, fullName, provinceId] of data.wards) {
    const [prefix, unit] = wardPrefixes.find(([p]) => fullName.startsWith(p)) ?? ['', 'commune'];
    const ward: Ward = {
      id,
      name: fullName.slice(prefix.length),
      fullName,
      unit,
      provinceId,
      districtId: provinceId,
    };
    const list = wardsByProvince.get(provinceId) ?? [];
    list.push({ item: ward, folded: foldVietnamese(fullName) });
    wardsByProvince.set(provinceId, list);
  }
  for (const list of wardsByProvince.values()) {
    list.sort((a, b) => collator.compare(a.item.name, b.item.name));
  }
  const count = (unit: string) =>
    data.provinces.filter((p) => p[3] === unit).length +
    [...wardsByProvince.values()].flat().filter((w) => w.item.unit === unit).length;
  const units: AddressUnit[] = [
    {
      id: 'city',
      level: 1,
      name: 'Thành phố trực thuộc trung ương',
      nameEn: 'Centrally governed city',
      count: count('city'),
    },
    { id: 'province', level: 1, name: 'Tỉnh', nameEn: 'Province', count: count('province') },
    { id: 'ward', level: 2, name: 'Phường', nameEn: 'Ward', count: count('ward') },
    { id: 'commune', level: 2, name: 'Xã', nameEn: 'Commune', count: count('commune') },
    {
      id: 'special_zone',
      level: 2,
      name: 'Đặc khu',
      nameEn: 'Special zone',
      count: count('special_zone'),
    },
  ];
  return { provinces, wardsByProvince, units, effectiveFrom: data.effectiveFrom };
}

let dataset: ReturnType<typeof loadDataset> | undefined;
/** Loaded on first use so that start-up does not pay for it. */
const addressData = () => (dataset ??= loadDataset());

function matching<T>(list: Indexed<T>[], filter: string | undefined): T[] {
  const needle = filter ? foldVietnamese(filter) : '';
  return (needle ? list.filter((e) => e.folded.includes(needle)) : list).map((e) => e.item);
}

function provinceById(id: string): Province {
  const found = addressData().provinces.find((p) => p.item.id === id);
  if (!found) throw new ApiError(404, 'address_province_not_found');
  return found.item;
}

/** The lists change only with a new dataset (a new release), so browsers may keep them a day. */
function cacheable(c: Context<AppEnv>): void {
  c.header('Cache-Control', 'public, max-age=86400');
}

export function addressRoutes(_deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/getProvincial', (c) => {
    const { filter } = readQuery(c, provincesQuerySchema);
    cacheable(c);
    return c.json(matching(addressData().provinces, filter));
  });

  app.get('/getDistrict', (c) => {
    const { idProvincial } = readQuery(c, districtsQuerySchema);
    const province = provinceById(idProvincial);
    const district: District = {
      id: province.id,
      name: province.name,
      fullName: province.fullName,
      provinceId: province.id,
      placeholder: true,
    };
    cacheable(c);
    return c.json([district]);
  });

  app.get('/getWards', (c) => {
    const query = readQuery(c, wardsQuerySchema);
    const province = provinceById(query.idProvincial ?? query.idDistrict ?? '');
    cacheable(c);
    return c.json(matching(addressData().wardsByProvince.get(province.id) ?? [], query.filter));
  });

  app.get('/getUnit', (c) => {
    cacheable(c);
    return c.json(addressData().units);
  });

  return app;
}
