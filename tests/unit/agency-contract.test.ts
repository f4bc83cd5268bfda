// The pure rules of decision 0810: report amounts and months, totals per month, discount
// validity and amount, and the explore search as you type.
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  associationReportFileSchema,
  monthTotals,
  type AssociationReport,
} from '../../contract/association-report';
import { discountAmount, discountRefusal } from '../../contract/discount';
import { exploreIndex, searchExplore, type ExploreCompany } from '../../contract/agency';

const groupId = '5b0f8d36-8c8b-4a55-9d7e-2a1f0a3e1c11';

describe('association report input', () => {
  it('reads dot thousands, MM/YYYY and market lists', () => {
    const out = v.parse(associationReportFileSchema, {
      groupId,
      month: '07/2026',
      turnover: '1.234.567',
      domesticRevenue: 1000,
      exportRevenue: '0',
      exportMarkets: 'Nhật Bản, Hàn Quốc,, Nhật Bản',
    });
    expect(out).toMatchObject({
      month: '2026-07-01',
      turnover: 1_234_567,
      exportMarkets: ['Nhật Bản', 'Hàn Quốc'],
    });
  });

  it('names negative and non-numeric amounts', () => {
    const result = v.safeParse(associationReportFileSchema, {
      groupId,
      month: '13/2026',
      turnover: '-5',
      domesticRevenue: 'abc',
      exportRevenue: -1,
    });
    expect(result.success).toBe(false);
    // The first issue of each field is the one shown (contract/field-messages.ts).
    const byField: Record<string, string> = {};
    for (const issue of result.issues ?? []) byField[v.getDotPath(issue) ?? ''] ??= issue.message;
    expect(byField).toMatchObject({
      month: 'invalid_month',
      turnover: 'negative_number',
      domesticRevenue: 'not_a_number',
      exportRevenue: 'negative_number',
    });
  });

  it('sums every group per month, oldest first', () => {
    const report = (month: string, turnover: number) =>
      ({ month, turnover, domesticRevenue: turnover, exportRevenue: 0 }) as AssociationReport;
    expect(
      monthTotals([report('2026-08-01', 5), report('2026-07-01', 1), report('2026-08-01', 7)]),
    ).toEqual([
      { month: '2026-07-01', groups: 1, turnover: 1, domesticRevenue: 1, exportRevenue: 0 },
      { month: '2026-08-01', groups: 2, turnover: 12, domesticRevenue: 12, exportRevenue: 0 },
    ]);
  });
});

describe('discounts', () => {
  const offer = { active: true, validFrom: '2026-01-01', validTo: '2026-01-31', deletedAt: null };
  it('is valid inside its window only, and only when on', () => {
    expect(discountRefusal(offer, '2026-01-15')).toBeNull();
    expect(discountRefusal(offer, '2025-12-31')).toBe('discount_not_started');
    expect(discountRefusal(offer, '2026-02-01')).toBe('discount_expired');
    expect(discountRefusal({ ...offer, active: false }, '2026-01-15')).toBe('discount_inactive');
  });
  it('takes whole VND off', () => {
    expect(discountAmount(150_000, 10)).toBe(15_000);
    expect(discountAmount(99_999, 15)).toBe(14_999);
  });
});

describe('explore search', () => {
  const company = (name: string, sector: string, province: string): ExploreCompany => ({
    id: name,
    agencyId: 'a',
    name,
    sector,
    province,
    address: '',
    phone: '',
    website: '',
    description: '',
    cardUrl: '',
    ordinal: 0,
  });
  const index = exploreIndex([
    company('Cà Phê Sương Mai', 'Cà phê', 'Lâm Đồng'),
    company('Cà Phê Mê Linh', 'Cà phê', 'Lâm Đồng'),
    company('Khách sạn Đồi Thông', 'Du lịch', 'Lâm Đồng'),
    company('Đà Lạt Tech', 'Công nghệ', 'TP Hồ Chí Minh'),
  ]);
  const names = (found: ExploreCompany[]) => found.map((c) => c.name);

  it('ignores marks and case, every word must match', () => {
    expect(names(searchExplore(index, { query: 'ca phe' }))).toEqual([
      'Cà Phê Sương Mai',
      'Cà Phê Mê Linh',
    ]);
    expect(names(searchExplore(index, { query: 'CA PHE suong' }))).toEqual(['Cà Phê Sương Mai']);
    expect(names(searchExplore(index, { query: 'da lat' }))).toEqual(['Đà Lạt Tech']);
  });

  it('narrows as the query grows and widens again when it shrinks or filters change', () => {
    for (const typed of ['c', 'ca', 'ca ', 'ca p', 'ca ph']) searchExplore(index, { query: typed });
    expect(names(searchExplore(index, { query: 'ca phe m' }))).toEqual([
      'Cà Phê Sương Mai',
      'Cà Phê Mê Linh',
    ]);
    expect(names(searchExplore(index, { query: 'ca phe me' }))).toEqual(['Cà Phê Mê Linh']);
    expect(searchExplore(index, { query: 'ca' })).toHaveLength(2);
    expect(names(searchExplore(index, { query: '', province: 'TP Hồ Chí Minh' }))).toEqual([
      'Đà Lạt Tech',
    ]);
    expect(names(searchExplore(index, { query: '', sector: 'Du lịch' }))).toEqual([
      'Khách sạn Đồi Thông',
    ]);
  });
});
