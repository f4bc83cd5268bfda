import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import { seedDemoPoints } from '../../server/seed/demo-points';
import type { MemberPointAnswer, Page, PointEntry, DayTotals } from '../../contract/points';
import type { ApiErrorBody } from '../../contract/errors';
import { createTestServer, startTestServer } from './test-server';
import { csvOf, entry, pointsCast } from './points-fixture';

const server = await startTestServer({ demo: true });
const cast = await pointsCast(server);

async function balance(memberId = cast.demo.id, token = cast.staff.token): Promise<number> {
  const res = await server.request(
    `/api/members/getMemberPoint/${memberId}?groupId=${cast.brandId}`,
    {
      token,
    },
  );
  expect(res.status).toBe(200);
  const body = (await res.json()) as MemberPointAnswer;
  return body.groups[0]?.balance ?? 0;
}

async function entryCount(where = sql`TRUE`): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    server.database.db,
    sql`SELECT count(*)::int AS n FROM point_entries WHERE ${where}`,
  );
  return rows[0]?.n ?? 0;
}

describe('points ledger', () => {
  it('starts from the seeded demo entries (750 points) and seeds only once', async () => {
    expect(await balance()).toBe(750);
    expect(await seedDemoPoints(server.database.db)).toBe(false);
    expect(await entryCount()).toBe(3);
  });

  it('charges value − deducted × 1000 and earns floor(paid / 1000) points on that', async () => {
    const before = await balance();
    const res = await server.request('/api/orderPoint', {
      method: 'POST',
      token: cast.staff.token,
      json: entry(cast, { invoiceValue: 345_678, deductedPoints: 50 }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as PointEntry;
    expect(body).toMatchObject({
      accumulatedPoints: 295,
      deductedPoints: 50,
      paymentAmount: 295_678,
      staffMemberId: cast.staff.id,
      buyerName: 'Nguyễn Thị Minh Anh',
    });
    expect(await balance()).toBe(before + 295 - 50);
  });

  it('accepts form-urlencoded bodies as the spec posts them', async () => {
    const res = await server.request('/api/orderPoint', {
      method: 'POST',
      token: cast.staff.token,
      form: {
        id: randomUUID(),
        sellerGroupId: cast.brandId,
        buyerMemberId: cast.demo.id,
        invoiceNumber: 'HD-FORM',
        invoiceValue: '999',
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ accumulatedPoints: 0, paymentAmount: 999 });
  });

  it("uses the group's rate, and only an admin may set other points", async () => {
    await server.database.db.execute(
      sql`UPDATE groups SET points_per_thousand = 3 WHERE id = ${cast.brandId}`,
    );
    try {
      const res = await server.request('/api/orderPoint', {
        method: 'POST',
        token: cast.staff.token,
        json: entry(cast, { invoiceValue: 10_500 }),
      });
      expect(((await res.json()) as PointEntry).accumulatedPoints).toBe(30);
    } finally {
      await server.database.db.execute(
        sql`UPDATE groups SET points_per_thousand = 1 WHERE id = ${cast.brandId}`,
      );
    }
    const bySeller = await server.request('/api/orderPoint', {
      method: 'POST',
      token: cast.staff.token,
      json: entry(cast, { accumulatedPoints: 5000 }),
    });
    expect(bySeller.status).toBe(403);
    expect(((await bySeller.json()) as ApiErrorBody).error.code).toBe('points_override_admin_only');
    const byAdmin = await server.request('/api/orderPoint', {
      method: 'POST',
      token: cast.admin.token,
      json: entry(cast, { accumulatedPoints: 7 }),
    });
    expect(byAdmin.status).toBe(200);
    expect(((await byAdmin.json()) as PointEntry).accumulatedPoints).toBe(7);
  });

  it('refuses a deduction above the balance with the available points, in vi and en', async () => {
    const available = await balance();
    const rows = await entryCount();
    const payload = entry(cast, { invoiceValue: 10_000_000, deductedPoints: available + 1 });
    const res = await server.request('/api/orderPoint', {
      method: 'POST',
      token: cast.staff.token,
      json: payload,
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as ApiErrorBody;
    const shown = available.toLocaleString('de-DE');
    expect(body.error.code).toBe('points_insufficient');
    expect(body.error.message).toBe(`Không đủ điểm để trừ: thành viên chỉ còn ${shown} điểm`);
    expect(body.error.params).toEqual({ available });
    expect(body.error.fields).toHaveProperty('deductedPoints');
    const en = await server.request('/api/orderPoint', {
      method: 'POST',
      token: cast.staff.token,
      json: { ...payload, id: randomUUID() },
      headers: { 'accept-language': 'en' },
    });
    expect(((await en.json()) as ApiErrorBody).error.message).toContain(
      `has only ${shown} points left`,
    );
    expect(await entryCount()).toBe(rows);
    // Exactly the balance is fine and leaves zero.
    const exact = await server.request('/api/orderPoint', {
      method: 'POST',
      token: cast.staff.token,
      json: { ...payload, id: randomUUID(), deductedPoints: available },
    });
    expect(exact.status).toBe(200);
    expect(await balance()).toBe(((await exact.json()) as PointEntry).accumulatedPoints);
  });

  it('refuses a deduction worth more than the invoice', async () => {
    const res = await server.request('/api/orderPoint', {
      method: 'POST',
      token: cast.staff.token,
      json: entry(cast, { invoiceValue: 5_000, deductedPoints: 6 }),
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as ApiErrorBody).error.code).toBe('points_exceed_invoice');
  });

  it('never lets two concurrent deductions overdraw a balance', async () => {
    await server.request('/api/orderPoint', {
      method: 'POST',
      token: cast.staff.token,
      json: entry(cast, { invoiceValue: 1_000_000 }),
    });
    const available = await balance();
    const half = Math.floor(available / 2) + 1;
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        server.request('/api/orderPoint', {
          method: 'POST',
          // Earning nothing on these invoices (admin override) isolates the deductions.
          token: cast.admin.token,
          json: entry(cast, {
            invoiceValue: 100_000_000,
            accumulatedPoints: 0,
            deductedPoints: half,
          }),
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(await balance()).toBeGreaterThanOrEqual(0);
  });

  it('applies a replayed entry once, whatever the key', async () => {
    const payload = entry(cast, { invoiceValue: 77_000 });
    const key = randomUUID();
    const send = (k: string) =>
      server.request('/api/orderPoint', {
        method: 'POST',
        token: cast.staff.token,
        json: payload,
        headers: { 'idempotency-key': k },
      });
    const first = await send(key);
    const again = await send(key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(await first.json());
    const otherKey = await send(randomUUID());
    expect(otherKey.status).toBe(200);
    expect(await entryCount(sql`id = ${payload.id as string}`)).toBe(1);
    const altered = await server.request('/api/orderPoint', {
      method: 'POST',
      token: cast.staff.token,
      json: { ...payload, invoiceValue: 78_000 },
    });
    expect(altered.status).toBe(409);
    const reused = await server.request('/api/orderPoint', {
      method: 'POST',
      token: cast.staff.token,
      json: { ...payload, id: randomUUID() },
      headers: { 'idempotency-key': key },
    });
    expect(reused.status).toBe(422);
  });

  it('takes queued entries through the batch push once each, refusals with their reason', async () => {
    const ok = entry(cast, { invoiceValue: 50_000 });
    const tooMuch = entry(cast, { invoiceValue: 1_000_000_000, deductedPoints: 999_999 });
    const mutations = [
      { id: randomUUID(), name: 'point.create', payload: ok },
      { id: randomUUID(), name: 'point.create', payload: tooMuch },
    ];
    const push = () =>
      server.request('/api/sync/push', {
        method: 'POST',
        token: cast.staff.token,
        json: { mutations },
      });
    const first = (await (await push()).json()) as {
      results: { status: string; code?: string; message?: string }[];
    };
    expect(first.results.map((r) => r.status)).toEqual(['applied', 'rejected']);
    expect(first.results[1]).toMatchObject({ code: 'points_insufficient' });
    expect(first.results[1]?.message).toMatch(
      /^Không đủ điểm để trừ: thành viên chỉ còn [\d.]+ điểm$/,
    );
    const again = (await (await push()).json()) as { results: { status: string }[] };
    expect(again.results[0]?.status).toBe('applied');
    expect(await entryCount(sql`id = ${ok.id as string}`)).toBe(1);
    expect(await entryCount(sql`id = ${tooMuch.id as string}`)).toBe(0);
  });

  it('applies a run of entries at once, and falls back one by one around a refusal', async () => {
    const start = await balance();
    const ok = (value: number, deducted = 0) =>
      entry(cast, { invoiceValue: value, deductedPoints: deducted });
    const batch = [ok(10_000), ok(20_000, 5), ok(30_000), ok(40_000, 40)];
    const push = async (payloads: Record<string, unknown>[]) => {
      const res = await server.request('/api/sync/push', {
        method: 'POST',
        token: cast.staff.token,
        json: {
          mutations: payloads.map((payload) => ({
            id: randomUUID(),
            name: 'point.create',
            payload,
          })),
        },
      });
      return (
        (await res.json()) as { results: { status: string; code?: string; result?: PointEntry }[] }
      ).results;
    };
    const results = await push(batch);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect(results[1]?.result).toMatchObject({ accumulatedPoints: 15, paymentAmount: 15_000 });
    expect(await balance()).toBe(start + 10 + 15 + 30 + 0 - 5 - 40);
    // The second spends what only the first could give: refused exactly as one by one would.
    const now = await balance();
    const mixed = [ok(5_000), ok((now + 6) * 1000, now + 6), ok((now + 5) * 1000, now + 5)];
    const second = await push(mixed);
    expect(second.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied']);
    expect(second[1]?.code).toBe('points_insufficient');
    // The third is paid in full with points and earns nothing: it spends the balance to zero.
    expect(await balance()).toBe(0);
    expect(await entryCount(sql`id = ${mixed[1]!.id as string}`)).toBe(0);
  });

  it('applies a booth’s long run 250 entries to a transaction, every entry once and in order', async () => {
    // A server taking the production body limit: 260 entries are more than the tests' 64 KB.
    const booth = await createTestServer({ demo: true, config: { bodyLimitBytes: 1024 * 1024 } });
    try {
      const people = await pointsCast(booth);
      const payloads = Array.from({ length: 260 }, (_, i) =>
        entry(people, { invoiceNumber: `RUN-${i}`, invoiceValue: 1_000 + i }),
      );
      const res = await booth.request('/api/sync/push', {
        method: 'POST',
        token: people.staff.token,
        json: {
          mutations: payloads.map((payload) => ({
            id: randomUUID(),
            name: 'point.create',
            payload,
          })),
        },
      });
      expect(res.status).toBe(200);
      const { results } = (await res.json()) as { results: { status: string }[] };
      expect(results.filter((r) => r.status === 'applied')).toHaveLength(260);
      const ids = sql.join(
        payloads.map((p) => sql`${p.id as string}`),
        sql`, `,
      );
      // Rows written by one transaction share its id (xmin): 250 in the first, 10 in the second.
      const runs = await queryRows<{ rows: number }>(
        booth.database.db,
        sql`SELECT count(*)::int AS rows FROM point_entries WHERE id IN (${ids})
          GROUP BY xmin::text ORDER BY min(change_seq)`,
      );
      expect(runs.map((r) => r.rows)).toEqual([250, 10]);
      // In the order sent: the change sequence follows the invoice numbers.
      const order = await queryRows<{ invoice_number: string }>(
        booth.database.db,
        sql`SELECT invoice_number FROM point_entries WHERE id IN (${ids}) ORDER BY change_seq`,
      );
      expect(order.map((r) => r.invoice_number)).toEqual(payloads.map((p) => p.invoiceNumber));
    } finally {
      await booth.close();
    }
  });

  it('answers a booth’s push with the rows as pulled, and leaves them out of that booth’s pull', async () => {
    type Change = { entity: string; row: { id: string } };
    type PullPage = { changes: Change[]; cursor: number; hasMore: boolean };
    const pull = async (cursor: number, clientId?: string): Promise<PullPage> => {
      const query = `cursor=${cursor}${clientId ? `&clientId=${clientId}` : ''}`;
      const res = await server.request(`/api/sync/pull?${query}`, { token: cast.staff.token });
      expect(res.status).toBe(200);
      return (await res.json()) as PullPage;
    };
    const start = (await pull(0)).cursor;
    const points = [entry(cast), entry(cast), entry(cast)];
    const checkIn = { id: randomUUID(), groupId: cast.brandId, memberId: cast.demo.id };
    const mutations = [
      ...points.map((payload) => ({ id: randomUUID(), name: 'point.create', payload })),
      { id: randomUUID(), name: 'checkin.create', payload: checkIn },
    ];
    const push = () =>
      server.request('/api/sync/push', {
        method: 'POST',
        token: cast.staff.token,
        json: { clientId: 'booth-1', mutations },
      });
    const first = await (await push()).text();
    const { results } = JSON.parse(first) as { results: { status: string; result: unknown }[] };
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    // A replay (the answer was lost) answers the same text, keys in the same order.
    expect(await (await push()).text()).toBe(first);
    // An entry logged at the counter (no device) after them: every device pulls that one.
    const counter = entry(cast);
    const rest = await server.request('/api/orderPoint', {
      method: 'POST',
      token: cast.staff.token,
      json: counter,
    });
    expect(rest.status).toBe(200);

    // Another device, or this one before it holds its own rows, pulls all five as answered.
    const all = await pull(start, 'phone-2');
    const pulled = new Map(all.changes.map((c) => [c.row.id, c.row]));
    for (const [n, payload] of [...points, checkIn].entries()) {
      expect(pulled.get(payload.id as string)).toEqual(results[n]!.result);
    }
    expect(pulled.has(counter.id as string)).toBe(true);
    expect((await pull(start)).changes).toHaveLength(all.changes.length);

    // The booth itself gets only the counter's entry.
    const own = await pull(start, 'booth-1');
    expect(own.changes.map((c) => c.row.id)).toEqual([counter.id]);
    expect(own.cursor).toBe(all.cursor);
    // With nothing after its own rows, the cursor still moves past them.
    const mine = entry(cast);
    await server.request('/api/sync/push', {
      method: 'POST',
      token: cast.staff.token,
      json: {
        clientId: 'booth-1',
        mutations: [{ id: randomUUID(), name: 'point.create', payload: mine }],
      },
    });
    const after = await pull(own.cursor, 'booth-1');
    expect(after.changes).toEqual([]);
    expect(after.cursor).toBeGreaterThan(own.cursor);
    expect((await pull(after.cursor, 'booth-1')).cursor).toBe(after.cursor);
    expect((await pull(own.cursor, 'phone-2')).changes.map((c) => c.row.id)).toEqual([mine.id]);
  });

  it('tells the buyer once per applied entry, naming group and staff, and not for a refusal', async () => {
    const now = await balance();
    const push = async (payloads: Record<string, unknown>[]) => {
      const mutations = payloads.map((payload) => ({
        id: randomUUID(),
        name: 'point.create',
        payload,
      }));
      const send = async () =>
        (
          (await (
            await server.request('/api/sync/push', {
              method: 'POST',
              token: cast.staff.token,
              json: { mutations },
            })
          ).json()) as { results: { status: string }[] }
        ).results.map((r) => r.status);
      const first = await send();
      // Delivered again (the answer was lost): nothing new is written or told.
      expect(await send()).toEqual(first);
      return first;
    };
    // A run applied at once, then a run with a refusal in it, applied one by one.
    const whole = [entry(cast, { invoiceValue: 5_000 }), entry(cast, { invoiceValue: 6_000 })];
    const mixed = [
      entry(cast, { invoiceValue: 7_000 }),
      entry(cast, { invoiceValue: (now + 50) * 1000, deductedPoints: now + 50 }),
      entry(cast, { invoiceValue: 8_000 }),
    ];
    expect(await push(whole)).toEqual(['applied', 'applied']);
    expect(await push(mixed)).toEqual(['applied', 'rejected', 'applied']);
    const ids = [...whole, ...mixed].map((p) => p.id as string);
    const told = await queryRows<{
      subject_id: string;
      member_id: string;
      kind: string;
      actor_member_id: string;
      actor_name: string;
      params: { points: number; group: string };
    }>(
      server.database.db,
      sql`SELECT subject_id, member_id, kind, actor_member_id, actor_name, params
        FROM notifications WHERE subject_id IN (${sql.join(ids, sql`, `)})
        ORDER BY params->>'points'`,
    );
    const [staff] = await queryRows<{ name: string }>(
      server.database.db,
      sql`SELECT name FROM members WHERE id = ${cast.staff.id}`,
    );
    const [group] = await queryRows<{ name: string }>(
      server.database.db,
      sql`SELECT name FROM groups WHERE id = ${cast.brandId}`,
    );
    const expected = (id: string | undefined, points: number) => ({
      subject_id: id,
      member_id: cast.demo.id,
      kind: 'points_added',
      actor_member_id: cast.staff.id,
      actor_name: staff!.name,
      params: { points, group: group!.name },
    });
    expect(told).toEqual([
      expected(ids[0], 5),
      expected(ids[1], 6),
      expected(ids[2], 7),
      expected(ids[4], 8),
    ]);
    expect(await entryCount(sql`id IN (${sql.join(ids, sql`, `)})`)).toBe(4);
  });

  it('clamps a few minutes of clock skew, refuses the future and entries past the offline window', async () => {
    const now = server.clock.now.getTime();
    const at = (offsetMs: number, lang = 'vi') =>
      server.request('/api/orderPoint', {
        method: 'POST',
        token: cast.staff.token,
        json: entry(cast, { recordedAt: new Date(now + offsetMs).toISOString() }),
        headers: { 'accept-language': lang },
      });
    const skewed = await at(4 * 60_000);
    expect(skewed.status).toBe(200);
    expect(((await skewed.json()) as PointEntry).recordedAt).toBe(server.clock.now.toISOString());

    const rows = await entryCount();
    const future = await at(86_400_000);
    expect(future.status).toBe(422);
    const futureBody = (await future.json()) as ApiErrorBody;
    expect(futureBody.error.code).toBe('recorded_in_future');
    expect(futureBody.error.fields).toHaveProperty('recordedAt');
    expect(futureBody.error.message).toBe(
      'Thời điểm ghi nhận nằm ở tương lai: hãy kiểm tra đồng hồ của thiết bị',
    );
    const old = await at(-31 * 86_400_000, 'en');
    expect(old.status).toBe(422);
    expect(((await old.json()) as ApiErrorBody).error.message).toBe(
      'This entry was recorded more than 30 days ago and can no longer be sent',
    );
    expect(await entryCount()).toBe(rows);
    // Within the window, an offline entry keeps its capture time.
    const offline = await at(-29 * 86_400_000);
    expect(offline.status).toBe(200);
    expect(((await offline.json()) as PointEntry).recordedAt).toBe(
      new Date(now - 29 * 86_400_000).toISOString(),
    );
  });

  it('totals order groups and statistics per day', async () => {
    const orderId = randomUUID();
    const create = await server.request('/api/orderGroup', {
      method: 'POST',
      token: cast.staff.token,
      json: {
        id: orderId,
        sellerGroupId: cast.brandId,
        buyerMemberId: cast.demo.id,
        title: 'Hội chợ',
      },
    });
    expect(create.status).toBe(200);
    for (const value of [200_000, 300_500]) {
      await server.request('/api/orderPoint', {
        method: 'POST',
        token: cast.staff.token,
        json: entry(cast, { invoiceValue: value, orderGroupId: orderId }),
      });
    }
    const rename = await server.request(`/api/orderGroup/${orderId}`, {
      method: 'PUT',
      token: cast.staff.token,
      json: {
        id: orderId,
        sellerGroupId: cast.brandId,
        buyerMemberId: cast.demo.id,
        title: 'Hội chợ Tết',
      },
    });
    expect(rename.status).toBe(200);
    const wrongPath = await server.request(`/api/orderGroup/${randomUUID()}`, {
      method: 'PUT',
      token: cast.staff.token,
      json: { id: orderId, sellerGroupId: cast.brandId, buyerMemberId: cast.demo.id },
    });
    expect(wrongPath.status).toBe(400);
    const list = await server.request(`/api/orderGroup/getOrderGroup?groupId=${cast.brandId}`, {
      token: cast.staff.token,
    });
    const page = (await list.json()) as Page<{
      id: string;
      title: string;
      entries: number;
      invoiceValue: number;
      accumulatedPoints: number;
    }>;
    expect(page.items.find((o) => o.id === orderId)).toMatchObject({
      title: 'Hội chợ Tết',
      entries: 2,
      invoiceValue: 500_500,
      accumulatedPoints: 500,
    });
    const own = await server.request(`/api/orderGroup/getOrderGroup?id=${orderId}`, {
      token: cast.demo.token,
    });
    expect(((await own.json()) as Page<unknown>).total).toBe(1);
    const stranger = await server.request(`/api/orderGroup/getOrderGroup?id=${orderId}`, {
      token: cast.outsider.token,
    });
    expect(((await stranger.json()) as Page<unknown>).total).toBe(0);

    const stats = await server.request(`/api/orderGroup/statistical?groupId=${cast.brandId}`, {
      token: cast.staff.token,
    });
    const days = (await stats.json()) as DayTotals[];
    const sum = await queryRows<{ n: number; inv: string }>(
      server.database.db,
      sql`SELECT count(*)::int AS n, SUM(invoice_value)::text AS inv FROM point_entries WHERE seller_group_id = ${cast.brandId}`,
    );
    expect(days.reduce((s, d) => s + d.entries, 0)).toBe(sum[0]?.n);
    expect(days.reduce((s, d) => s + d.invoiceValue, 0)).toBe(Number(sum[0]?.inv));
    expect(days[0]?.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('lets a member see their own points and history, and no one else’s', async () => {
    const own = await server.request(`/api/members/getMemberPoint/${cast.demo.id}`, {
      token: cast.demo.token,
    });
    expect(((await own.json()) as MemberPointAnswer).groups[0]?.groupName).toBe('Cà Phê Sương Mai');
    const byShortLink = await server.request(
      `/api/members/getMemberPoint/demo?groupId=${cast.brandId}`,
      {
        token: cast.staff.token,
      },
    );
    expect(((await byShortLink.json()) as MemberPointAnswer).memberId).toBe(cast.demo.id);
    const nosy = await server.request(
      `/api/members/getMemberPoint/${cast.demo.id}?groupId=${cast.brandId}`,
      { token: cast.outsider.token },
    );
    expect(nosy.status).toBe(403);
    const nosyAll = await server.request(`/api/members/getMemberPoint/${cast.demo.id}`, {
      token: cast.outsider.token,
    });
    expect(((await nosyAll.json()) as MemberPointAnswer).groups).toEqual([]);
    const log = await server.request('/api/orderGroup/logsOrder', { token: cast.demo.token });
    const entries = (await log.json()) as Page<PointEntry>;
    expect(entries.total).toBeGreaterThan(3);
    expect(entries.items.every((e) => e.buyerMemberId === cast.demo.id)).toBe(true);
    const points = await server.request('/api/orderGroup/getPoint', { token: cast.demo.token });
    expect(((await points.json()) as { balance: number }[])[0]?.balance).toBe(await balance());
  });
});

describe('points permissions', () => {
  const g = () => cast.brandId;
  const reads = (): [string, string][] => [
    ['get-minus-points', `/api/orderPoint/get-minus-points/${g()}`],
    ['exports-csv-minus-points', `/api/orderPoint/exports-csv-minus-points?groupId=${g()}`],
    ['statistical', `/api/orderGroup/statistical?groupId=${g()}`],
    ['exportPoint', `/api/orderGroup/exportPoint?groupId=${g()}`],
    ['getOrderGroup', `/api/orderGroup/getOrderGroup?groupId=${g()}`],
    ['exportOrderGroup', `/api/orderGroup/exportOrderGroup?groupId=${g()}`],
    ['og exports-csv-minus-points', `/api/orderGroup/exports-csv-minus-points?groupId=${g()}`],
    ['logsOrder', `/api/orderGroup/logsOrder?groupId=${g()}`],
    ['getPoint other', `/api/orderGroup/getPoint?memberId=${cast.demo.id}&groupId=${g()}`],
    ['get-add-points other', `/api/orderPoint/get-add-points/${cast.demo.id}?groupId=${g()}`],
    ['getMemberPoint other', `/api/members/getMemberPoint/${cast.demo.id}?groupId=${g()}`],
  ];

  it('answers every group read to its admins and sellers only', async () => {
    for (const [name, path] of reads()) {
      expect([name, (await server.request(path)).status]).toEqual([name, 401]);
      expect([name, (await server.request(path, { token: cast.outsider.token })).status]).toEqual([
        name,
        403,
      ]);
      expect([name, (await server.request(path, { token: cast.staff.token })).status]).toEqual([
        name,
        200,
      ]);
      expect([name, (await server.request(path, { token: cast.admin.token })).status]).toEqual([
        name,
        200,
      ]);
    }
    // The buyer is no staff of the brand: its ledger and exports stay closed to them.
    for (const [name, path] of reads().slice(0, 8)) {
      expect([name, (await server.request(path, { token: cast.demo.token })).status]).toEqual([
        name,
        403,
      ]);
    }
  });

  it('refuses points from non-staff, for oneself, or at a group one does not staff', async () => {
    const rows = await entryCount();
    const cases: [string, string, Record<string, unknown>, number][] = [
      ['no token', '', entry(cast), 401],
      ['buyer', cast.demo.token, entry(cast, { buyerMemberId: cast.outsider.id }), 403],
      ['outsider', cast.outsider.token, entry(cast), 403],
      ['other group', cast.staff.token, entry(cast, { sellerGroupId: cast.otherGroupId }), 403],
      ['self', cast.staff.token, entry(cast, { buyerMemberId: cast.staff.id }), 422],
      ['unknown buyer', cast.staff.token, entry(cast, { buyerMemberId: randomUUID() }), 404],
      ['bad value', cast.staff.token, entry(cast, { invoiceValue: -5 }), 400],
      ['no invoice number', cast.staff.token, entry(cast, { invoiceNumber: '  ' }), 400],
    ];
    for (const [name, token, json, status] of cases) {
      const res = await server.request(
        '/api/orderPoint',
        token ? { method: 'POST', token, json } : { method: 'POST', json },
      );
      expect([name, res.status]).toEqual([name, status]);
    }
    const orderGroup = await server.request('/api/orderGroup', {
      method: 'POST',
      token: cast.outsider.token,
      json: { id: randomUUID(), sellerGroupId: cast.brandId, buyerMemberId: cast.demo.id },
    });
    expect(orderGroup.status).toBe(403);
    expect(await entryCount()).toBe(rows);
  });

  it('shows a buyer their own earned points; staff need their group', async () => {
    const own = await server.request(`/api/orderPoint/get-add-points/${cast.demo.id}`, {
      token: cast.demo.token,
    });
    expect(own.status).toBe(200);
    const staffNoGroup = await server.request(`/api/orderPoint/get-add-points/${cast.demo.id}`, {
      token: cast.staff.token,
    });
    expect(staffNoGroup.status).toBe(403);
    const otherLog = await server.request(
      `/api/orderGroup/logsOrder?memberId=${cast.outsider.id}`,
      {
        token: cast.demo.token,
      },
    );
    expect(otherLog.status).toBe(403);
  });
});

describe('points CSV exports', () => {
  it('streams UTF-8 with BOM, Vietnamese headers, dot thousands and DD/MM/YYYY', async () => {
    const res = await server.request(`/api/orderGroup/exportPoint?groupId=${cast.brandId}`, {
      token: cast.admin.token,
    });
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="points.csv"');
    const { bytes, text } = await csvOf(res);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Ngày,Giờ,Số hoá đơn,Thành viên,Giá trị hoá đơn (VNĐ),Điểm tích luỹ,Điểm trừ,Thanh toán (VNĐ),Nhân viên,Ghi chú',
    );
    const hd1002 = lines.find((l) => l.includes('HD-1002'));
    expect(hd1002).toMatch(
      /^\d{2}\/\d{2}\/\d{4},\d{2}:\d{2},HD-1002,Nguyễn Thị Minh Anh,480\.000,480,0,480\.000,Trần Văn Bình,Hộp quà Tết$/,
    );
    expect(lines.length - 1).toBe(await entryCount(sql`seller_group_id = ${cast.brandId}`));
  });

  it('exports only the deductions as minus points, in English on request', async () => {
    const res = await server.request(
      `/api/orderPoint/exports-csv-minus-points?groupId=${cast.brandId}`,
      { token: cast.staff.token, headers: { 'accept-language': 'en' } },
    );
    const { text } = await csvOf(res);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]?.startsWith('Date,Time,Invoice number')).toBe(true);
    expect(lines.slice(1).every((l) => !/,0,[\d.]+,[^,]*,[^,]*$/.test(l))).toBe(true);
    expect(
      lines.some((l) => l.includes('HD-1003') && l.includes(',220.000,120,100,120.000,')),
    ).toBe(true);
  });

  it('exports order groups with their totals', async () => {
    const res = await server.request(`/api/orderGroup/exportOrderGroup?groupId=${cast.brandId}`, {
      token: cast.staff.token,
    });
    const { text } = await csvOf(res);
    expect(text).toContain('Đơn quà Tết cho đối tác,Nguyễn Thị Minh Anh,1,480.000,480,0,480.000');
  });

  it('keeps an invoice number or note written as a formula inert in the ledger export', async () => {
    const saved = await server.request('/api/orderPoint', {
      method: 'POST',
      token: cast.staff.token,
      json: entry(cast, { invoiceNumber: '=cmd|calc!A0', note: '@SUM(A1:A9)' }),
    });
    expect(saved.status).toBe(200);
    const res = await server.request(`/api/orderGroup/exportPoint?groupId=${cast.brandId}`, {
      token: cast.admin.token,
    });
    const { text } = await csvOf(res);
    const row = text.split('\r\n').find((l) => l.includes('cmd|calc'));
    expect(row).toMatch(/^\d{2}\/\d{2}\/\d{4},\d{2}:\d{2},'=cmd\|calc!A0,/);
    expect(row?.endsWith(",'@SUM(A1:A9)")).toBe(true);
  });

  it('keeps an order group title written as a formula inert in the order-group export', async () => {
    const created = await server.request('/api/orderGroup', {
      method: 'POST',
      token: cast.staff.token,
      json: {
        id: randomUUID(),
        sellerGroupId: cast.brandId,
        buyerMemberId: cast.demo.id,
        title: '=HYPERLINK("http://evil.example")',
      },
    });
    expect(created.status).toBe(200);
    const res = await server.request(`/api/orderGroup/exportOrderGroup?groupId=${cast.brandId}`, {
      token: cast.staff.token,
    });
    const { text } = await csvOf(res);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")",Nguyễn Thị Minh Anh,`);
    expect(text).not.toMatch(/(^|\n|,)"?=HYPERLINK/);
  });
});
