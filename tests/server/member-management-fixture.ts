// The cast of the member-management tests: the demo brand's admin and seller, a plain member,
// an admin of another group, and the brand's members, request and customers from the demo data.
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import type { TestServer } from './test-server';

export interface Person {
  id: string;
  token: string;
}

export interface MemberManagementCast {
  admin: Person;
  seller: Person;
  member: Person;
  otherAdmin: Person;
  brandId: string;
  otherGroupId: string;
  /** Membership of an active plain member of the brand (Phạm Thu Hà) and their member id. */
  memberRow: { id: string; memberId: string };
  /** The waiting join request (Đặng Ngọc Lan). */
  requestRow: { id: string; memberId: string };
  customerId: string;
}

async function one<T>(server: TestServer, query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(server.database.db, query);
  if (!row) throw new Error('demo row missing');
  return row;
}

export async function memberManagementCast(server: TestServer): Promise<MemberManagementCast> {
  const person = async (where: ReturnType<typeof sql>): Promise<Person> => {
    const { id } = await one<{ id: string }>(server, sql`SELECT id FROM members WHERE ${where}`);
    return { id, token: await server.tokenFor(id) };
  };
  const brand = await one<{ id: string }>(
    server,
    sql`SELECT id FROM groups WHERE url_minify = 'demo-brand'`,
  );
  const otherAdminId = crypto.randomUUID();
  const otherGroupId = crypto.randomUUID();
  await queryRows(
    server.database.db,
    sql`INSERT INTO members (id, name, url_minify)
        VALUES (${otherAdminId}, 'Quản trị nhóm khác', ${`other-admin-${otherAdminId.slice(0, 8)}`})`,
  );
  await queryRows(
    server.database.db,
    sql`INSERT INTO groups (id, name, url_minify)
        VALUES (${otherGroupId}, 'Nhóm Khác', ${`other-group-${otherGroupId.slice(0, 8)}`})`,
  );
  await queryRows(
    server.database.db,
    sql`INSERT INTO group_members (group_id, member_id, role)
        VALUES (${otherGroupId}, ${otherAdminId}, 'admin')`,
  );
  const membership = (url: string) =>
    one<{ id: string; memberId: string }>(
      server,
      sql`SELECT gm.id, gm.member_id AS "memberId" FROM group_members gm
          JOIN members m ON m.id = gm.member_id
          WHERE gm.group_id = ${brand.id} AND m.url_minify = ${url}`,
    );
  const customer = await one<{ id: string }>(
    server,
    sql`SELECT id FROM customers WHERE group_id = ${brand.id} AND name = 'Trương Văn Hậu'`,
  );
  return {
    admin: await person(sql`email = 'brand@mecards.vn'`),
    seller: await person(sql`email = 'staff@mecards.vn'`),
    member: await person(sql`email = 'demo@mecards.vn'`),
    otherAdmin: { id: otherAdminId, token: await server.tokenFor(otherAdminId) },
    brandId: brand.id,
    otherGroupId,
    memberRow: await membership('pham-thu-ha'),
    requestRow: await membership('dang-ngoc-lan'),
    customerId: customer.id,
  };
}

/** Every row member management can change, as one fingerprint. */
export async function managedRowsFingerprint(server: TestServer): Promise<string> {
  const { f } = await one<{ f: string }>(
    server,
    sql`SELECT md5(
      coalesce((SELECT string_agg(concat_ws('|', id, role, status, deleted_at, change_seq), ',' ORDER BY id) FROM group_members), '') ||
      coalesce((SELECT string_agg(concat_ws('|', id, name, phone, email, note, member_id, deleted_at, change_seq), ',' ORDER BY id) FROM customers), '') ||
      coalesce((SELECT string_agg(concat_ws('|', id, status, change_seq), ',' ORDER BY id) FROM members), '') ||
      (SELECT count(*)::text FROM member_status_changes) ||
      (SELECT count(*)::text FROM auth_sessions WHERE revoked_at IS NOT NULL)
    ) AS f`,
  );
  return f;
}
