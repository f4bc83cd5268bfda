// Registration information (decision 0664): the public form's insert, the staff's list and
// detail, and each workflow action as one transaction — the row locked, the caller's role and
// the transition checked by the contract's state machine, the change and its step stored
// together. Any refusal throws before anything is written.
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, like, lt, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client';
import { groupMembers, groups, members } from '../db/schema';
import { registrations, registrationSteps } from '../db/schema-registrations';
import { phoneDigits } from '../../contract/phone';
import { ApiError, type FieldInput } from '../http/errors';
import {
  missingInfoOf,
  mayTakeRegistrationAction,
  nextRegistrationStatus,
  registrationPageSize,
  type Registration,
  type RegistrationAction,
  type RegistrationDetail,
  type RegistrationInfoItem,
  type RegistrationPage,
  type RegistrationStatus,
  type RegistrationStep,
  type RegistrationType,
  type StaffRole,
  registrationConfirmSchema,
  registrationCreateSchema,
  registrationListQuerySchema,
  registrationUpdateSchema,
} from '../../contract/registration';
import type * as v from 'valibot';
import { vietnamDayAfter, vietnamDayStart } from '../../contract/vietnam-time';
import { activeMembership } from '../domain/membership';

type RegistrationRow = typeof registrations.$inferSelect;

const blankToNull = (text: string | undefined | null) => (text ? text : null);

/** The brands (and groups) where the member is an active admin or seller, with the role. */
export async function staffRolesOf(
  db: Queryable,
  memberId: string,
): Promise<Map<string, StaffRole>> {
  const rows = await db
    .select({ groupId: groupMembers.groupId, role: groupMembers.role })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.memberId, memberId), activeMembership(), isNull(groups.deletedAt)));
  const roles = new Map<string, StaffRole>();
  for (const r of rows) {
    if (r.role === 'admin') roles.set(r.groupId, 'admin');
    else if (r.role === 'seller' && !roles.has(r.groupId)) roles.set(r.groupId, 'seller');
  }
  // A brand's owner is its admin.
  const owned = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.ownerMemberId, memberId), isNull(groups.deletedAt)));
  for (const g of owned) roles.set(g.id, 'admin');
  return roles;
}

function forClient(row: RegistrationRow, groupName: string): Registration {
  return {
    id: row.id,
    groupId: row.groupId,
    groupName,
    type: row.type as RegistrationType,
    status: row.status as RegistrationStatus,
    name: row.name,
    phone: row.phone,
    email: row.email,
    citizenIdentificationCode: row.citizenIdentificationCode,
    address: row.address,
    birthday: row.birthday,
    note: row.note,
    missingInfo: row.missingInfo as RegistrationInfoItem[],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A visitor's request from a brand's public form; the honeypot is checked by the route. */
export async function createRegistration(
  db: Database,
  input: v.InferOutput<typeof registrationCreateSchema>,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.id, input.groupId), isNull(groups.deletedAt)));
    if (!group) throw new ApiError(404, 'not_found');
    const facts = {
      email: blankToNull(input.email),
      citizenIdentificationCode: blankToNull(input.citizenIdentificationCode),
      address: blankToNull(input.address),
      birthday: blankToNull(input.birthday),
    };
    const [row] = await tx
      .insert(registrations)
      .values({
        groupId: group.id,
        type: input.type,
        status: 'new',
        name: input.name,
        phone: input.phone,
        ...facts,
        note: blankToNull(input.note),
        missingInfo: missingInfoOf(facts),
      })
      .returning({ id: registrations.id });
    if (!row) throw new ApiError(409, 'conflict');
    await tx
      .insert(registrationSteps)
      .values({ registrationId: row.id, action: 'create', toStatus: 'new' });
    return row;
  });
}

