// Member management figure (issue 16): `group-members-page-ms` — page 1 of a 50,000-member
// group's member list, filtered by a name typed without marks, through the real route
// (GET /api/members/getListMemberByGroupId/{gId}?page=1&filter=…, token check included) on
// in-memory PGlite. Median of 30 requests after 5 warm-ups, several different filters (≤ 50).
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrate, openDatabase, queryRows } from '../server/db/client';
import { createLogger } from '../server/http/logger';
import { signAccessToken } from '../server/auth/access-token';
import { startSession } from '../server/auth/sessions';
import type { MemberListPage } from '../contract/member-management';
import type { Figure } from './run';

const memberCount = 50_000;
const filters = ['nguyen van', 'tran thi', 'hung', 'le minh an', 'pham'];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export async function run(): Promise<Figure[]> {
  const database = await openDatabase({});
  try {
    await migrate(database);
    const db = database.db;
    const [group] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO groups (name, url_minify) VALUES ('Hiệp hội Bench', 'bench-group') RETURNING id`,
    );
    const [admin] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO members (name, url_minify) VALUES ('Quản trị', 'bench-admin') RETURNING id`,
    );
    // One INSERT … SELECT generate_series each: Vietnamese names from a few lists.
    await queryRows(
      db,
      sql`INSERT INTO members (name, url_minify, phone)
          SELECT (ARRAY['Nguyễn','Trần','Lê','Phạm','Hoàng','Huỳnh','Phan','Vũ','Võ','Đặng'])[1 + i % 10]
              || ' ' || (ARRAY['Văn','Thị','Minh','Ngọc','Đức','Thu','Quốc'])[1 + (i / 10) % 7]
              || ' ' || (ARRAY['An','Bình','Châu','Dũng','Hà','Hùng','Lan','Long','Mai','Nam','Sơn','Tâm'])[1 + (i / 70) % 12]
              || ' ' || i,
            'bench-' || i, '09' || lpad(i::text, 8, '0')
          FROM generate_series(1, ${memberCount}) AS i`,
    );
    await queryRows(
      db,
      sql`INSERT INTO group_members (group_id, member_id, role)
          SELECT ${group!.id}, id, 'member' FROM members WHERE url_minify LIKE 'bench-%'
            AND url_minify <> 'bench-admin'`,
    );
    await queryRows(
      db,
      sql`INSERT INTO group_members (group_id, member_id, role) VALUES (${group!.id}, ${admin!.id}, 'admin')`,
    );
    await database.execScript('ANALYZE');
    const config = {
      ...loadConfig({
        ...process.env,
        DATA_DIR: '/nonexistent',
        AUTH_SECRET: 'bench-secret-bench',
      }),
      logLevel: 'silent' as const,
      push: undefined,
    };
    const app = createApp({
      config,
      database,
      logger: createLogger('silent'),
      now: () => new Date(),
    });
    const { sessionId } = await startSession(db, admin!.id, new Date());
    const token = await signAccessToken(
      config.authSecret,
      { memberId: admin!.id, sessionId },
      Date.now(),
    );
    const ask = async (filter: string) => {
      const started = performance.now();
      const res = await app.request(
        `/api/members/getListMemberByGroupId/${group!.id}?page=1&filter=${encodeURIComponent(filter)}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      const page = (await res.json()) as MemberListPage;
      const ms = performance.now() - started;
      if (res.status !== 200 || page.items.length === 0) {
        throw new Error(`unexpected answer ${res.status} for ${filter}`);
      }
      return ms;
    };
    for (let i = 0; i < 5; i += 1) await ask(filters[i % filters.length]!);
    const times: number[] = [];
    for (let i = 0; i < 30; i += 1) times.push(await ask(filters[i % filters.length]!));
    return [
      { name: 'group-members-page-ms', value: Math.round(median(times) * 10) / 10, unit: 'ms' },
    ];
  } finally {
    await database.close();
  }
}
