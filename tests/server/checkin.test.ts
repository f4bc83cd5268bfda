import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import type { CheckIn } from '../../contract/checkin';
import type { Page } from '../../contract/points';
import { startTestServer } from './test-server';
import { csvOf, pointsCast } from './points-fixture';

const server = await startTestServer({ demo: true });
const cast = await pointsCast(server);

const minutes = (n: number) => n * 60_000;
const base = Date.now() - minutes(24 * 60);

function checkIn(at: number, overrides: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    groupId: cast.brandId,
    memberId: cast.demo.id,
    checkedInAt: new Date(at).toISOString(),
    ...overrides,
  };
}

async function post(json: Record<string, unknown>, token = cast.staff.token, key?: string) {
  return server.request('/api/logsCheckIn', {
    method: 'POST',
    token,
    json,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}

async function rows(): Promise<number> {
  const r = await queryRows<{ n: number }>(
    server.database.db,
    sql`SELECT count(*)::int AS n FROM check_ins`,
  );
  return r[0]?.n ?? 0;
}

describe('check-ins', () => {
  it('records a visit and flags a repeat within 10 minutes, not after', async () => {
    const first = await post(checkIn(base));
    expect(first.status).toBe(200);
    const firstBody = (await first.json()) as CheckIn;
    expect(firstBody).toMatchObject({
      duplicateOf: null,
      memberName: 'Nguyễn Thị Minh Anh',
      staffName: 'Trần Văn Bình',
      groupName: 'Cà Phê Sương Mai',
    });
    const repeat = (await (await post(checkIn(base + minutes(4)))).json()) as CheckIn;
    expect(repeat.duplicateOf).toBe(firstBody.id);
    // An offline device's earlier tap arriving late is flagged against the visit it repeats.
    const lateEarlier = (await (await post(checkIn(base - minutes(3)))).json()) as CheckIn;
    expect(lateEarlier.duplicateOf).toBe(firstBody.id);
    const later = (await (await post(checkIn(base + minutes(30)))).json()) as CheckIn;
    expect(later.duplicateOf).toBeNull();
    const elsewhere = await post(checkIn(base + minutes(5), { groupId: cast.otherGroupId }));
    expect(elsewhere.status).toBe(403);
  });

  it('flags repeats inside one pushed batch as one by one would', async () => {
    const at = base + minutes(600);
    const batch = [
      checkIn(at),
      checkIn(at + minutes(3)),
      checkIn(at + minutes(25)),
      checkIn(at + minutes(26)),
    ];
    const res = await server.request('/api/sync/push', {
      method: 'POST',
      token: cast.staff.token,
      json: {
        mutations: batch.map((payload) => ({ id: randomUUID(), name: 'checkin.create', payload })),
      },
    });
    const results = ((await res.json()) as { results: { status: string; result: CheckIn }[] })
      .results;
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect(results.map((r) => r.result.duplicateOf)).toEqual([
      null,
      batch[0]!.id,
      null,
      batch[2]!.id,
    ]);
  });

  it('keeps one row for a replayed check-in', async () => {
    const payload = checkIn(base + minutes(120));
    const key = randomUUID();
    const before = await rows();
    const a = await post(payload, cast.staff.token, key);
    const b = await post(payload, cast.staff.token, key);
    const c = await post(payload, cast.staff.token, randomUUID());
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(await b.json()).toEqual(await a.json());
    expect(await rows()).toBe(before + 1);
  });

  it('refuses check-ins from anyone but the group’s staff, and of oneself', async () => {
    const before = await rows();
    expect((await post(checkIn(base), cast.demo.token)).status).toBe(403);
    expect((await post(checkIn(base), cast.outsider.token)).status).toBe(403);
    expect((await post(checkIn(base, { memberId: cast.staff.id }))).status).toBe(422);
    expect((await post(checkIn(base, { memberId: randomUUID() }))).status).toBe(404);
    expect((await post(checkIn(base, { groupId: 'x' }))).status).toBe(400);
    // A device time in the future (beyond 5 minutes of skew) or past the offline window.
    const now = server.clock.now.getTime();
    for (const [offset, code] of [
      [minutes(6), 'recorded_in_future'],
      [-minutes(31 * 24 * 60), 'recorded_too_old'],
    ] as const) {
      const res = await post(checkIn(now + offset));
      expect(res.status).toBe(422);
      const body = (await res.json()) as { error: { code: string; fields: object } };
      expect(body.error.code).toBe(code);
      expect(body.error.fields).toHaveProperty('checkedInAt');
    }
    const anonymous = await server.request('/api/logsCheckIn', {
      method: 'POST',
      json: checkIn(base),
    });
    expect(anonymous.status).toBe(401);
    expect((await post(checkIn(base), cast.admin.token)).status).toBe(200);
    expect(await rows()).toBe(before + 1);
  });

  it('shows a member their own history and staff their group’s logs', async () => {
    const own = await server.request('/api/logsCheckIn/getHistory', { token: cast.demo.token });
    const ownPage = (await own.json()) as Page<CheckIn>;
    expect(ownPage.total).toBeGreaterThanOrEqual(3);
    expect(ownPage.items.every((i) => i.memberId === cast.demo.id)).toBe(true);
    const asStaff = await server.request(`/api/logsCheckIn?groupId=${cast.brandId}`, {
      token: cast.staff.token,
    });
    expect(((await asStaff.json()) as Page<CheckIn>).total).toBe(await rows());
    const paths = [
      `/api/logsCheckIn?groupId=${cast.brandId}`,
      `/api/logsCheckIn/getHistory?groupId=${cast.brandId}`,
      `/api/logsCheckIn/exportCSV?groupId=${cast.brandId}`,
      `/api/logsCheckIn/exportLogsCSV?groupId=${cast.brandId}`,
    ];
    for (const path of paths) {
      expect([path, (await server.request(path)).status]).toEqual([path, 401]);
      for (const token of [cast.demo.token, cast.outsider.token]) {
        expect([path, (await server.request(path, { token })).status]).toEqual([path, 403]);
      }
      const ok = await server.request(path, { token: cast.admin.token });
      expect([path, ok.status]).toEqual([path, 200]);
      await ok.arrayBuffer();
    }
    const othersHistory = await server.request(
      `/api/logsCheckIn/getHistory?memberId=${cast.outsider.id}`,
      { token: cast.demo.token },
    );
    expect(othersHistory.status).toBe(403);
  });

  it('exports the logs and a per-member summary as CSV with BOM', async () => {
    const logs = await csvOf(
      await server.request(`/api/logsCheckIn/exportLogsCSV?groupId=${cast.brandId}`, {
        token: cast.staff.token,
      }),
    );
    expect([...logs.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = logs.text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Ngày,Giờ,Thành viên,Nhân viên,Trùng lặp,Ghi chú');
    expect(lines.length - 1).toBe(await rows());
    // The repeat, the late earlier tap, the admin's second tap and two repeats of the batch.
    expect(lines.filter((l) => l.includes(',Có,'))).toHaveLength(5);
    expect(lines[1]).toMatch(/^\d{2}\/\d{2}\/\d{4},\d{2}:\d{2},Nguyễn Thị Minh Anh,Trần Văn Bình,/);
    const summary = await csvOf(
      await server.request(`/api/logsCheckIn/exportCSV?groupId=${cast.brandId}`, {
        token: cast.staff.token,
      }),
    );
    const summaryLines = summary.text.slice(1).trim().split('\r\n');
    expect(summaryLines[0]).toBe('Thành viên,Số lần check-in,Lần đầu,Lần gần nhất');
    const nonDuplicates = (await rows()) - 5;
    expect(summaryLines[1]).toMatch(
      new RegExp(
        `^Nguyễn Thị Minh Anh,${nonDuplicates},\\d{2}/\\d{2}/\\d{4},\\d{2}/\\d{2}/\\d{4}$`,
      ),
    );
  });

  it('keeps a note written as a formula inert in the check-in log export', async () => {
    const saved = await post(checkIn(Date.now(), { note: '-2+cmd|calc' }));
    expect(saved.status).toBe(200);
    const logs = await csvOf(
      await server.request(`/api/logsCheckIn/exportLogsCSV?groupId=${cast.brandId}`, {
        token: cast.staff.token,
      }),
    );
    const row = logs.text.split('\r\n').find((l) => l.includes('cmd|calc'));
    expect(row?.endsWith(",'-2+cmd|calc")).toBe(true);
  });
});
