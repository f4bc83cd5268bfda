// The member's local mirror (IndexedDB through Dexie), shared by every tab and the service
// worker. Screens read it with useLiveQuery; the sync engine fills it from the server's delta
// pull and drains the outbox into the server's batch push. No window-only API in this file.
import { Dexie, type DexieOptions, type Table } from 'dexie';
import type { AccountLink } from '../../contract/account-link';
import {
  dexieStores,
  memberEntityNames,
  type EntityName,
  type MemberEntityName,
  type PulledRows,
} from '../../contract/entities';
import type { ShortLink } from '../../contract/short-link';
import type { BioLink } from '../../contract/bio-link';
import type { SupportRequest } from '../../contract/support';
import type { CheckIn } from '../../contract/checkin';
import type { Contact } from '../../contract/contact';
import type { SyncConflict } from '../../contract/field-merge';
import type {
  ActivityRecord,
  PosterRecord,
  PostRecord,
  ProductRecord,
  RelicRecord,
} from '../../contract/content-writes';
import type { Friendship } from '../../contract/friend';
import type { JobDiaryEntry } from '../../contract/job-diary';
import type { MemberCv } from '../../contract/cv';
import type { DiscountGroup } from '../../contract/discount';
import type { ExploreDirectory } from '../../contract/agency';
import type { ImagePurpose } from '../../contract/image';
import type { Member } from '../../contract/member';
import type { MessageCopy } from '../../contract/message';
import type { NotificationItem, PushSettings } from '../../contract/notification';
import type { Wedding, WeddingGuest } from '../../contract/wedding';
import type { ContactUsMessage } from '../../contract/contact-us';
import type { RosterEntry } from '../../contract/member-management';
import type {
  OrderGroupRow as OrderGroupRecord,
  PointEntry,
  StaffGroup,
} from '../../contract/points';

/** Columns every mirrored row carries (as the server's pull sources send them). */
export interface MirroredRow {
  id: string;
  createdAt: string;
  updatedAt: string;
  /** Soft delete: pulled tombstones remove the local row; optimistic deletes may set it. */
  deletedAt: string | null;
  /** Server change sequence of this version; absent on rows only written locally so far. */
  changeSeq?: number;
}

/** Another member as shown in lists (friend, sender of a request, card of a contact). */
export interface MemberSummary {
  id: string;
  name: string;
  urlMinify: string | null;
  avatarUrl: string | null;
  jobTitle?: string | null;
  workplace?: string | null;
  contactPhone?: string | null;
  contactEmail?: string | null;
}

/**
 * The member's own profile as mirrored: the contract's Member plus the account columns. Here
 * `phone` is the login phone and the card's phone is `contactPhone` (contract/member.ts
 * profileColumnOf says why the name stays).
 */
export interface ProfileRow extends MirroredRow, Omit<Member, 'phone' | 'isMe'> {
  email: string | null;
  phone: string | null;
  contactPhone: string | null;
  /** Which events push (profile.setPushSettings, decision 0662); absent: all of them. */
  pushSettings?: PushSettings;
}

/** A contract shape as mirrored: plus the server change sequence its pull carries. */
type Mirrored<T> = T & Pick<MirroredRow, 'changeSeq'>;

/** Rows whose shape the area's contract defines (what its pull source's toClient returns). */
export type FriendshipRow = Friendship;
export type ContactRow = Contact;
export type AccountLinkRow = AccountLink;
export type ShortLinkRow = ShortLink;
export type BioLinkRow = BioLink;
export type SupportRequestRow = SupportRequest;
export type PointEntryRow = Mirrored<PointEntry>;
export type CheckInRow = Mirrored<CheckIn>;
export type OrderGroupRow = Mirrored<OrderGroupRecord>;
export type StaffGroupRow = Mirrored<StaffGroup>;
/** The member's own content and that of the brands they run (posts, products, …). */
export type PostRow = PostRecord;
export type ProductRow = ProductRecord;
export type ActivityRow = ActivityRecord;
export type RelicRow = RelicRecord;
export type PosterRow = PosterRecord;

