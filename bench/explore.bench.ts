// Explore directory search (issue 16): the screen's search as you type over 5,000 companies,
// on the device, with no network. Prints `explore-search-p95-ms: N ms` — the 95th percentile of
// one keystroke's search (contract/agency.ts searchExplore over the index the screen builds
// once), several Vietnamese queries typed one character at a time with and without marks,
// alone and with a sector or province filter. The React render of the list is not in it.
import { performance } from 'node:perf_hooks';
import {
  exploreIndex,
  searchExplore,
  type ExploreCompany,
  type ExploreFilter,
} from '../contract/agency';
import type { Figure } from './run';

const companyCount = 5_000;
const words = ['Cà Phê', 'Nông Sản', 'Du Lịch', 'Công Nghệ', 'Hoa', 'Trà', 'Gốm', 'Dệt May', 'Gỗ'];
const places = ['Đà Lạt', 'Bảo Lộc', 'Di Linh', 'Đức Trọng', 'Lâm Hà', 'Đơn Dương'];
const sectors = ['Cà phê & đồ uống', 'Du lịch & lưu trú', 'Nông sản', 'Công nghệ', 'Thủ công'];
const provinces = ['Lâm Đồng', 'TP Hồ Chí Minh', 'Hà Nội', 'Khánh Hoà', 'Đắk Lắk', 'Đồng Nai'];

function companies(): ExploreCompany[] {
  return Array.from({ length: companyCount }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    agencyId: '00000000-0000-4000-8000-000000000000',
    name: `${words[i % words.length]} ${places[(i * 7) % places.length]} ${i}`,
    sector: sectors[i % sectors.length]!,
    province: provinces[(i * 3) % provinces.length]!,
    address: `${i % 300} Đường Trần Hưng Đạo, ${places[i % places.length]}`,
    phone: `0263 ${String(3_000_000 + i)}`,
    website: '',
    description: `Doanh nghiệp thành viên số ${i}, chuyên ${words[(i * 5) % words.length]!.toLowerCase()} chất lượng cao.`,
    cardUrl: '',
    ordinal: i,
  }));
}

const queries = ['cà phê đà lạt', 'ca phe da lat', 'công nghệ bảo lộc', 'trần hưng đạo 12', 'gốm'];

export async function run(): Promise<Figure[]> {
  const index = exploreIndex(companies());
  // Each query typed one character at a time, alone and with a sector or a province chosen.
  const filters: ExploreFilter[] = [];
  for (const [q, query] of queries.entries()) {
    for (const extra of [
      {},
      { sector: sectors[q % sectors.length] },
      { province: provinces[q % provinces.length] },
    ]) {
      for (let n = 1; n <= query.length; n++) filters.push({ query: query.slice(0, n), ...extra });
    }
  }
  // Warm-up: the JIT compiles the loop as it would after the first keystrokes on a phone.
  for (const f of filters.slice(0, 30)) searchExplore(index, f);
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    for (const f of filters) {
      const started = performance.now();
      searchExplore(index, f);
      times.push(performance.now() - started);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  times.sort((a, b) => a - b);
  const p95 = times[Math.floor(times.length * 0.95)] ?? 0;
  return [{ name: 'explore-search-p95-ms', value: Math.round(p95 * 100) / 100, unit: 'ms' }];
}
