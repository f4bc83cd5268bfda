// Tracking read side and dashboards (decision 0910): events land in the daily rollups as they are
// written (views, visitors once per day, saves, clicks per link, referrer, UTM, device), the
// dashboards read them per day/week/month with the previous period, a brand sees its members
// ranked and its points per day; bad ranges are refused with a message, others' dashboards 403.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import type { ApiErrorBody } from '../../contract/errors';
import type { BrandStatsReport, MemberStatsReport } from '../../contract/statistics';
import { purgeOldTracking } from '../../server/stats/tracking-record';
import { vietnamDay } from '../../contract/vietnam-time';
import { startTestServer } from './test-server';

const server = await startTestServer({ config: { trustProxy: true } });
const db = server.database.db;

const ids = {
  owner: crypto.randomUUID(),
  colleague: crypto.randomUUID(),
  admin: crypto.randomUUID(),
  stranger: crypto.randomUUID(),
  brand: crypto.randomUUID(),
};
const tokens = { owner: '', colleague: '', admin: '', stranger: '' };
// A fixed clock: 10:00 in Vietnam on 15/03/2026.
const today = '2026-03-15';

beforeAll(async () => {
  server.clock.now = new Date('2026-03-15T03:00:00Z');
  for (const name of ['owner', 'colleague', 'admin', 'stranger'] as const) {
    await queryRows(
      db,
      sql`INSERT INTO members (id, name, url_minify) VALUES (${ids[name]}, ${`Người ${name}`}, ${`s-${name}`})`,
    );
    tokens[name] = await server.tokenFor(ids[name]);
  }
  await queryRows(
    db,
    sql`INSERT INTO groups (id, name, url_minify) VALUES (${ids.brand}, 'Trà Mộc', 'tra-moc-s')`,
  );
  await queryRows(
    db,
    sql`INSERT INTO group_members (group_id, member_id, role) VALUES
      (${ids.brand}, ${ids.admin}, 'admin'), (${ids.brand}, ${ids.owner}, 'member'),
      (${ids.brand}, ${ids.colleague}, 'seller')`,
  );
});