/** The list of the brands the caller works for, with every spec §7 filter, newest first. */
export async function listRegistrations(
  db: Queryable,
  memberId: string,
  query: v.InferOutput<typeof registrationListQuerySchema>,
): Promise<RegistrationPage> {
  const roles = await staffRolesOf(db, memberId);
  if (query.groupId && !roles.has(query.groupId)) throw new ApiError(403, 'forbidden');
  const groupIds = query.groupId ? [query.groupId] : [...roles.keys()];
  if (groupIds.length === 0) throw new ApiError(403, 'forbidden');
  const conditions = [inArray(registrations.groupId, groupIds)];
  if (query.status) conditions.push(eq(registrations.status, query.status));
  if (query.type) conditions.push(eq(registrations.type, query.type));
  const typedPhone = phoneDigits(query.phone);
  if (typedPhone) {
    // Stored as 0xxxxxxxxx (contract/phone.ts); a search with +84 finds it too.
    conditions.push(like(registrations.phone, `%${typedPhone.replace(/^0/, '')}%`));
  }
  if (query.email) conditions.push(ilike(registrations.email, `%${escapeLike(query.email)}%`));
  if (query.citizenIdentificationCode) {
    conditions.push(
      like(registrations.citizenIdentificationCode, `${query.citizenIdentificationCode}%`),
    );
  }
  if (query.missingInfo && query.missingInfo.length > 0) {
    // Every listed item is missing (the filters narrow each other).
    conditions.push(
      sql`${registrations.missingInfo} @> ${JSON.stringify(query.missingInfo)}::jsonb`,
    );
  }
  if (query.from) conditions.push(gte(registrations.createdAt, vietnamDayStart(query.from)));
  if (query.to) conditions.push(lt(registrations.createdAt, vietnamDayAfter(query.to)));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(registrations).where(where);
  const rows = await db
    .select({ row: registrations, groupName: groups.name })
    .from(registrations)
    .innerJoin(groups, eq(groups.id, registrations.groupId))
    .where(where)
    .orderBy(desc(registrations.createdAt), desc(registrations.id))
    .limit(registrationPageSize)
    .offset((query.page - 1) * registrationPageSize);
  return {
    items: rows.map((r) => forClient(r.row, r.groupName)),
    page: query.page,
    pageSize: registrationPageSize,
    total: Number(total?.n ?? 0),
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** A request with its steps; 404 when there is none, 403 for someone not its brand's staff. */
export async function registrationDetail(
  db: Queryable,
  memberId: string,
  id: string,
): Promise<RegistrationDetail> {
  const [found] = await db
    .select({ row: registrations, groupName: groups.name })
    .from(registrations)
    .innerJoin(groups, eq(groups.id, registrations.groupId))
    .where(eq(registrations.id, id));
  if (!found) throw new ApiError(404, 'not_found');
  const role = (await staffRolesOf(db, memberId)).get(found.row.groupId);
  if (!role) throw new ApiError(403, 'forbidden');
  const steps = await db
    .select({ step: registrationSteps, actorName: members.name })
    .from(registrationSteps)
    .leftJoin(members, eq(members.id, registrationSteps.actorMemberId))
    .where(eq(registrationSteps.registrationId, id))
    .orderBy(asc(registrationSteps.seq));
  return {
    ...forClient(found.row, found.groupName),
    role,
    steps: steps.map(({ step, actorName }): RegistrationStep => ({
      id: step.id,
      action: step.action as RegistrationStep['action'],
      fromStatus: step.fromStatus as RegistrationStatus | null,
      toStatus: step.toStatus as RegistrationStatus,
      actorMemberId: step.actorMemberId,
      actorName: step.actorMemberId ? actorName : null,
      note: step.note,
      at: step.at,
    })),
  };
}

export type ActionInput =
  | { action: 'update'; input: v.InferOutput<typeof registrationUpdateSchema> }
  | { action: 'updateConfirm'; input: v.InferOutput<typeof registrationConfirmSchema> }
  | {
      action: Exclude<RegistrationAction, 'update' | 'updateConfirm'>;
      input: { note?: string | undefined };
    };

/**
 * One workflow step: 404 unknown, 403 not allowed for the caller, 409 not allowed in the
 * request's state (the message names it), 400 when updateConfirm leaves an asked item blank.
 */
export async function takeRegistrationAction(
  db: Database,
  memberId: string,
  id: string,
  step: ActionInput,
  now: Date,
): Promise<RegistrationDetail> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(registrations)
      .where(eq(registrations.id, id))
      .for('update');
    if (!row) throw new ApiError(404, 'not_found');
    const role = (await staffRolesOf(tx, memberId)).get(row.groupId);
    if (!role || !mayTakeRegistrationAction(role, step.action)) {
      throw new ApiError(403, 'forbidden');
    }
    const outcome = nextRegistrationStatus(row.status as RegistrationStatus, step.action, {
      resumeStatus: row.resumeStatus as RegistrationStatus | null,
      missingInfo: row.missingInfo,
    });
    if (!outcome.ok) throw new ApiError(409, outcome.code);
    const at = now.toISOString();
    const set: Partial<RegistrationRow> = {
      status: outcome.status,
      resumeStatus: outcome.resumeStatus,
      updatedAt: at,
    };
    if (step.action === 'update') {
      set.missingInfo = [...new Set(step.input.missingInfo)];
    }
    if (step.action === 'updateConfirm') {
      const given = step.input as Record<string, string | undefined>;
      const blank: Record<string, FieldInput> = {};
      for (const item of row.missingInfo) if (!given[item]) blank[item] = 'required';
      if (Object.keys(blank).length > 0) throw new ApiError(400, 'validation_failed', blank);
      const facts = step.input;
      if (facts.email) set.email = facts.email;
      if (facts.citizenIdentificationCode) {
        set.citizenIdentificationCode = facts.citizenIdentificationCode;
      }
      if (facts.address) set.address = facts.address;
      if (facts.birthday) set.birthday = facts.birthday;
      set.missingInfo = [];
    }
    await tx.update(registrations).set(set).where(eq(registrations.id, id));
    await tx.insert(registrationSteps).values({
      registrationId: id,
      action: step.action,
      fromStatus: row.status,
      toStatus: outcome.status,
      actorMemberId: memberId,
      note: blankToNull(step.input.note),
      at,
    });
  });
  return registrationDetail(db, memberId, id);
}

/** What the public form needs to know of a brand, found by its short link. */
export async function registrationFormBrand(
  db: Queryable,
  urlMinify: string,
): Promise<{ groupId: string; name: string } | undefined> {
  const [group] = await db
    .select({ groupId: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.urlMinify, urlMinify), isNull(groups.deletedAt)));
  return group;
}
