// A group's customers (decisions 0800, 0801): the list and search its admins read, and the
// writes, each optionally linked to one member card per group.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { looksLikePhone, phoneDigits } from '../../contract/phone';
import {
  memberPageSize,
  searchKey,
  type Customer,
  type CustomerPage,
  type customerCreateSchema,
  type customerQuerySchema,
  type customerUpdateSchema,
} from '../../contract/member-management';
import { queryRows, type Queryable, type Transaction } from '../db/client';
import { customers } from '../db/schema-member-management';
import { isUniqueViolation } from '../db/sql-state';
import { ApiError, notFound } from '../http/errors';
import { findMember } from './cards';

interface CustomerSql {
  id: string;
  group_id: string;
  name: string;
  phone: string | null;
  email: string | null;
  note: string | null;
  member_id: string | null;
  member_name: string | null;
  member_url: string | null;
  created_at: string | Date;
  total?: number | string;
}

function toCustomer(r: CustomerSql): Customer {
  return {
    id: r.id,
    groupId: r.group_id,
    name: r.name,
    phone: r.phone,
    email: r.email,
    note: r.note,
    memberId: r.member_id,
    memberName: r.member_name,
    memberUrlMinify: r.member_url,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

const customerSelect = sql`SELECT c.id, c.group_id, c.name, c.phone, c.email, c.note,
    c.member_id, m.name AS member_name, m.url_minify AS member_url, c.created_at`;

async function customerById(db: Queryable, id: string): Promise<Customer | undefined> {
  const [row] = await queryRows<CustomerSql>(
    db,
    sql`${customerSelect} FROM customers c LEFT JOIN members m ON m.id = c.member_id
        WHERE c.id = ${id}`,
  );
  return row && toCustomer(row);
}

/** The member a card link names: a short link, a member id or a whole card address. */
async function linkedCard(db: Queryable, link: string): Promise<string> {
  const key =
    link
      .trim()
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .split('/')
      .pop() ?? '';
  const member = key ? await findMember(db, key) : undefined;
  if (!member) {
    throw new ApiError(400, 'validation_failed', { cardLink: 'customer_card_not_found' });
  }
  return member.id;
}

/** A member card linked twice in one group. */
const cardTaken = () =>
  new ApiError(409, 'customer_card_taken', { cardLink: 'customer_card_taken' });

/** A write's error as the client sees it: a race on the one-card-per-group rule is 409. */
export function customerWriteError(error: unknown): unknown {
  return isUniqueViolation(error) ? cardTaken() : error;
}

/** One page of a group's live customers, by name; `query` matches name, email, link or phone. */
export async function customerPage(
  db: Queryable,
  groupId: string,
  q: v.InferOutput<typeof customerQuerySchema>,
): Promise<CustomerPage> {
  const folded = q.query ? searchKey(q.query) : '';
  const digits = q.query && looksLikePhone(q.query) ? phoneDigits(q.query) : '';
  const like = `%${folded.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  // Stored phones keep the spaces and dots typed; compared here as contract/phone.ts reads
  // them (digits only, a leading 84 of a whole number read as 0).
  const storedDigits = sql`regexp_replace(regexp_replace(coalesce(c.phone, ''), '\\D', '', 'g'),
    '^84(\\d{9,10})$', '0\\1')`;
  const match = folded
    ? sql`AND (vn_fold(c.name) LIKE ${like} OR lower(coalesce(c.email, '')) LIKE ${like}
        OR lower(coalesce(m.url_minify, '')) LIKE ${like}
        ${digits.length >= 3 ? sql`OR ${storedDigits} LIKE ${`%${digits}%`}` : sql``})`
    : sql``;
  const rows = await queryRows<CustomerSql>(
    db,
    sql`${customerSelect}, count(*) OVER () AS total
        FROM customers c LEFT JOIN members m ON m.id = c.member_id
        WHERE c.group_id = ${groupId} AND c.deleted_at IS NULL ${match}
        ORDER BY c.name, c.id
        LIMIT ${memberPageSize} OFFSET ${(q.page - 1) * memberPageSize}`,
  );
  const page: CustomerPage = {
    items: rows.map(toCustomer),
    page: q.page,
    pageSize: memberPageSize,
    total: Number(rows[0]?.total ?? 0),
  };
  return page;
}

/** Adds a customer to the group; a member card already linked there is 409. */
export async function createCustomer(
  tx: Transaction,
  me: string,
  raw: v.InferOutput<typeof customerCreateSchema>,
): Promise<Customer | undefined> {
  const memberId = raw.cardLink ? await linkedCard(tx, raw.cardLink) : null;
  if (memberId) {
    const [taken] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(
          eq(customers.groupId, raw.groupId),
          eq(customers.memberId, memberId),
          isNull(customers.deletedAt),
        ),
      );
    if (taken) throw cardTaken();
  }
  const [row] = await tx
    .insert(customers)
    .values({
      groupId: raw.groupId,
      memberId,
      name: raw.name,
      phone: raw.phone ? raw.phone : null,
      email: raw.email ? raw.email : null,
      note: raw.note ? raw.note : null,
      createdBy: me,
    })
    .returning({ id: customers.id });
  return customerById(tx, row!.id);
}

/** The group of a live customer. */
export async function customerGroupOf(db: Queryable, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ groupId: customers.groupId })
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)));
  return row?.groupId;
}

/** Changes the fields given; a card linked to another customer of the group is 409. */
export async function updateCustomer(
  tx: Transaction,
  id: string,
  groupId: string,
  body: v.InferOutput<typeof customerUpdateSchema>,
): Promise<Customer | undefined> {
  const set: Partial<typeof customers.$inferInsert> = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.phone !== undefined) set.phone = body.phone || null;
  if (body.email !== undefined) set.email = body.email || null;
  if (body.note !== undefined) set.note = body.note || null;
  if (body.cardLink !== undefined) {
    set.memberId = body.cardLink ? await linkedCard(tx, body.cardLink) : null;
    if (set.memberId) {
      const [taken] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(
          and(
            eq(customers.groupId, groupId),
            eq(customers.memberId, set.memberId),
            isNull(customers.deletedAt),
            ne(customers.id, id),
          ),
        );
      if (taken) throw cardTaken();
    }
  }
  const updated = await tx
    .update(customers)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)))
    .returning({ id: customers.id });
  if (updated.length === 0) throw notFound();
  return customerById(tx, id);
}

/** Deletes a live customer (404 for none). */
export async function deleteCustomer(
  tx: Transaction,
  id: string,
  now: string,
): Promise<{ id: string; deleted: true }> {
  const updated = await tx
    .update(customers)
    .set({ deletedAt: now })
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)))
    .returning({ id: customers.id });
  if (updated.length === 0) throw notFound();
  return { id, deleted: true };
}
