// Statistics figures (issue 17, decision 0910):
// - stats-12-months-ms: the dashboard answer (totals, previous period, 365 daily buckets, links,
//   sources) for a card with 1,000,000 events over a year, on in-memory PGlite; median of 15
//   reads (≤ 100). The events are seeded with INSERT … SELECT generate_series into the raw
//   table, and the rollups are built from them as the write path keeps them.
// - tracking-write-rps: POST /api/tracking/action (rate limit, card lookup, the event and its
//   rollups) on PostgreSQL, in-process app, 32 requests at a time: the median of three rounds
//   of 4,000 requests after 2,000 at the same pace to warm up (≥ 2,000).
//   PostgreSQL is started with scripts/start-test-postgres.sh and stopped after; when it
//   cannot start, the figure is measured on PGlite and named tracking-write-rps-pglite.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { migrate, openDatabase, queryRows, type DatabaseHandle } from '../server/db/client';
import { createLogger } from '../server/http/logger';
import { readStatistics } from '../server/stats/statistics-read';
import { loadConfig } from '../server/config';
import { vietnamDay } from '../contract/vietnam-time';
import { addDaysToDay } from '../contract/statistics';
import type { Figure } from './run';

const run$ = promisify(execFile);
const eventCount = 1_000_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function seedYear(database: DatabaseHandle, memberId: string, today: string) {
  const db = database.db;
  await queryRows(
    db,
    sql`INSERT INTO members (id, name, url_minify) VALUES (${memberId}, 'Thẻ bận rộn', 'the-ban-ron')`,
  );
  // One event every ~31.5 s over the year before today; mostly views and taps on 12 links,
  // 1 in 20 a save; about 4 events per visitor; 8 referrers, 3 devices.
  await database.execScript(`
    INSERT INTO tracking_events (member_id, action, value, visitor_id, referrer_host, utm_source, device, created_at)
    SELECT '${memberId}',
      CASE WHEN i % 20 = 0 THEN 'save_contact' WHEN i % 2 = 0 THEN 'view'
           WHEN i % 3 = 0 THEN 'tap_phone' ELSE 'link' END,
      CASE WHEN i % 2 = 0 THEN 'https://cards.example/me/the-ban-ron'
           ELSE 'https://shop.example/' || (i % 12) END,
      'v' || (i / 4),
      CASE WHEN i % 8 = 0 THEN NULL ELSE 'ref' || (i % 8) || '.example' END,
      CASE WHEN i % 5 = 0 THEN 'zalo' ELSE NULL END,
      (ARRAY['mobile', 'desktop', 'tablet'])[1 + i % 3],
      '${today}T12:00:00+07'::timestamptz - (i * interval '31.5 seconds')
    FROM generate_series(1, ${eventCount}) AS i;
  `);
  const day = `(created_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date`;
  await database.execScript(`
    INSERT INTO tracking_daily_visitors (owner_id, day, visitor_id)
    SELECT DISTINCT member_id, ${day}, visitor_id FROM tracking_events WHERE member_id = '${memberId}';
    INSERT INTO tracking_daily_actions (owner_id, day, action, value, events)
    SELECT member_id, ${day}, action, CASE WHEN action = 'view' THEN '' ELSE value END, count(*)
    FROM tracking_events WHERE member_id = '${memberId}' GROUP BY 1, 2, 3, 4;
    INSERT INTO tracking_daily_sources (owner_id, day, dimension, name, views)
    SELECT member_id, ${day}, d.dimension, d.name, count(*)
    FROM tracking_events,
      LATERAL (VALUES ('referrer', coalesce(referrer_host, '')), ('utm', utm_source), ('device', device))
        AS d (dimension, name)
    WHERE member_id = '${memberId}' AND action = 'view' AND d.name IS NOT NULL
    GROUP BY 1, 2, 3, 4;
    INSERT INTO tracking_daily_totals (owner_id, day, views, visitors, saves, clicks)
    SELECT a.owner_id, a.day,
      coalesce(sum(a.events) FILTER (WHERE a.action = 'view'), 0),
      (SELECT count(*) FROM tracking_daily_visitors v WHERE v.owner_id = a.owner_id AND v.day = a.day),
      coalesce(sum(a.events) FILTER (WHERE a.action = 'save_contact'), 0),
      coalesce(sum(a.events) FILTER (WHERE a.action NOT IN ('view', 'save_contact')), 0)
    FROM tracking_daily_actions a WHERE a.owner_id = '${memberId}' GROUP BY 1, 2;
    ANALYZE;
  `);
}

