// Member management of a brand or group (spec §2 /action/memberManagement, §7 Members):
// members paged and searched, join requests, roles, account lock, customers, and the roster a
// staff device mirrors. Decisions 0800 (roles) and 0801 (behaviour).
import * as v from 'valibot';
import { visibleWhenPresent } from './visible-text';
import { optionalText, pageSchema } from './common';
import { contactEmailSchema, contactPhoneSchema } from './contact';
import { idSchema } from './points';

export const groupRoles = ['admin', 'seller', 'member'] as const;
export type GroupRole = (typeof groupRoles)[number];

/** Rows per page of the member, request and customer lists. */
export const memberPageSize = 20;

/** GET getListMemberByGroupId/{gId}?page,filter (also role to narrow the list). */
export const memberListQuerySchema = v.object({
  page: pageSchema,
  filter: optionalText(120),
  role: v.optional(v.picklist(groupRoles, 'invalid_role')),
});
export type MemberListQuery = v.InferOutput<typeof memberListQuerySchema>;

/** A member of a group as its admins see it. */
export interface GroupMemberItem {
  /** The membership (group_members row) id. */
  id: string;
  memberId: string;
  name: string;
  urlMinify: string;
  avatarUrl: string | null;
  phone: string | null;
  email: string | null;
  role: GroupRole;
  /** Membership status: active, or a join request waiting. */
  status: 'active' | 'requested';
  /** The account's status: a locked account cannot log in (decision 0801). */
  accountStatus: 'active' | 'pending' | 'locked';
  joinedAt: string;
}

export interface MemberListPage {
  items: GroupMemberItem[];
  page: number;
  pageSize: number;
  total: number;
}

export const roleChangeSchema = v.object({
  role: v.picklist(groupRoles, 'invalid_role'),
});

/** PUT updateMemberStatusById/{memberId}: lock or unlock, as an admin of `groupId`. */
export const memberStatusSchema = v.object({
  status: v.picklist(['active', 'locked'], 'invalid_status'),
  groupId: idSchema,
});
export type MemberStatusInput = v.InferOutput<typeof memberStatusSchema>;

/** Where the asking member stands with a group (join button on its page). */
export interface JoinStatus {
  groupId: string;
  status: 'none' | 'requested' | 'active';
  role: GroupRole | null;
}

/** POST createCustomer. `cardLink` (a short link or member id) links an existing card. */
export const customerCreateSchema = v.object({
  groupId: idSchema,
  name: v.pipe(
    v.string('customer_name_required'),
    v.trim(),
    v.nonEmpty('customer_name_required'),
    visibleWhenPresent,
    v.maxLength(120, 'too_long'),
  ),
  phone: contactPhoneSchema,
  email: contactEmailSchema,
  note: optionalText(500),
  cardLink: optionalText(200),
});
export type CustomerCreateInput = v.InferInput<typeof customerCreateSchema>;

export const customerUpdateSchema = v.object({
  name: v.optional(customerCreateSchema.entries.name),
  phone: contactPhoneSchema,
  email: contactEmailSchema,
  note: optionalText(500),
  /** A short link or member id to link; '' unlinks. */
  cardLink: optionalText(200),
});

export const customerQuerySchema = v.object({
  page: pageSchema,
  query: optionalText(120),
});

export interface Customer {
  id: string;
  groupId: string;
  name: string;
  phone: string | null;
  email: string | null;
  note: string | null;
  /** The linked member card, when there is one. */
  memberId: string | null;
  memberName: string | null;
  memberUrlMinify: string | null;
  createdAt: string;
}

export interface CustomerPage {
  items: Customer[];
  page: number;
  pageSize: number;
  total: number;
}

/**
 * A person a staff device can find with no network: a member of a group it staffs, or a
 * customer of it (then `memberId` is the linked card, null when none). Decision 0801.
 */
export interface RosterEntry {
  id: string;
  groupId: string;
  kind: 'member' | 'customer';
  memberId: string | null;
  name: string;
  urlMinify: string | null;
  phone: string | null;
  avatarUrl: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

/** Lower case, without Vietnamese marks (đ → d): how names are matched as typed. */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .trim();
}
