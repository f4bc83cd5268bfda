// A REST write and a sync push with missing or wrong-typed fields name each field with its
// specific message (decision 0025), never the generic "something went wrong".
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ApiErrorBody } from '../../contract/errors';
import { messages } from '../../contract/messages';
import type { PushResponse } from '../../contract/sync';
import { startTestServer } from './test-server';
import { entry, pointsCast } from './points-fixture';

const server = await startTestServer({ demo: true });
const cast = await pointsCast(server);

async function orderPoint(json: unknown, lang: 'vi' | 'en' = 'vi'): Promise<ApiErrorBody> {
  const res = await server.request('/api/orderPoint', {
    method: 'POST',
    token: cast.staff.token,
    json,
    headers: { 'accept-language': lang },
  });
  expect(res.status).toBe(400);
  return (await res.json()) as ApiErrorBody;
}

describe('REST field messages', () => {
  it('POST /orderPoint with {} names every required field, in vi and en', async () => {
    const vi = (await orderPoint({})).error;
    expect(vi.code).toBe('validation_failed');
    expect(vi.fields).toEqual({
      id: 'Vui lòng nhập thông tin',
      sellerGroupId: 'Vui lòng nhập thông tin',
      buyerMemberId: 'Vui lòng nhập thông tin',
      invoiceNumber: 'Vui lòng nhập số hoá đơn',
      invoiceValue: 'Vui lòng nhập thông tin',
    });
    expect(vi.fieldCodes).toMatchObject({
      id: { code: 'required' },
      invoiceNumber: { code: 'invoice_number_required' },
      invoiceValue: { code: 'required' },
    });
    const en = (await orderPoint({}, 'en')).error;
    expect(en.fields?.invoiceNumber).toBe('Please enter the invoice number');
    expect(en.fields?.invoiceValue).toBe('Please enter the details');
    for (const text of [...Object.values(vi.fields ?? {}), ...Object.values(en.fields ?? {})]) {
      expect([messages.generic.vi, messages.generic.en]).not.toContain(text);
    }
  });

  it('POST /orderPoint with invoiceValue "abc" says it is not a number', async () => {
    const body = (await orderPoint(entry(cast, { invoiceValue: 'abc' }))).error;
    expect(body.fields).toEqual({ invoiceValue: 'Vui lòng nhập một số' });
    expect(body.fieldCodes).toEqual({ invoiceValue: { code: 'not_a_number' } });
    const en = (await orderPoint(entry(cast, { invoiceValue: 'abc' }), 'en')).error;
    expect(en.fields).toEqual({ invoiceValue: 'Please enter a number' });
  });

  it('carries the bound of a limit', async () => {
    const body = (await orderPoint(entry(cast, { invoiceNumber: 'x'.repeat(61) }), 'en')).error;
    expect(body.fields).toEqual({ invoiceNumber: 'Use at most 60 characters' });
    expect(body.fieldCodes).toEqual({
      invoiceNumber: { code: 'text_too_long', params: { max: 60 } },
    });
  });
});

describe('sync push field messages', () => {
  it('rejects an entry with a missing field with its specific message; the rest applies', async () => {
    const { invoiceValue: _missing, ...withoutValue } = entry(cast);
    const ok = entry(cast, { invoiceValue: 20_000 });
    const res = await server.request('/api/sync/push', {
      method: 'POST',
      token: cast.staff.token,
      json: {
        mutations: [
          { id: randomUUID(), name: 'point.create', payload: withoutValue },
          { id: randomUUID(), name: 'point.create', payload: ok },
        ],
      },
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as PushResponse;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'applied']);
    expect(results[0]).toMatchObject({
      code: 'validation_failed',
      httpStatus: 400,
      fields: { invoiceValue: 'Please enter the details' },
      fieldCodes: { invoiceValue: { code: 'required' } },
    });
  });
});