async function statsTwelveMonths(): Promise<Figure> {
  const database = await openDatabase({});
  try {
    await migrate(database);
    const memberId = crypto.randomUUID();
    const today = vietnamDay(new Date());
    await seedYear(database, memberId, today);
    const query = {
      from: addDaysToDay(today, -364),
      to: today,
      granularity: 'day' as const,
    };
    const first = await readStatistics(database.db, [memberId], query);
    const counted = first.totals.views + first.totals.saves + first.totals.clicks;
    if (counted < eventCount * 0.99) throw new Error(`only ${counted} events in the answer`);
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const started = performance.now();
      await readStatistics(database.db, [memberId], query);
      times.push(performance.now() - started);
    }
    return { name: 'stats-12-months-ms', value: Math.round(median(times) * 10) / 10, unit: 'ms' };
  } finally {
    await database.close();
  }
}

export async function trackingWrites(database: DatabaseHandle): Promise<number> {
  await migrate(database);
  const memberId = crypto.randomUUID();
  await queryRows(
    database.db,
    sql`INSERT INTO members (id, name, url_minify) VALUES (${memberId}, 'Thẻ bench', ${`bench-${memberId.slice(0, 8)}`})`,
  );
  const app = createApp({
    config: {
      ...loadConfig({
        ...process.env,
        DATA_DIR: '/nonexistent',
        AUTH_SECRET: 'bench-secret-bench',
      }),
      port: 0,
      logLevel: 'silent' as const,
      push: undefined,
      trustProxy: true,
    },
    database,
    logger: createLogger('silent'),
    now: () => new Date(),
  });
  const total = 4000;
  const warmUp = 2000;
  const rounds = 3;
  const concurrency = 32;
  const send = (i: number) => {
    const body = new URLSearchParams({
      action: i % 3 === 0 ? 'view' : 'link',
      value: `https://shop.example/${i % 10}`,
      memberId,
      referrer: 'https://zalo.me/x',
    }).toString();
    return app.request('/api/tracking/action', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        // As a browser's beacon sends it (the body limit reads the length, not the stream).
        'content-length': String(Buffer.byteLength(body)),
        // Many visitors (each address has its own rate-limit window).
        'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        'user-agent': 'Mozilla/5.0 (iPhone) Mobile',
      },
      body,
    });
  };
  let failed = 0;
  const burst = async (first: number, count: number) => {
    let next = first;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < first + count) {
          const res = await send(next++);
          if (res.status !== 201) failed += 1;
        }
      }),
    );
  };
  // Warm-up at the same pace (JIT, connections, plans, the database's caches): the figure is
  // the steady rate of a busy server, not its first second after a start.
  await burst(rounds * total, warmUp);
  // The median of three rounds: one round on two shared cores swings by a third.
  const rates: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    await burst(round * total, total);
    rates.push(total / ((performance.now() - started) / 1000));
  }
  if (failed > 0) throw new Error(`${failed} tracking writes failed`);
  return Math.round(median(rates));
}

export async function startPostgres(): Promise<{ url: string; stop: () => Promise<void> } | null> {
  const script = path.resolve(import.meta.dirname, '../scripts/start-test-postgres.sh');
  try {
    const { stdout } = await run$('bash', [script], {
      env: { ...process.env, PG_TEST_PORT: process.env.PG_TEST_PORT ?? '54508' },
    });
    const url = stdout.trim().split('\n').at(-1) ?? '';
    if (!url.startsWith('postgres://')) return null;
    const admin = await openDatabase({ databaseUrl: url });
    const [row] = await queryRows<{ dir: string }>(
      admin.db,
      sql`SELECT current_setting('data_directory') AS dir`,
    );
    await admin.close();
    const bin = (
      await run$('bash', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1'])
    ).stdout.trim();
    return {
      url,
      stop: async () => {
        await run$('runuser', [
          '-u',
          'postgres',
          '--',
          `${bin}/pg_ctl`,
          '-D',
          row!.dir,
          '-m',
          'fast',
          'stop',
        ]);
        await run$('rm', ['-rf', path.dirname(row!.dir)]);
      },
    };
  } catch {
    return null;
  }
}

export async function run(): Promise<Figure[]> {
  // The write figure first: the year of events seeded for the read figure leaves a large heap
  // behind that the write figure would pay for in collections.
  const figures: Figure[] = [];
  const postgres = await startPostgres();
  if (postgres) {
    try {
      const database = await openDatabase({ databaseUrl: postgres.url });
      try {
        figures.push({
          name: 'tracking-write-rps',
          value: await trackingWrites(database),
          unit: 'req/s',
        });
      } finally {
        await database.close();
      }
    } finally {
      await postgres.stop();
    }
  } else {
    const database = await openDatabase({});
    try {
      figures.push({
        name: 'tracking-write-rps-pglite',
        value: await trackingWrites(database),
        unit: 'req/s',
      });
    } finally {
      await database.close();
    }
  }
  figures.push(await statsTwelveMonths());
  return figures;
}
