// Support requests (decision 0901): a member's request lands once (REST and batch push share the
// handler), bad input is refused with a field message, only agency admins read the inbox.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import type { ApiErrorBody } from '../../contract/errors';
import type { SupportInboxItem } from '../../contract/support';
import type { PushResult } from '../../contract/sync';
import { startTestServer } from './test-server';

const server = await startTestServer({ demo: true });
const db = server.database.db;
let demo = '';
let staff = '';

async function token(email: string): Promise<string> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM members WHERE email = ${email}`,
  );
  return server.tokenFor(rows[0]!.id);
}

async function count(): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM support_requests`,
  );
  return Number(rows[0]!.n);
}

beforeAll(async () => {
  demo = await token('demo@mecards.vn');
  staff = await token('brand@mecards.vn');
});

describe('support requests', () => {
  it('a request sent twice (the same id) lands once and reaches the inbox', async () => {
    const id = randomUUID();
    const body = { id, topic: 'offline', message: 'Check-in không gửi được ở hội chợ' };
    const first = await server.request('/api/support', { method: 'POST', token: demo, json: body });
    expect(first.status).toBe(200);
    const push = await server.request('/api/sync/push', {
      method: 'POST',
      token: demo,
      json: { mutations: [{ id: randomUUID(), name: 'supportRequest.create', payload: body }] },
    });
    const { results } = (await push.json()) as { results: PushResult[] };
    expect(results[0]).toMatchObject({ status: 'applied' });
    const rows = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM support_requests WHERE id = ${id}`,
    );
    expect(Number(rows[0]!.n)).toBe(1);

    const inbox = await server.request('/api/support/inbox', { token: staff });
    expect(inbox.status).toBe(200);
    const items = (await inbox.json()) as SupportInboxItem[];
    expect(items.find((i) => i.id === id)).toMatchObject({
      message: 'Check-in không gửi được ở hội chợ',
      status: 'open',
    });
    const close = await server.request(`/api/support/close/${id}`, { method: 'PUT', token: staff });
    expect(close.status).toBe(200);
    const after = await queryRows<{ status: string }>(
      db,
      sql`SELECT status FROM support_requests WHERE id = ${id}`,
    );
    expect(after[0]!.status).toBe('closed');
  });

  it('refuses a blank message and an unknown topic with a message, and stores nothing', async () => {
    const before = await count();
    const blank = await server.request('/api/support', {
      method: 'POST',
      token: demo,
      json: { topic: 'share', message: '   ' },
    });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as ApiErrorBody).error.fields?.message).toBe(
      'Vui lòng mô tả vấn đề bạn cần hỗ trợ',
    );
    const topic = await server.request('/api/support', {
      method: 'POST',
      token: demo,
      json: { topic: 'billing', message: 'x' },
    });
    expect(topic.status).toBe(400);
    expect(((await topic.json()) as ApiErrorBody).error.fields?.topic).toBe(
      'Vui lòng chọn chủ đề cần hỗ trợ',
    );
    expect(await count()).toBe(before);
  });

  it('the inbox is 403 for a member who is not support staff, 401 without a login', async () => {
    expect((await server.request('/api/support/inbox', { token: demo })).status).toBe(403);
    expect((await server.request('/api/support/inbox')).status).toBe(401);
    const close = await server.request(`/api/support/close/${randomUUID()}`, {
      method: 'PUT',
      token: demo,
    });
    expect(close.status).toBe(403);
    const missing = await server.request(`/api/support/close/${randomUUID()}`, {
      method: 'PUT',
      token: staff,
    });
    expect(missing.status).toBe(404);
  });
});