/** The member's wedding invitations and their guests' replies (version 11, decision 0720). */
export type WeddingRow = Wedding;
export type WeddingGuestRow = WeddingGuest;
/** Messages visitors left on the member's card or brand pages (version 11, decision 0721). */
export type ContactUsRow = ContactUsMessage;

/** A derived balance (sum of the ledger) as last computed by the server. */
export interface MemberBalanceRow {
  memberId: string;
  groupId: string;
  balance: number;
  updatedAt: string;
  groupName?: string;
  memberName?: string;
}

/** A notification as its pull source sends it (version 7; the service worker writes them too). */
export type NotificationRow = NotificationItem;

/** A discount offer of a group the member belongs to (version 13, decision 0810). */
export type DiscountGroupRow = DiscountGroup;

/** An agency's explore directory as last fetched, for offline browsing and search (version 13). */
export interface ExploreDirectoryRow extends ExploreDirectory {
  agencyId: string;
  fetchedAt: string;
}

/** The member's own copy of a message (version 7, decision 0660). */
export type MessageRow = MessageCopy;

/** A job diary entry of the member (decision 0710; the table exists since version 1). */
export type JobDiaryRow = JobDiaryEntry;
/** A kept conflict of the per-field merge, waiting for the member's choice (decision 1062). */
export type ConflictRow = SyncConflict;

/** The member's CV (version 10, decision 0711); its id is the member's id. */
export type CvRow = MemberCv;

/** A public card snapshotted on this device so it opens in airplane mode (client-only). */
export interface SavedCardRow {
  /** The card's member id. */
  id: string;
  urlMinify: string;
  card: Record<string, unknown>;
  savedAt: string;
}

export type OutboxState = 'pending' | 'rejected';

export interface OutboxError {
  code: string;
  message: string;
  fields?: Record<string, string>;
  status?: number;
}

/** A queued write: data, not a frozen HTTP request (the token is attached when sending). */
export interface OutboxEntry {
  /** Client-made UUID, sent as the idempotency key. */
  id: string;
  /** Queue order; pushes keep it. */
  seq: number;
  /** Registered server mutation, e.g. `contact.upsert`. */
  name: string;
  payload: unknown;
  /** The mirrored table and row the optimistic change touched. */
  table: MirroredTableName;
  /** The row's key; compound keys as JSON. */
  rowKey: string;
  /** The row before the optimistic change (null: there was none); restored on rejection. */
  snapshot: unknown;
  /** The row after the optimistic change (null: absent); put back when a rejected entry is retried. */
  after: unknown;
  /** Who queued it; only that member's session sends it. */
  memberId: string | null;
  state: OutboxState;
  createdAt: string;
  attempts: number;
  lastAttemptAt: string | null;
  error: OutboxError | null;
  durability: 'default' | 'strict';
  /** Database version whose payload shape this is (upgrades bring it forward). */
  payloadVersion: number;
  /**
   * Epoch ms before which it is not sent: the server held it under a fair-use limit and said
   * when that frees up (decision 1023). `error` says why meanwhile.
   */
  notBefore?: number;
}

/** The last server version of a row pulled while local changes to it were pending. */
export interface ServerShadowRow {
  /** `${table}|${rowKey}` */
  id: string;
  table: MirroredTableName;
  rowKey: string;
  /** The pulled row; null for a pulled tombstone. */
  row: unknown;
  /** The cursor the page carrying it was pulled from: pulling again from there re-sends the row. */
  pulledAfter: number;
}

/**
 * A picked picture waiting to be uploaded (decision 0620): its address is known already
 * (`/img/<id>/…`), so edits can point at it offline; the engine uploads it before pushing.
 */
export interface PendingImageRow {
  /** The upload id (a uuid made here). */
  id: string;
  memberId: string | null;
  purpose: ImagePurpose;
  /** The resized picture's bytes and type (bytes rather than a Blob: every browser stores them). */
  bytes: ArrayBuffer;
  type: string;
  /** pending: waits to be sent; rejected: the server refused it (error says why). */
  state: 'pending' | 'rejected';
  attempts: number;
  error: OutboxError | null;
  createdAt: string;
}

