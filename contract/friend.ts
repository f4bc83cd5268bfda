import * as v from 'valibot';
import { uuidSchema } from './common';

// Friend relation (spec §3 "Friend request: from, to, status", §4 "Friend relation").
// `from` is always the member who sent the request, `to` the one who received it.

export const friendshipStatuses = [
  'pending',
  'accepted',
  'rejected',
  'cancelled',
  'removed',
] as const;
export type FriendshipStatus = (typeof friendshipStatuses)[number];

/** Body of every friend write: the request's direction. Who acts comes from the token. */
export const friendRequestSchema = v.object({
  from: uuidSchema,
  to: uuidSchema,
});
export type FriendRequestInput = v.InferOutput<typeof friendRequestSchema>;

/** Filters of getFriendsByStatus: friends, requests received, requests sent, or both kinds. */
export const friendListStatuses = ['accepted', 'received', 'sent', 'pending'] as const;
export type FriendListStatus = (typeof friendListStatuses)[number];

export const friendsByStatusQuerySchema = v.object({
  status: v.optional(v.picklist(friendListStatuses, 'invalid_value'), 'accepted'),
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'too_long'))),
});

/** The other member of a relation, as far as a friend list shows them. */
export interface FriendPerson {
  id: string;
  name: string;
  urlMinify: string;
  avatarUrl: string | null;
  jobTitle: string | null;
  workplace: string | null;
}

/** A relation as the API returns it and as the client mirrors it (Dexie `friendships`). */
export interface Friendship {
  id: string;
  fromMemberId: string;
  toMemberId: string;
  status: FriendshipStatus;
  /** Seen from the member who pulled it: did they send or receive the request? */
  direction: 'sent' | 'received';
  otherMemberId: string;
  other: FriendPerson;
  /** The other member's name folded for search (foldForSearch). */
  searchKey: string;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  changeSeq?: number;
}

/** getFriendsStatusByMemberId: the relation between the caller and another member. */
export type FriendRelationState = 'none' | 'self' | 'sent' | 'received' | 'accepted';
export interface FriendRelation {
  state: FriendRelationState;
  friendship: Friendship | null;
}

export interface FriendTotals {
  /** Accepted friends. */
  total: number;
  /** Requests waiting for this member's answer (only for the member themself). */
  received?: number;
  /** Requests this member sent that wait for an answer (only for the member themself). */
  sent?: number;
}

/**
 * The id of a pair's relation when none is live: the same on every device and on the server,
 * so a request made offline on two devices (or by both sides at once) lands on one row.
 * RFC 9562 version 8 layout over a SHA-256 of the sorted pair.
 */
export function friendshipPairKey(a: string, b: string): string {
  const [low, high] = [a.toLowerCase(), b.toLowerCase()].sort();
  return `friendship:${low}:${high}`;
}

export function uuidFromDigest(digest: Uint8Array): string {
  const bytes = digest.slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Works in browsers, the service worker and Node (Web Crypto everywhere). */
export async function friendshipPairId(a: string, b: string): Promise<string> {
  const data = new TextEncoder().encode(friendshipPairKey(a, b));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  return uuidFromDigest(digest);
}