let ipCounter = 0;
async function track(
  body: Record<string, unknown>,
  options: { cookie?: string; userAgent?: string } = {},
): Promise<Response> {
  ipCounter += 1;
  const res = await server.request('/api/tracking/action', {
    method: 'POST',
    headers: {
      'x-forwarded-for': `203.0.113.${ipCounter % 250}`,
      'user-agent': options.userAgent ?? 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148',
      host: 'cards.test',
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    json: body,
  });
  return res;
}

function cookieOf(res: Response): string {
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

async function memberStats(
  memberId: string,
  token: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return server.request(`/api/dashboard/member/${memberId}`, {
    method: 'POST',
    token,
    json: body,
    headers,
  });
}

describe('tracking rollups', () => {
  it('counts a visit: 1 view, 1 visitor, clicks per link, 1 save, referrer, utm and device', async () => {
    const view = await track({
      action: 'view',
      value: 'http://cards.test/me/s-owner',
      memberId: ids.owner,
      referrer: 'https://www.facebook.com/some/post?x=1',
      utm: 'Zalo',
    });
    expect(view.status).toBe(201);
    const cookie = cookieOf(view);
    for (const [action, value] of [
      ['link', 'https://shop.example/a'],
      ['tap_phone', '0901234567'],
      ['link', 'https://shop.example/a'],
      ['save_contact', 's-owner'],
    ]) {
      expect((await track({ action, value, memberId: ids.owner }, { cookie })).status).toBe(201);
    }
    // A second visitor on a desktop, coming straight in; a visit to the colleague's card.
    await track(
      { action: 'view', value: 'http://cards.test/me/s-owner', memberId: ids.owner },
      { userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130' },
    );
    await track({ action: 'view', value: 'x', memberId: ids.colleague });

    const res = await memberStats(ids.owner, tokens.owner, { from: today, to: today });
    expect(res.status).toBe(200);
    const report = (await res.json()) as MemberStatsReport;
    expect(report.totals).toEqual({ views: 2, visitors: 2, saves: 1, clicks: 3 });
    expect(report.links).toEqual([
      { action: 'link', value: 'https://shop.example/a', clicks: 2 },
      { action: 'tap_phone', value: '0901234567', clicks: 1 },
    ]);
    expect(report.referrers).toEqual(
      expect.arrayContaining([
        { name: 'facebook.com', count: 1 },
        { name: '', count: 1 },
      ]),
    );
    expect(report.utmSources).toEqual([{ name: 'zalo', count: 1 }]);
    expect(report.devices).toEqual(
      expect.arrayContaining([
        { name: 'mobile', count: 1 },
        { name: 'desktop', count: 1 },
      ]),
    );
    expect(report.series).toEqual([{ start: today, views: 2, visitors: 2, saves: 1, clicks: 3 }]);
    expect(report.member.name).toBe('Người owner');

    // The raw rows keep the host only, never the address or the full referrer.
    const raw = await queryRows<{ referrer_host: string | null; device: string }>(
      db,
      sql`SELECT referrer_host, device FROM tracking_events WHERE member_id = ${ids.owner} AND action = 'view'`,
    );
    expect(raw.map((r) => r.referrer_host).sort()).toEqual(['facebook.com', null]);
    const dump = JSON.stringify(await db.execute(sql`SELECT * FROM tracking_events`));
    expect(dump).not.toContain('203.0.113.');
    expect(dump).not.toContain('some/post');
  });

  it('counts events that arrive together exactly as one by one (one statement for many)', async () => {
    const busy = crypto.randomUUID();
    await queryRows(
      db,
      sql`INSERT INTO members (id, name, url_minify) VALUES (${busy}, 'Thẻ đông khách', 's-busy')`,
    );
    const token = await server.tokenFor(busy);
    const page = 'http://cards.test/me/s-busy';
    // Five visitors, each known by its cookie after a first view.
    const cookies: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const first = await track({ action: 'view', value: page, memberId: busy, utm: 'qr' });
      expect(first.status).toBe(201);
      cookies.push(cookieOf(first));
    }
    // Then 40 at once: each visitor views 4 more times, taps two links 3 times, saves once.
    const answers = await Promise.all(
      cookies.flatMap((cookie) => [
        ...Array.from({ length: 4 }, () =>
          track({ action: 'view', value: page, memberId: busy, utm: 'qr' }, { cookie }),
        ),
        ...['a', 'b', 'a'].map((link) =>
          track(
            { action: 'link', value: `https://shop.example/${link}`, memberId: busy },
            { cookie },
          ),
        ),
        track({ action: 'save_contact', value: 's-busy', memberId: busy }, { cookie }),
      ]),
    );
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 201));
    const report = (await (
      await memberStats(busy, token, { from: today, to: today })
    ).json()) as MemberStatsReport;
    expect(report.totals).toEqual({ views: 25, visitors: 5, saves: 5, clicks: 15 });
    expect(report.links).toEqual([
      { action: 'link', value: 'https://shop.example/a', clicks: 10 },
      { action: 'link', value: 'https://shop.example/b', clicks: 5 },
    ]);
    expect(report.utmSources).toEqual([{ name: 'qr', count: 25 }]);
    const [raw] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM tracking_events WHERE member_id = ${busy}`,
    );
    expect(raw!.n).toBe(45);
  });

  it('holds one address to its limit when its requests arrive together', async () => {
    const card = crypto.randomUUID();
    await queryRows(
      db,
      sql`INSERT INTO members (id, name, url_minify) VALUES (${card}, 'Thẻ bị dội', 's-flood')`,
    );
    const answers = await Promise.all(
      Array.from({ length: 70 }, () =>
        server.request('/api/tracking/action', {
          method: 'POST',
          headers: { 'x-forwarded-for': '198.51.100.7', host: 'cards.test' },
          json: { action: 'view', value: 'http://cards.test/me/s-flood', memberId: card },
        }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(60);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const [raw] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM tracking_events WHERE member_id = ${card}`,
    );
    expect(raw!.n).toBe(60);
    // A card that does not exist: 404, nothing stored.
    const missing = await track({ action: 'view', value: 'x', memberId: crypto.randomUUID() });
    expect(missing.status).toBe(404);
  });

  it('keeps the rollups after raw events pass retention and are deleted', async () => {
    const before = (await (
      await memberStats(ids.owner, tokens.owner, { from: today, to: today })
    ).json()) as MemberStatsReport;
    const later = new Date(server.clock.now.getTime() + 91 * 86_400_000);
    const purged = await purgeOldTracking(db, later);
    expect(purged.events).toBeGreaterThanOrEqual(7);
    const [left] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM tracking_events WHERE created_at < ${server.clock.now.toISOString()}::timestamptz + interval '1 second'`,
    );
    expect(left!.n).toBe(0);
    const after = (await (
      await memberStats(ids.owner, tokens.owner, { from: today, to: today })
    ).json()) as MemberStatsReport;
    expect(after.totals).toEqual(before.totals);
    expect(after.links).toEqual(before.links);
  });
});

describe('statistics ranges', () => {
  it('groups by week and month, fills empty buckets, and compares with the previous period', async () => {
    // Two days earlier (in the previous 7-day window of a range ending before today).
    server.clock.now = new Date('2026-03-03T03:00:00Z');
    await track({ action: 'view', value: 'v', memberId: ids.owner });
    server.clock.now = new Date('2026-03-15T03:00:00Z');

    const weeks = (await (
      await memberStats(ids.owner, tokens.owner, {
        from: '02/03/2026',
        to: '15/03/2026',
        granularity: 'week',
      })
    ).json()) as MemberStatsReport;
    expect(weeks.from).toBe('2026-03-02');
    expect(weeks.series.map((b) => [b.start, b.views])).toEqual([
      ['2026-03-02', 1],
      ['2026-03-09', 2],
    ]);
    expect(weeks.totals.views).toBe(3);

    const lastWeek = (await (
      await memberStats(ids.owner, tokens.owner, { from: '2026-03-09', to: '2026-03-15' })
    ).json()) as MemberStatsReport;
    expect(lastWeek.series).toHaveLength(7);
    expect(lastWeek.totals.views).toBe(2);
    expect(lastWeek.previous).toMatchObject({ from: '2026-03-02', to: '2026-03-08', views: 1 });

    const months = (await (
      await memberStats(ids.owner, tokens.owner, {
        from: '2026-01-20',
        to: '2026-03-15',
        granularity: 'month',
      })
    ).json()) as MemberStatsReport;
    expect(months.series.map((b) => [b.start, b.views])).toEqual([
      ['2026-01-01', 0],
      ['2026-02-01', 0],
      ['2026-03-01', 3],
    ]);
  });

  it('refuses reversed, too long and unreadable ranges with a message, in Vietnamese or English', async () => {
    const reversed = await memberStats(ids.owner, tokens.owner, {
      from: '15/03/2026',
      to: '01/03/2026',
    });
    expect(reversed.status).toBe(400);
    const body = (await reversed.json()) as ApiErrorBody;
    expect(body.error.fields?.to).toBe('Ngày bắt đầu phải trước hoặc bằng ngày kết thúc');

    const tooLong = await memberStats(
      ids.owner,
      tokens.owner,
      { from: '01/01/2024', to: '15/03/2026' },
      { 'accept-language': 'en' },
    );
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as ApiErrorBody).error.fields?.to).toBe(
      'The date range must not be longer than 2 years',
    );

    const bad = await memberStats(ids.owner, tokens.owner, { from: '31/02/2026', to: today });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ApiErrorBody).error.fields?.from).toBe('Ngày không hợp lệ');
    const badKind = await memberStats(ids.owner, tokens.owner, {
      from: today,
      to: today,
      granularity: 'year',
    });
    expect(badKind.status).toBe(400);
  });
});

describe('who may read a dashboard', () => {
  it('lets a member and their brand admins read a card; others 403; unknown 404; no login 401', async () => {
    const range = { from: today, to: today };
    expect((await memberStats(ids.owner, tokens.admin, range)).status).toBe(200);
    expect((await memberStats(ids.owner, tokens.stranger, range)).status).toBe(403);
    // A seller of the same brand is not its admin.
    expect((await memberStats(ids.owner, tokens.colleague, range)).status).toBe(403);
    expect((await memberStats(crypto.randomUUID(), tokens.owner, range)).status).toBe(404);
    expect((await memberStats('not-an-id', tokens.owner, range)).status).toBe(404);
    const anonymous = await server.request(`/api/dashboard/member/${ids.owner}`, {
      method: 'POST',
      json: range,
    });
    expect(anonymous.status).toBe(401);

    const brand = (token: string) =>
      server.request(`/api/dashboard/brand/${ids.brand}`, { method: 'POST', token, json: range });
    expect((await brand(tokens.admin)).status).toBe(200);
    expect((await brand(tokens.owner)).status).toBe(403);
    expect((await brand(tokens.stranger)).status).toBe(403);
  });

  it("sums and ranks a brand's members and shows points issued, redeemed and check-ins per day", async () => {
    const staff = ids.colleague;
    await queryRows(
      db,
      sql`INSERT INTO point_entries (id, seller_group_id, buyer_member_id, staff_member_id,
            invoice_number, invoice_value, accumulated_points, deducted_points, payment_amount, recorded_at)
          VALUES (${crypto.randomUUID()}, ${ids.brand}, ${ids.stranger}, ${staff}, 'HD1', 120000, 120, 0, 120000, '2026-03-15T02:00:00Z'),
                 (${crypto.randomUUID()}, ${ids.brand}, ${ids.stranger}, ${staff}, 'HD2', 50000, 0, 40, 46000, '2026-03-15T04:00:00Z')`,
    );
    await queryRows(
      db,
      sql`INSERT INTO check_ins (id, group_id, member_id, staff_member_id, checked_in_at)
          VALUES (${crypto.randomUUID()}, ${ids.brand}, ${ids.stranger}, ${staff}, '2026-03-15T05:00:00Z')`,
    );
    await track({ action: 'view', value: 'brand page', groupId: ids.brand });

    const res = await server.request(`/api/dashboard/brand/${ids.brand}`, {
      method: 'POST',
      token: tokens.admin,
      json: { from: today, to: today },
    });
    const report = (await res.json()) as BrandStatsReport;
    expect(report.brand.name).toBe('Trà Mộc');
    expect(report.members.map((m) => [m.name, m.views])).toEqual([
      ['Người owner', 2],
      ['Người colleague', 1],
      ['Người admin', 0],
    ]);
    expect(report.membersTotals.views).toBe(3);
    // The brand's reach: its page and its members' cards together.
    expect(report.totals.views).toBe(4);
    expect(report.points).toEqual([{ day: today, issued: 120, redeemed: 40, checkIns: 1 }]);
    expect(vietnamDay(server.clock.now)).toBe(today);
  });
});