export interface SyncStateRow {
  key: string;
  value: unknown;
}

/** A member or customer of a group this device's member staffs (version 12, decision 0801). */
export type GroupRosterRow = Mirrored<RosterEntry>;

/**
 * Rows whose stored shape is not the pulled row as the entity table has it: the profile with
 * its account columns, rows that keep their change sequence, the REST cache of balances and
 * saved cards. Every other pulled table stores its PulledRows type as it is.
 */
interface StoredRowsBeyondThePull {
  profile: ProfileRow;
  pointEntries: PointEntryRow;
  checkIns: CheckInRow;
  orderGroups: OrderGroupRow;
  staffGroups: StaffGroupRow;
  groupRoster: GroupRosterRow;
  memberBalances: MemberBalanceRow;
  savedCards: SavedCardRow;
}

/** The row type of every mirrored table: derived from the entity table (contract/entities.ts). */
export type MirroredTables = {
  [K in MemberEntityName | 'savedCards']: K extends keyof StoredRowsBeyondThePull
    ? StoredRowsBeyondThePull[K]
    : K extends keyof PulledRows
      ? PulledRows[K]
      : never;
};

export type MirroredTableName = keyof MirroredTables;

/**
 * The signed-in member's mirror (contract/entities.ts: pulled tables and REST caches), cleared
 * together on resync and when another member signs in.
 */
export const pulledTableNames = memberEntityNames;

export const mirroredTableNames = [
  ...memberEntityNames,
  'savedCards',
] as const satisfies readonly MirroredTableName[];

// The mirrored tables' row types cover exactly the entity table's member tables and saved cards.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const mirroredTablesMatchTheEntityTable: Exactly<
  MirroredTableName,
  MemberEntityName | 'savedCards'
> = true;

export type AppDb = Dexie & {
  [K in MirroredTableName]: Table<
    MirroredTables[K],
    K extends 'memberBalances' ? [string, string] : string
  >;
} & {
  outbox: Table<OutboxEntry, string>;
  pendingImages: Table<PendingImageRow, string>;
  serverShadows: Table<ServerShadowRow, string>;
  syncState: Table<SyncStateRow, string>;
  exploreDirectories: Table<ExploreDirectoryRow, string>;
};

// Every table of the entity table is a table of AppDb, and nothing else is.
export const appDbTablesMatchTheEntityTable: Exactly<
  Exclude<keyof AppDb, keyof Dexie>,
  EntityName
> = true;

/** Moves a queued payload of one mutation to the shape of a newer version. */
export type PayloadUpgrade = (payload: unknown) => unknown;

export interface AppDbVersion {
  version: number;
  /** Dexie store changes of this version (null deletes a table). */
  stores: Record<string, string | null>;
  /** Per mutation name: how queued payloads of the older shape become this version's. */
  payloadUpgrades?: Record<string, PayloadUpgrade>;
}

/**
 * Every version of the schema, oldest first: the history an existing device upgrades through.
 * The newest version's stores are the entity table's (contract/entities.ts, see
 * defineAppDbVersions). A table or index added to the entity table needs no version: on open,
 * Dexie 4 adds the missing stores and indexes to a device that has this version number
 * (tests/client/entity-table.test.ts proves it). Add a version (never edit an old one) when a
 * table's key or an index's kind changes, when a table or index must be removed, or when a
 * mutation's payload shape changes; queued outbox entries are brought forward in the same
 * upgrade transaction (docs/decisions/0204-…).
 */
