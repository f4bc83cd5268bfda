// The point form holds what the staffer types to the point.create schema's own limits, and
// applies the one deduction rule of contract/points.ts.
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { deductionRefusal, maxInvoiceValue, vndPerPoint } from '../../contract/points';
import { pointFormSchema } from '../../src/features/points/point-form';

const form = (
  fields: Partial<Record<'invoiceNumber' | 'invoiceValue' | 'deductedPoints' | 'note', string>>,
) =>
  v.safeParse(pointFormSchema, {
    invoiceNumber: 'HD-1',
    invoiceValue: '250.000',
    deductedPoints: '0',
    note: '',
    ...fields,
  });

const codeOf = (result: ReturnType<typeof form>, field: string) =>
  result.success ? undefined : result.issues.find((i) => v.getDotPath(i) === field)?.message;

describe('point form', () => {
  it('reads amounts typed with dot separators', () => {
    const result = form({ invoiceValue: '1.250.000', deductedPoints: '20' });
    expect(result.success && result.output).toMatchObject({
      invoiceNumber: 'HD-1',
      invoiceValue: 1_250_000,
      deductedPoints: 20,
    });
  });

  it('holds fields to the contract limits', () => {
    expect(codeOf(form({ invoiceNumber: ' ' }), 'invoiceNumber')).toBe('invoice_number_required');
    expect(codeOf(form({ invoiceNumber: 'x'.repeat(61) }), 'invoiceNumber')).toBe('too_long');
    expect(codeOf(form({ invoiceValue: '12a' }), 'invoiceValue')).toBe('invalid_number');
    expect(codeOf(form({ invoiceValue: String(maxInvoiceValue + 1) }), 'invoiceValue')).toBe(
      'invalid_number',
    );
    expect(form({ invoiceValue: String(maxInvoiceValue) }).success).toBe(true);
    expect(
      codeOf(form({ deductedPoints: String(maxInvoiceValue / vndPerPoint + 1) }), 'deductedPoints'),
    ).toBe('invalid_number');
    expect(codeOf(form({ note: 'n'.repeat(501) }), 'note')).toBe('too_long');
  });

  it('refuses a deduction worth more than the invoice, then one beyond the balance', () => {
    expect(deductionRefusal({ invoiceValue: 5_000, deductedPoints: 6 }, 100)).toEqual({
      code: 'points_exceed_invoice',
    });
    expect(deductionRefusal({ invoiceValue: 50_000, deductedPoints: 6 }, 5)).toEqual({
      code: 'points_insufficient',
      available: 5,
    });
    expect(deductionRefusal({ invoiceValue: 50_000, deductedPoints: 5 }, 5)).toBeNull();
    expect(deductionRefusal({ invoiceValue: 50_000, deductedPoints: 50 })).toBeNull();
  });
});