export const appDbVersions: AppDbVersion[] = [
  {
    version: 1,
    stores: {
      profile: 'id',
      friendships: 'id, status, direction, otherMemberId, updatedAt',
      contacts: 'id, name, cardMemberId, updatedAt',
      pointEntries:
        'id, sellerGroupId, buyerMemberId, staffMemberId, orderGroupId, recordedAt, [buyerMemberId+sellerGroupId]',
      checkIns: 'id, groupId, memberId, checkedInAt',
      orderGroups: 'id, sellerGroupId, buyerMemberId',
      staffGroups: 'id, groupId',
      memberBalances: '[memberId+groupId], memberId, groupId',
      notifications: 'id, createdAt, readAt',
      messages: 'id, senderMemberId, recipientMemberId, createdAt',
      jobDiary: 'id, date, createdAt',
      savedCards: 'id, urlMinify, savedAt',
      outbox: 'id, &seq, state, [table+rowKey]',
      serverShadows: 'id',
      syncState: 'key',
    },
  },
  {
    // Picked pictures waiting to be uploaded (decision 0620).
    version: 3,
    stores: { pendingImages: 'id, memberId, state, createdAt' },
  },
  {
    // A member's banks, links and videos as rows (decision 0630).
    version: 4,
    stores: { accountLinks: 'id, memberId, kind, ordinal' },
  },
  {
    // Content the member publishes, for themselves or a brand they run.
    version: 6,
    stores: {
      posts: 'id, memberId, groupId, updatedAt',
      products: 'id, memberId, groupId, updatedAt',
      activities: 'id, memberId, groupId, updatedAt',
      relics: 'id, memberId, groupId, updatedAt',
      posters: 'id, memberId, groupId, updatedAt',
    },
  },
  {
    // Messages are each member's own copies, read by conversation in time order; notifications
    // are opened (not read). Both tables were empty before.
    version: 7,
    stores: {
      messages: 'id, groupMessageId, sentAt, [groupMessageId+sentAt], senderMemberId',
      notifications: 'id, createdAt, openedAt, kind',
    },
  },
  {
    // The member's CV, one row keyed by the member's id (decision 0711).
    version: 10,
    stores: { cvs: 'id' },
  },
  {
    // Wedding invitations, their guests' replies and the contact-us inbox (decisions 0720, 0721).
    version: 11,
    stores: {
      weddings: 'id, memberId, updatedAt',
      weddingGuests: 'id, weddingId, memberId, createdAt',
      contactUs: 'id, memberId, createdAt',
    },
  },
  {
    // The members and customers of the groups the member staffs, found offline at the booth
    // by short link, phone or name (decision 0801).
    version: 12,
    stores: { groupRoster: 'id, groupId, memberId, urlMinify, phone' },
  },
  {
    // Discount offers of the member's groups (a seller applies them offline) and the explore
    // directories last opened (decision 0810).
    version: 13,
    stores: {
      discountGroups: 'id, groupId, updatedAt',
      exploreDirectories: 'agencyId',
    },
  },
  {
    // The member's short links (decision 0900) and support requests (decision 0901).
    version: 14,
    stores: {
      shortLinks: 'id, memberId, slug, createdAt',
      supportRequests: 'id, memberId, createdAt',
    },
  },
  {
    // The member's bio link page items (decision 0940).
    version: 15,
    stores: {
      bioLinks: 'id, memberId, ordinal',
    },
  },
  {
    // Messages keep the one index screens read (a thread in time order; Dexie answers
    // where('groupMessageId') from it too): each index is written again for every pulled row.
    version: 16,
    stores: {
      messages: 'id, [groupMessageId+sentAt]',
    },
  },
  {
    // Entries held under a fair-use limit (decision 1023), found without reading the queue.
    version: 17,
    stores: {
      outbox: 'id, &seq, state, [table+rowKey], notBefore',
    },
  },
  {
    // Conflicts of the per-field merge, found by the row they are about (decision 1062).
    // Queued contact edits of older versions stay whole rows with no base: the server writes
    // them as before (all fields changed, the later write wins), so they need no upgrade.
    version: 18,
    stores: {
      conflicts: 'id, [entity+rowId]',
    },
  },
  {
    // Contacts keep the one index screens read (saved cards by member): the phonebook reads
    // every row and sorts them itself, and each index is written again for every pulled row
    // (a first pull of 100,000 contacts, issue 25).
    version: 19,
    stores: {
      contacts: 'id, cardMemberId',
    },
  },
  {
    // Point entries keep the index screens read (a buyer's ledger at a group): a booth's flush
    // of 10,000 entries wrote five unread indexes three times per entry (issue 25).
    version: 20,
    stores: {
      pointEntries: 'id, [buyerMemberId+sellerGroupId]',
    },
  },
];

export const appDbName = 'mecards';

/** The version whose stores are the entity table's: the newest of the history. */
export const entityTableVersion = latestAppDbVersion();

/**
 * Declares the versions on a Dexie instance; each upgrade also migrates queued payloads. The
 * entity table's version declares every store as contract/entities.ts has it (a list of
 * versions that stops earlier, as an old device had, is declared as it was).
 */
export function defineAppDbVersions(db: Dexie, versions: AppDbVersion[]): void {
  for (const spec of versions) {
    const stores: Record<string, string | null> =
      spec.version === entityTableVersion ? { ...spec.stores, ...dexieStores() } : spec.stores;
    const version = db.version(spec.version).stores(stores);
    const upgrades = spec.payloadUpgrades;
    if (upgrades && Object.keys(upgrades).length > 0) {
      version.upgrade(async (tx) => {
        await tx
          .table<OutboxEntry, string>('outbox')
          .toCollection()
          .modify((entry) => {
            const upgrade = upgrades[entry.name];
            if (upgrade && entry.payloadVersion < spec.version) {
              entry.payload = upgrade(entry.payload);
              entry.payloadVersion = spec.version;
            }
          });
      });
    }
  }
}

export function latestAppDbVersion(versions: AppDbVersion[] = appDbVersions): number {
  return Math.max(...versions.map((v) => v.version));
}

export interface CreateAppDbOptions extends DexieOptions {
  versions?: AppDbVersion[];
}

export function createAppDb(name = appDbName, options: CreateAppDbOptions = {}): AppDb {
  const { versions = appDbVersions, ...dexieOptions } = options;
  const db = new Dexie(name, dexieOptions) as AppDb;
  defineAppDbVersions(db, versions);
  db.on('versionchange', () => {
    // A newer version of the app wants to upgrade: let it, and reload a page onto the new code
    // (a service worker just closes; the new worker brings the new code).
    db.close({ disableAutoOpen: false });
    const page = globalThis as unknown as {
      document?: unknown;
      location?: { reload?: () => void };
    };
    if (page.document) page.location?.reload?.();
    return false;
  });
  return db;
}

/** The app's database (lazily opened on first use). */
export const appDb: AppDb = createAppDb();

let strictDb: AppDb | undefined;

/**
 * A second connection whose transactions are committed with `durability: 'strict'` (flushed to
 * disk before success). Points and check-ins are written through it: money and attendance must
 * survive a crash right after the staff saw "saved".
 */
export function appDbStrict(): AppDb {
  strictDb ??= createAppDb(appDb.name, { chromeTransactionDurability: 'strict' });
  return strictDb;
}

function isClosedError(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'DatabaseClosedError' || name === 'InvalidStateError';
}

/**
 * Runs fn; if the browser closed the connection under us (storage pressure, a crashed backing
 * store, an upgrade elsewhere), reopens the database once and runs fn again.
 */
export async function withOpenDb<T>(db: AppDb, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (!isClosedError(error)) throw error;
    if (!db.isOpen()) await db.open();
    return fn();
  }
}

/** Asks the browser to keep this origin's storage under pressure (window contexts only). */
export async function requestPersistentStorage(): Promise<boolean> {
  // persist() exists in pages only (not in the worker's StorageManager type).
  const storage = (
    globalThis.navigator as
      | { storage?: { persist?: () => Promise<boolean>; persisted?: () => Promise<boolean> } }
      | undefined
  )?.storage;
  if (!storage?.persist) return false;
  try {
    if (await storage.persisted?.()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

/** The key of a row of a table as the outbox stores it. */
export function rowKeyOf(key: string | readonly string[]): string {
  return typeof key === 'string' ? key : JSON.stringify(key);
}
