// Randomized: sequences of offline writes of EVERY mutation declared in contract/entities.ts
// (contacts, friends, points, check-ins, order groups, content), drawn from the registry, plus a friend
// acting on their side, writes during a flush or a pull, against the real server in-process,
// with deliveries dropped before or after the server, duplicated, held back and delivered late,
// answered 401 (refresh ok or refused) or 503, and tab crashes.
// Every push the server handles is checked against a reference model of the rules, in the
// server's own order (support/reference-server.ts). At the end, with the network healthy:
// nothing lost, nothing doubled, server = model, and client = server for every table.
// Seeded (SYNC_CONVERGENCE_SEED, SYNC_CONVERGENCE_RUNS to explore further), so CI runs the same
// scenarios every time.
import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { mutationNames, type MutationName } from '../../contract/mutations';
import { friendshipPairId, type FriendPerson } from '../../contract/friend';
import { paymentAmount, pointsEarned } from '../../contract/points';
import type { PushResult } from '../../contract/sync';
import { queryRows } from '../../server/db/client';
import { storeUpload } from '../../server/images/image-store';
import { mainImageUrl, profileImageSlots, type ProfileImageSlot } from '../../contract/image';
import sharp from 'sharp';
import { writeSession } from '../../src/api/session-store';
import type {
  AccountLinkRow,
  ShortLinkRow,
  BioLinkRow,
  SupportRequestRow,
  CvRow,
  JobDiaryRow,
  CheckInRow,
  FriendshipRow,
  OrderGroupRow,
  PointEntryRow,
} from '../../src/db/app-db';
import { duplicateOfLocal } from '../../src/lib/points-math';
import { queueMutationIn } from '../../src/sync/mutate';
import { resolveConflictWrite } from '../../src/sync/field-edit';
import { queueProfileImageIn } from '../../src/sync/profile-images';
import { exchangeCardsIn } from '../../src/sync/card-exchange';
import { startTestServer } from '../server/test-server';
import { contentKinds, type ContentKind } from '../../contract/content-writes';
import {
  contentTableOf,
  deleteContentIn,
  payloadOfRow,
  saveContentIn,
  type AnyContentRow,
  type ContentPayload,
} from '../../src/features/content/content-data';
import { messageCopyKey } from '../../contract/message';
import { uuidFromDigest } from '../../contract/friend';
import { createHash } from 'node:crypto';
import {
  deleteMessageWrite,
  hideConversationWrites,
  onServer,
  readConversationWrites,
  sendMessageWrite,
} from '../../src/features/messages/message-writes';
import {
  openNotificationWrite,
  pushSettingsWrite,
} from '../../src/features/notifications/notification-writes';
import { pushSettingsWithDefaults, pushTopics, type PushTopic } from '../../contract/notification';
import { saveWedding, weddingPayloadOf } from '../../src/features/wedding/wedding-data';
import { updateInboxMessage } from '../../src/features/contact-us/contact-us-data';
import { createDevice, serverContacts, type Device, type Fault } from './support/sync-harness';
import { ReferenceServer } from './support/reference-server';

const server = await startTestServer({ demo: false });

type FaultName =
  | 'ok'
  | 'drop-before'
  | 'drop-after'
  | 'duplicate'
  | 'hold'
  | '401'
  | '401-refresh-refused'
  | '503';

type FriendMutation = Extract<MutationName, `friend.${string}`>;
type ContentUpsert = `${ContentKind}.upsert`;
type ContentDelete = `${ContentKind}.delete`;
/** Own item, an item of the brand the member runs, of a brand where they only sell (403). */
type ContentChange = 'create' | 'brand' | 'not-admin' | 'edit' | 'invalid';

/** One queued write per declared mutation (picks index what exists at that moment). */
type MutationOp =
  | {
      name: 'contact.upsert';
      change: 'create' | 'edit' | 'refused-edit';
      pick: number;
      person: string;
      phone: string | null;
    }
  | { name: 'contact.delete'; pick: number }
  | {
      name: 'contact.exchange';
      /** member: another member's card; self: one's own; not-member: a brand's id (refused). */
      target: 'member' | 'self' | 'not-member';
      pick: number;
    }
  | { [N in FriendMutation]: { name: N; pick: number } }[FriendMutation]
  | { name: 'point.create'; buyer: number; invoiceValue: number; deducted: number; order: number }
  | { name: 'checkin.create'; member: number }
  | { name: 'orderGroup.upsert'; rename: boolean; pick: number; buyer: number; title: string }
  | { name: 'profile.setTheme'; theme: string; themeType: 'list' | 'square' }
  | { name: 'profile.setPushSettings'; topic: PushTopic; on: boolean }
  | {
      name: 'profile.update';
      field: ProfileTestField;
      value: string;
      /** Another member's id: refused with 403. */
      other: boolean;
    }
  | {
      name: 'profile.setImage';
      slot: ProfileImageSlot;
      /** Whose upload the address names (missing: never uploaded; clear: no picture). */
      which: 'mine' | 'mine-other-slot' | 'others' | 'missing' | 'clear';
    }
  | {
      [N in ContentUpsert]: { name: N; change: ContentChange; pick: number; label: string };
    }[ContentUpsert]
  | { [N in ContentDelete]: { name: N; pick: number } }[ContentDelete]
  | { name: 'message.send'; reply: boolean; pick: number; to: number; body: string }
  | { name: 'message.read'; pick: number }
  | { name: 'message.hide'; pick: number }
  | { name: 'message.delete'; pick: number }
  | { name: 'notification.open'; pick: number }
  | { name: 'conflict.resolve'; pick: number }
  | {
      name: 'accountLink.upsert';
      change: AccountLinkChange;
      pick: number;
      title: string;
      ordinal: number;
    }
  | { name: 'accountLink.delete'; pick: number }
  | {
      name: 'jobDiary.upsert';
      /** create: a new entry; edit: a live one; refused: a blank title the schema refuses. */
      change: 'create' | 'edit' | 'refused';
      pick: number;
      date: string;
      title: string;
    }
  | { name: 'jobDiary.delete'; pick: number }
  | { name: 'cv.save'; skill: string; gender: 'male' | 'female' | 'other'; blankEmail: boolean }
  | {
      name: 'wedding.upsert';
      /** refused-bank: a BIN of the right shape that no bank has. */
      change: 'create' | 'edit' | 'refused-bank';
      pick: number;
      venue: string;
    }
  | { name: 'contactUs.update'; pick: number; read: boolean | null; contacted: boolean | null }
  | { name: 'shortLink.upsert'; change: ShortLinkChange; pick: number; target: string }
  | { name: 'shortLink.delete'; pick: number }
  | { name: 'supportRequest.create'; topic: string; message: string }
  | { name: 'bioLink.upsert'; change: BioLinkChange; pick: number; url: string }
  | { name: 'bioLink.delete'; pick: number };

/** create: a new item; edit/toggle/move: a live one; refused-*: one the server must refuse. */
type BioLinkChange = 'create' | 'edit' | 'toggle' | 'move' | 'refused-url' | 'refused-schedule';

/** create: a new slug; edit/disable: a live link; taken/reserved/rename: refused by the server. */
type ShortLinkChange = 'create' | 'edit' | 'disable' | 'taken' | 'reserved' | 'rename';

/** create-*: a new row; edit/hide/move: a live one; refused-*: one the server must refuse. */
type AccountLinkChange =
  | 'create-bank'
  | 'create-link'
  | 'create-video'
  | 'edit'
  | 'hide'
  | 'move'
  | 'refused-bank'
  | 'refused-video';

/** Profile fields the runs edit; a blank name is refused, a blank job title clears it. */
type ProfileTestField = 'name' | 'jobTitle' | 'intro' | 'language';
const profileValues: Record<ProfileTestField, string[]> = {
  name: ['Thu Trang', 'Nguyễn Văn Hải', ''],
  jobTitle: ['Giám đốc', 'Kỹ sư', ''],
  intro: ['Xin chào!', 'Cà phê mỗi sáng', ''],
  language: ['VN', 'EN'],
};

type Op =
  | { kind: 'queue'; op: MutationOp }
  | { kind: 'friend-acts'; pick: number; name: FriendMutation }
  | { kind: 'friend-sends'; pick: number; reply: boolean }
  | { kind: 'friend-exchanges'; pick: number }
  | { kind: 'flush'; faults: FaultName[] }
  | { kind: 'write-during-flush'; person: string; faults: FaultName[] }
  | { kind: 'edit-during-pull'; pick: number; person: string }
  | { kind: 'crash' }
  | { kind: 'deliver-held' };

const people = ['Nguyễn An', 'Trần Bình', 'Lê Châu', 'Phạm Dung', 'Hoàng Em', 'Võ Giang'];
const personArb = fc
  .tuple(fc.constantFrom(...people), fc.nat(99))
  .map(([name, n]) => `${name} ${n}`);
const faultArb = fc.array(
  fc.constantFrom<FaultName>(
    'ok',
    'ok',
    'drop-before',
    'drop-after',
    'duplicate',
    'hold',
    '401',
    '401-refresh-refused',
    '503',
  ),
  { maxLength: 4 },
);
const friendArb = <N extends FriendMutation>(name: N) =>
  fc.record({ name: fc.constant(name), pick: fc.nat() });
const contentUpsertArb = <N extends ContentUpsert>(name: N) =>
  fc.record({
    name: fc.constant(name),
    change: fc.constantFrom<ContentChange>(
      'create',
      'brand',
      'brand',
      'not-admin',
      'edit',
      'edit',
      'invalid',
    ),
    pick: fc.nat(),
    label: fc.constantFrom('Khai trương', 'Ưu đãi', 'Giải thưởng', 'Hội chợ'),
  });
const contentDeleteArb = <N extends ContentDelete>(name: N) =>
  fc.record({ name: fc.constant(name), pick: fc.nat() });

// Keyed by every declared mutation: declaring a new one without a way to draw it fails tsc.
const mutationOpArbs: { [N in MutationName]: fc.Arbitrary<Extract<MutationOp, { name: N }>> } = {
  'contact.upsert': fc.record({
    name: fc.constant('contact.upsert' as const),
    change: fc.constantFrom(
      'create' as const,
      'create' as const,
      'edit' as const,
      'refused-edit' as const,
    ),
    pick: fc.nat(),
    person: personArb,
    phone: fc.option(fc.constantFrom('0901234567', '0912 345 678'), { nil: null }),
  }),
  'contact.delete': fc.record({ name: fc.constant('contact.delete' as const), pick: fc.nat() }),
  'contact.exchange': fc.record({
    name: fc.constant('contact.exchange' as const),
    target: fc.constantFrom(
      'member' as const,
      'member' as const,
      'member' as const,
      'member' as const,
      'self' as const,
      'not-member' as const,
    ),
    pick: fc.nat(),
  }),
  'friend.add': friendArb('friend.add'),
  'friend.accept': friendArb('friend.accept'),
  'friend.reject': friendArb('friend.reject'),
  'friend.cancel': friendArb('friend.cancel'),
  'friend.unfriend': friendArb('friend.unfriend'),
  'point.create': fc.record({
    name: fc.constant('point.create' as const),
    buyer: fc.nat(),
    invoiceValue: fc.constantFrom(4_000, 20_000, 150_000),
    // Often more than the balance (refused when it arrives), sometimes more than the invoice.
    deducted: fc.constantFrom(0, 0, 3, 15, 60, 200),
    order: fc.nat(3),
  }),
  'checkin.create': fc.record({ name: fc.constant('checkin.create' as const), member: fc.nat() }),
  'profile.setImage': fc.record({
    name: fc.constant('profile.setImage' as const),
    slot: fc.constantFrom(...profileImageSlots),
    which: fc.constantFrom(
      'mine' as const,
      'mine' as const,
      'mine-other-slot' as const,
      'others' as const,
      'missing' as const,
      'clear' as const,
    ),
  }),
  'orderGroup.upsert': fc.record({
    name: fc.constant('orderGroup.upsert' as const),
    rename: fc.boolean(),
    pick: fc.nat(),
    buyer: fc.nat(),
    title: fc.constantFrom('', 'Đơn sáng', 'Đơn chiều', 'Tiệc cưới'),
  }),
  'profile.setTheme': fc.record({
    name: fc.constant('profile.setTheme' as const),
    // 'no-such-theme' passes the schema and is refused by the server's list.
    theme: fc.constantFrom('lightmode', 'darkmode', 'violet', 'blackgold', 'no-such-theme'),
    themeType: fc.constantFrom('list' as const, 'square' as const),
  }),
  'profile.setPushSettings': fc.record({
    name: fc.constant('profile.setPushSettings' as const),
    topic: fc.constantFrom(...pushTopics),
    on: fc.boolean(),
  }),
  'profile.update': fc
    .record({
      field: fc.constantFrom<ProfileTestField>('name', 'jobTitle', 'intro', 'language'),
      pick: fc.nat(),
      other: fc.nat(9).map((n) => n < 2),
    })
    .map(({ field, pick, other }) => ({
      name: 'profile.update' as const,
      field,
      value: profileValues[field][pick % profileValues[field].length]!,
      other,
    })),
  'post.upsert': contentUpsertArb('post.upsert'),
  'post.delete': contentDeleteArb('post.delete'),
  'product.upsert': contentUpsertArb('product.upsert'),
  'product.delete': contentDeleteArb('product.delete'),
  'activity.upsert': contentUpsertArb('activity.upsert'),
  'activity.delete': contentDeleteArb('activity.delete'),
  'relic.upsert': contentUpsertArb('relic.upsert'),
  'relic.delete': contentDeleteArb('relic.delete'),
  'poster.upsert': contentUpsertArb('poster.upsert'),
  'poster.delete': contentDeleteArb('poster.delete'),
  'message.send': fc.record({
    name: fc.constant('message.send' as const),
    reply: fc.boolean(),
    pick: fc.nat(),
    to: fc.nat(),
    // A blank text is refused by the server's schema (and undone on the device).
    body: fc.constantFrom('Chào bạn', 'Hẹn gặp lúc 3 giờ', 'Cảm ơn nhé', '  '),
  }),
  'message.read': fc.record({ name: fc.constant('message.read' as const), pick: fc.nat() }),
  'message.hide': fc.record({ name: fc.constant('message.hide' as const), pick: fc.nat() }),
  'message.delete': fc.record({ name: fc.constant('message.delete' as const), pick: fc.nat() }),
  'notification.open': fc.record({
    name: fc.constant('notification.open' as const),
    pick: fc.nat(),
  }),
  'accountLink.upsert': fc.record({
    name: fc.constant('accountLink.upsert' as const),
    change: fc.constantFrom<AccountLinkChange>(
      'create-bank',
      'create-link',
      'create-video',
      'edit',
      'hide',
      'move',
      'refused-bank',
      'refused-video',
    ),
    pick: fc.nat(),
    title: fc.constantFrom('', 'Facebook', 'Kênh của tôi', 'Cửa hàng'),
    ordinal: fc.nat(6),
  }),
  'accountLink.delete': fc.record({
    name: fc.constant('accountLink.delete' as const),
    pick: fc.nat(),
  }),
  'jobDiary.upsert': fc.record({
    name: fc.constant('jobDiary.upsert' as const),
    change: fc.constantFrom<'create' | 'edit' | 'refused'>('create', 'create', 'edit', 'refused'),
    pick: fc.nat(),
    date: fc.constantFrom('2026-03-01', '2026-03-02', '2026-04-15'),
    title: fc.constantFrom('Gặp khách hàng', 'Viết báo cáo', 'Họp nhóm'),
  }),
  'jobDiary.delete': fc.record({ name: fc.constant('jobDiary.delete' as const), pick: fc.nat() }),
  'cv.save': fc.record({
    name: fc.constant('cv.save' as const),
    skill: fc.constantFrom('TypeScript', 'Quản lý dự án', 'Tiếng Anh'),
    gender: fc.constantFrom<'male' | 'female' | 'other'>('male', 'female', 'other'),
    // A blank email is refused by the schema (and undone on the device).
    blankEmail: fc.boolean(),
  }),
  'wedding.upsert': fc.record({
    name: fc.constant('wedding.upsert' as const),
    change: fc.constantFrom(
      'create' as const,
      'edit' as const,
      'edit' as const,
      'refused-bank' as const,
    ),
    pick: fc.nat(),
    venue: fc.constantFrom('', 'Nhà hàng Hoa Sen', 'Tư gia nhà trai'),
  }),
  'contactUs.update': fc.record({
    name: fc.constant('contactUs.update' as const),
    pick: fc.nat(),
    read: fc.constantFrom(true, false, null),
    contacted: fc.constantFrom(true, false, null),
  }),
  'shortLink.upsert': fc.record({
    name: fc.constant('shortLink.upsert' as const),
    change: fc.constantFrom<ShortLinkChange>(
      'create',
      'create',
      'edit',
      'disable',
      'taken',
      'reserved',
      'rename',
    ),
    pick: fc.nat(),
    target: fc.constantFrom('https://example.vn/a', 'https://shop.example/sale?x=1', '/me/demo'),
  }),
  'shortLink.delete': fc.record({
    name: fc.constant('shortLink.delete' as const),
    pick: fc.nat(),
  }),
  'supportRequest.create': fc.record({
    name: fc.constant('supportRequest.create' as const),
    // 'help' is no topic and a blank message is refused (both undone on the device).
    topic: fc.constantFrom('share', 'offline', 'install', 'help'),
    message: fc.constantFrom('Không lưu được danh bạ', 'Cần cài ứng dụng', '  '),
  }),
  'bioLink.upsert': fc.record({
    name: fc.constant('bioLink.upsert' as const),
    change: fc.constantFrom<BioLinkChange>(
      'create',
      'create',
      'edit',
      'toggle',
      'move',
      'refused-url',
      'refused-schedule',
    ),
    pick: fc.nat(),
    url: fc.constantFrom('https://shop.example.vn', 'http://zalo.example/oa', 'https://a.vn/x?y=1'),
  }),
  'bioLink.delete': fc.record({
    name: fc.constant('bioLink.delete' as const),
    pick: fc.nat(),
  }),
  'conflict.resolve': fc.record({
    name: fc.constant('conflict.resolve' as const),
    pick: fc.nat(),
  }),
};

// Answers to a friend's request need one first: they are drawn more often (a no-op without one).
const opWeights: Record<MutationName, number> = {
  'contact.upsert': 4,
  'contact.delete': 2,
  'contact.exchange': 2,
  'friend.add': 2,
  'friend.accept': 3,
  'friend.reject': 3,
  'friend.cancel': 4,
  'friend.unfriend': 2,
  'point.create': 3,
  'checkin.create': 2,
  'orderGroup.upsert': 2,
  'profile.setTheme': 2,
  'profile.update': 3,
  'profile.setImage': 2,
  'profile.setPushSettings': 2,
  'post.upsert': 2,
  'post.delete': 4,
  'product.upsert': 2,
  'product.delete': 5,
  'activity.upsert': 2,
  'activity.delete': 4,
  'relic.upsert': 2,
  'relic.delete': 4,
  'poster.upsert': 2,
  'poster.delete': 4,
  'message.send': 3,
  // Needs a conversation first: drawn a little more often.
  'message.read': 5,
  'message.hide': 1,
  'message.delete': 1,
  'notification.open': 2,
  'accountLink.upsert': 3,
  'accountLink.delete': 3,
  'jobDiary.upsert': 3,
  'jobDiary.delete': 2,
  'cv.save': 2,
  'wedding.upsert': 1,
  'contactUs.update': 2,
  'shortLink.upsert': 3,
  'shortLink.delete': 2,
  'supportRequest.create': 1,
  'bioLink.upsert': 3,
  'bioLink.delete': 2,
  // Needs a conflict first (the first draw makes one on the server): drawn more often.
  'conflict.resolve': 4,
};

/**
 * One step of a scenario. The mutations in `favoured` are drawn ten times as often: the extra
 * rounds favour those no seeded run has queued yet (nothing is favoured in the seeded runs).
 */
const opArbFavouring = (favoured: ReadonlySet<MutationName>): fc.Arbitrary<Op> =>
  fc.oneof(
    ...mutationNames.map((name) => ({
      weight: opWeights[name] * (favoured.has(name) ? 10 : 1),
      arbitrary: mutationOpArbs[name].map((op): Op => ({ kind: 'queue', op })),
    })),
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('friend-acts' as const),
        pick: fc.nat(),
        name: fc.constantFrom<FriendMutation>(
          'friend.add',
          'friend.add',
          'friend.accept',
          'friend.reject',
          'friend.cancel',
          'friend.unfriend',
        ),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('friend-sends' as const),
        pick: fc.nat(),
        reply: fc.boolean(),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('friend-exchanges' as const), pick: fc.nat() }),
    },
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('flush' as const), faults: faultArb }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('write-during-flush' as const),
        person: personArb,
        faults: faultArb,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('edit-during-pull' as const),
        pick: fc.nat(),
        person: personArb,
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'crash' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'deliver-held' as const }) },
  );

/** A scenario: up to 40 steps. */
const scenariosFavouring = (favoured: ReadonlySet<MutationName> = new Set()) =>
  fc.array(opArbFavouring(favoured), { minLength: 1, maxLength: 40, size: 'max' });

/** Entries queued per mutation over all runs: each declared mutation must have been exercised. */
const queuedPerMutation = new Map<string, number>();

let propertyFailed = false;

afterAll(() => {
  // Only for the seeded runs of CI (a failed property stopped early and says why itself).
  if (process.env.SYNC_CONVERGENCE_RUNS || propertyFailed) return;
  for (const name of mutationNames) {
    expect(queuedPerMutation.get(name) ?? 0, `${name} queued in some run`).toBeGreaterThan(0);
  }
});

interface World {
  me: string;
  groupId: string;
  /** A brand the member runs (admin): its content is theirs to write. */
  brandId: string;
  buyers: string[];
  friends: FriendPerson[];
  tokens: Map<string, string>;
  /** Pictures uploaded before the run: the device's member's, and another member's. */
  uploads: { mine: Record<ProfileImageSlot, string>; others: Record<ProfileImageSlot, string> };
  /** Contact-us messages in the member's inbox. */
  contactUsIds: string[];
  /** Every member's card as the server shows it (name, phone, link): what an exchange copies. */
  cards: Map<string, { name: string; phone: string | null; urlMinify: string }>;
}

/** The friends' card phones: spelled as the device's contacts are, or another way, or none. */
const friendPhones = ['0901234567', '+84 912 345 678', null];

const tinyPng = await sharp({
  create: { width: 8, height: 8, channels: 3, background: '#3a7' },
})
  .png()
  .toBuffer();

async function uploadsOf(memberId: string): Promise<Record<ProfileImageSlot, string>> {
  const urls = {} as Record<ProfileImageSlot, string>;
  for (const slot of profileImageSlots) {
    const id = crypto.randomUUID();
    await storeUpload(server.database.db, { id, memberId, purpose: slot, bytes: tinyPng });
    urls[slot] = mainImageUrl(id, slot);
  }
  return urls;
}

async function newWorld(): Promise<World> {
  const ids = Array.from({ length: 6 }, () => crypto.randomUUID());
  const [me, ...others] = ids as [string, ...string[]];
  const cards = new Map<string, { name: string; phone: string | null; urlMinify: string }>();
  for (const [n, id] of ids.entries()) {
    // The friends (3 to 5) show a phone on their card: an exchange matches it (decision 1100).
    const phone = n >= 3 ? (friendPhones[n - 3] ?? null) : null;
    await queryRows(
      server.database.db,
      sql`INSERT INTO members (id, name, url_minify, contact_phone)
          VALUES (${id}, ${`Người ${n}`}, ${`sync-${id}`}, ${phone})`,
    );
    cards.set(id, { name: `Người ${n}`, phone, urlMinify: `sync-${id}` });
  }
  const groupId = crypto.randomUUID();
  await queryRows(
    server.database.db,
    sql`INSERT INTO groups (id, name, url_minify) VALUES (${groupId}, 'Quán thử', ${`g-${groupId}`})`,
  );
  await queryRows(
    server.database.db,
    sql`INSERT INTO group_members (group_id, member_id, role) VALUES (${groupId}, ${me}, 'seller')`,
  );
  const brandId = crypto.randomUUID();
  await queryRows(
    server.database.db,
    sql`INSERT INTO groups (id, name, url_minify) VALUES (${brandId}, 'Hiệu thử', ${`b-${brandId}`})`,
  );
  await queryRows(
    server.database.db,
    sql`INSERT INTO group_members (group_id, member_id, role) VALUES (${brandId}, ${me}, 'admin')`,
  );
  const tokens = new Map<string, string>();
  for (const id of ids) tokens.set(id, await server.tokenFor(id));
  const friends = others.slice(2, 5).map((id, n): FriendPerson => ({
    id,
    name: `Người ${n + 3}`,
    urlMinify: `sync-${id}`,
    avatarUrl: null,
    jobTitle: null,
    workplace: null,
  }));
  const uploads = { mine: await uploadsOf(me), others: await uploadsOf(others[0]!) };
  // Visitors left messages on the member's card before the run (public posts, no device).
  const contactUsIds = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  for (const [n, id] of contactUsIds.entries()) {
    await queryRows(
      server.database.db,
      sql`INSERT INTO contact_us_messages (id, member_id, name, phone, message)
          VALUES (${id}, ${me}, ${`Khách ${n}`}, '0901234567', 'Xin liên hệ lại')`,
    );
  }
  return {
    me,
    groupId,
    brandId,
    buyers: others.slice(0, 2),
    friends,
    tokens,
    uploads,
    contactUsIds,
    cards,
  };
}

async function login(memberId: string): Promise<void> {
  await writeSession({
    accessToken: await server.tokenFor(memberId),
    memberId,
    userName: 'thu',
    urlMinify: null,
    brandGroup: null,
    agency: null,
  });
}

function installFaults(device: Device, memberId: string, faults: FaultName[]): () => Promise<void> {
  const queue = [...faults];
  let relogin = false;
  device.faults.next = (path) => {
    if (!path.startsWith('/api/sync/')) return undefined;
    const next = queue.shift() ?? 'ok';
    switch (next) {
      case 'ok':
        return undefined;
      case '401':
        device.refresh.ok = true;
        return { kind: 'status', status: 401, code: 'token_expired' } satisfies Fault;
      case '401-refresh-refused':
        device.refresh.ok = false;
        relogin = true;
        return { kind: 'status', status: 401, code: 'token_expired' } satisfies Fault;
      case '503':
        return { kind: 'status', status: 503, code: 'generic', retryAfter: 1 } satisfies Fault;
      default:
        return { kind: next } satisfies Fault;
    }
  };
  // After the flush: the member logs in again if their session was refused.
  return async () => {
    device.faults.next = () => undefined;
    device.refresh.ok = true;
    if (relogin) await login(memberId);
  };
}

/** A row with pending changes shows the newest of them, whatever was pulled meanwhile. */
async function checkPendingRowsKept(device: Device): Promise<void> {
  const pending = await device.db.outbox.where('state').equals('pending').sortBy('seq');
  const newest = new Map(pending.map((e) => [`${e.table}|${e.rowKey}`, e]));
  for (const entry of newest.values()) {
    const row: unknown = (await device.db.table(entry.table).get(entry.rowKey)) ?? null;
    expect(row, `${entry.table} ${entry.rowKey} with a pending change`).toEqual(entry.after);
  }
}

/** The required fields of a new item of each kind, apart from its label. */
function contentFields(kind: ContentKind): Record<string, unknown> {
  switch (kind) {
    case 'post':
      return { type: 'news', content: 'Nội dung', startDate: '2026-11-01' };
    case 'product':
      return { type: 'sell', childType: 'Cà phê' };
    case 'activity':
      return { type: 'awards' };
    case 'relic':
      return {};
    case 'poster':
      return { viewType: 'other', startDate: '2026-01-01', endDate: '2099-12-31' };
  }
}

/** The field each kind is told apart by; '' makes the payload invalid (a refused edit). */
function contentLabelled(kind: ContentKind, label: string): Record<string, unknown> {
  if (kind === 'activity') return { displayName: label };
  if (kind === 'poster') return { images: label ? [`/uploads/${label}.webp`] : [] };
  return { title: label };
}

/** The label of a stored item as contentLabelled set it. */
function labelOfServerRow(kind: ContentKind, row: Record<string, unknown>): string {
  if (kind === 'activity') return String(row.displayName);
  if (kind === 'poster') return String((row.images as string[])[0] ?? '').slice(9, -5);
  return String(row.title);
}

/** The device's side: each write made the way its feature makes it (optimistic row + entry). */
function deviceWrites(device: Device, world: World, queued: string[], model: ReferenceServer) {
  const { me, groupId } = world;
  const track = (name: MutationName, id: string) => {
    queued.push(id);
    queuedPerMutation.set(name, (queuedPerMutation.get(name) ?? 0) + 1);
  };
  const oldestFirst = <T extends { id: string; createdAt: string }>(rows: T[]) =>
    rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const liveContactIds = async () =>
    oldestFirst((await device.db.contacts.toArray()).filter((c) => c.deletedAt === null)).map(
      (c) => c.id,
    );

  const contactUpsert = async (id: string, person: string, phone: string | null = null) => {
    track('contact.upsert', await device.queueContact({ id, name: person, phone }));
  };

  /** The friend's relation as this device shows it, and whether the screen offers `name`. */
  async function relationFor(name: FriendMutation, other: FriendPerson) {
    const id = await friendshipPairId(me, other.id);
    const local = await device.db.friendships.get(id);
    const live = local && local.deletedAt === null ? local : undefined;
    const sentByMe = live?.fromMemberId === me;
    const offered =
      name === 'friend.add'
        ? !live || (live.status === 'pending' && !sentByMe)
        : name === 'friend.unfriend'
          ? live?.status === 'accepted'
          : name === 'friend.cancel'
            ? live?.status === 'pending' && sentByMe
            : live?.status === 'pending' && !sentByMe;
    return { id, live, offered };
  }

  /** A friend write on one of the friends the screen offers it for (picked), if any. */
  async function friendWrite(name: FriendMutation, pick: number): Promise<void> {
    const offeredTo: FriendPerson[] = [];
    for (const friend of world.friends) {
      if ((await relationFor(name, friend)).offered) offeredTo.push(friend);
    }
    const other = offeredTo[pick % Math.max(offeredTo.length, 1)];
    if (!other) return;
    const { id, live } = await relationFor(name, other);
    const now = new Date().toISOString();
    let row: FriendshipRow;
    if (name === 'friend.add') {
      row = live
        ? { ...live, status: 'accepted', updatedAt: now }
        : {
            id,
            fromMemberId: me,
            toMemberId: other.id,
            status: 'pending',
            direction: 'sent',
            otherMemberId: other.id,
            other,
            searchKey: other.name.toLowerCase(),
            createdAt: now,
            updatedAt: now,
            deletedAt: null,
          };
    } else {
      const status = (
        {
          'friend.accept': 'accepted',
          'friend.reject': 'rejected',
          'friend.cancel': 'cancelled',
          'friend.unfriend': 'removed',
        } as const
      )[name];
      row = { ...live!, status, updatedAt: now, deletedAt: status === 'accepted' ? null : now };
    }
    const receiving = name === 'friend.accept' || name === 'friend.reject';
    const entry = await queueMutationIn(
      device.db,
      {
        name,
        payload: receiving ? { from: other.id, to: me } : { from: me, to: other.id },
        table: 'friendships',
        rowId: id,
        apply: (db) => db.friendships.put(row),
      },
      me,
    );
    track(name, entry.id);
  }

  async function pointCreate(op: Extract<MutationOp, { name: 'point.create' }>): Promise<void> {
    const buyer = world.buyers[op.buyer % world.buyers.length]!;
    const orders = oldestFirst(
      (await device.db.orderGroups.where('buyerMemberId').equals(buyer).toArray()).filter(
        (o) => o.sellerGroupId === groupId && o.deletedAt === null,
      ),
    );
    const orderGroupId = orders[op.order] ? orders[op.order]!.id : null;
    const now = new Date().toISOString();
    const row: PointEntryRow = {
      id: crypto.randomUUID(),
      sellerGroupId: groupId,
      sellerGroupName: 'Quán thử',
      buyerMemberId: buyer,
      buyerName: '',
      staffMemberId: me,
      staffName: '',
      orderGroupId,
      invoiceNumber: `HD-${queued.length}`,
      invoiceValue: op.invoiceValue,
      accumulatedPoints: pointsEarned({
        invoiceValue: op.invoiceValue,
        deductedPoints: op.deducted,
      }),
      deductedPoints: op.deducted,
      paymentAmount: paymentAmount(op.invoiceValue, op.deducted),
      note: null,
      recordedAt: now,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    };
    const entry = await queueMutationIn(
      device.db,
      {
        name: 'point.create',
        payload: {
          id: row.id,
          sellerGroupId: groupId,
          buyerMemberId: buyer,
          invoiceNumber: row.invoiceNumber,
          invoiceValue: row.invoiceValue,
          deductedPoints: row.deductedPoints,
          recordedAt: now,
          ...(orderGroupId ? { orderGroupId } : {}),
        },
        table: 'pointEntries',
        rowId: row.id,
        durability: 'strict',
        apply: (db) => db.pointEntries.add(row),
      },
      me,
    );
    track('point.create', entry.id);
  }

  async function checkIn(op: Extract<MutationOp, { name: 'checkin.create' }>): Promise<void> {
    const member = world.buyers[op.member % world.buyers.length]!;
    const now = new Date().toISOString();
    const id = crypto.randomUUID();
    const others = await device.db.checkIns.where('memberId').equals(member).toArray();
    const row: CheckInRow = {
      id,
      groupId,
      groupName: 'Quán thử',
      memberId: member,
      memberName: '',
      staffMemberId: me,
      staffName: '',
      checkedInAt: now,
      duplicateOf: duplicateOfLocal({ id, memberId: member, groupId, checkedInAt: now }, others),
      note: null,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    };
    const entry = await queueMutationIn(
      device.db,
      {
        name: 'checkin.create',
        payload: { id, groupId, memberId: member, checkedInAt: now },
        table: 'checkIns',
        rowId: id,
        durability: 'strict',
        apply: (db) => db.checkIns.add(row),
      },
      me,
    );
    track('checkin.create', entry.id);
  }

  /** A card picture, the way the photos screen sets it. */
  async function profileImage(op: Extract<MutationOp, { name: 'profile.setImage' }>) {
    const otherSlot = profileImageSlots[(profileImageSlots.indexOf(op.slot) + 1) % 3]!;
    const url = {
      mine: world.uploads.mine[op.slot],
      'mine-other-slot': world.uploads.mine[otherSlot],
      others: world.uploads.others[op.slot],
      missing: mainImageUrl(crypto.randomUUID(), op.slot),
      clear: null,
    }[op.which];
    const entry = await queueProfileImageIn(device.db, me, op.slot, url);
    track('profile.setImage', entry.id);
  }

  async function orderGroup(op: Extract<MutationOp, { name: 'orderGroup.upsert' }>) {
    const now = new Date().toISOString();
    const existing = oldestFirst(
      (await device.db.orderGroups.toArray()).filter((o) => o.deletedAt === null),
    );
    const renamed = op.rename && existing.length > 0 ? existing[op.pick % existing.length] : null;
    const row: OrderGroupRow = renamed
      ? { ...renamed, title: op.title, updatedAt: now }
      : {
          id: crypto.randomUUID(),
          sellerGroupId: groupId,
          buyerMemberId: world.buyers[op.buyer % world.buyers.length]!,
          staffMemberId: me,
          title: op.title,
          createdAt: now,
          updatedAt: now,
          deletedAt: null,
        };
    const entry = await queueMutationIn(
      device.db,
      {
        name: 'orderGroup.upsert',
        payload: {
          id: row.id,
          sellerGroupId: row.sellerGroupId,
          buyerMemberId: row.buyerMemberId,
          title: row.title,
        },
        table: 'orderGroups',
        rowId: row.id,
        durability: 'strict',
        apply: (db) => db.orderGroups.put(row),
      },
      me,
    );
    track('orderGroup.upsert', entry.id);
  }

  /** As the display screen does it: the profile row (when mirrored) and the entry together. */
  async function setTheme(op: Extract<MutationOp, { name: 'profile.setTheme' }>) {
    const entry = await queueMutationIn(
      device.db,
      {
        name: 'profile.setTheme',
        payload: { theme: op.theme, themeType: op.themeType },
        table: 'profile',
        rowId: me,
        apply: (db) => db.profile.update(me, { theme: op.theme, themeType: op.themeType }),
      },
      me,
    );
    track('profile.setTheme', entry.id);
  }

  /** As the notifications screen does: the mirrored profile row and the entry together. */
  async function setPushSettings(op: Extract<MutationOp, { name: 'profile.setPushSettings' }>) {
    const entry = await queueMutationIn(
      device.db,
      pushSettingsWrite(me, { [op.topic]: op.on }),
      me,
    );
    track('profile.setPushSettings', entry.id);
  }

  /** As the profile editor does: the changed field on the mirrored row and in the patch. */
  async function profileUpdate(op: Extract<MutationOp, { name: 'profile.update' }>) {
    const id = op.other ? world.buyers[0]! : me;
    const column = op.field === 'language' ? 'language' : op.field;
    const local = op.field === 'name' || op.field === 'language' ? op.value : op.value || null;
    const entry = await queueMutationIn(
      device.db,
      {
        name: 'profile.update',
        payload: { id, [op.field]: op.value },
        table: 'profile',
        rowId: id,
        apply: (db) =>
          db.profile
            .where('id')
            .equals(id)
            .modify((row) => {
              (row as unknown as Record<string, unknown>)[column] = local;
              row.updatedAt = new Date().toISOString();
            }),
      },
      me,
    );
    track('profile.update', entry.id);
  }

  /** The live items of a kind the member manages (own and the brand's), oldest first. */
  const liveContent = async (kind: ContentKind) =>
    oldestFirst(
      (await device.db.table<AnyContentRow, string>(contentTableOf[kind]).toArray()).filter(
        (row) => row.deletedAt === null,
      ),
    );

  async function contentUpsert(
    kind: ContentKind,
    op: { change: ContentChange; pick: number; label: string },
  ): Promise<void> {
    const label = `${op.label} ${queued.length}`;
    if (op.change === 'edit' || op.change === 'invalid') {
      const rows = await liveContent(kind);
      const row = rows[op.pick % Math.max(rows.length, 1)];
      if (!row) return;
      const payload = {
        ...payloadOfRow(kind, row as never),
        ...contentLabelled(kind, op.change === 'invalid' ? '' : label),
      };
      track(`${kind}.upsert`, (await saveContentIn(device.db, me, kind, payload, row as never)).id);
      return;
    }
    const ownerGroup =
      op.change === 'brand' ? world.brandId : op.change === 'not-admin' ? groupId : null;
    const payload = {
      id: crypto.randomUUID(),
      groupId: ownerGroup,
      ...contentFields(kind),
      ...contentLabelled(kind, label),
    } as ContentPayload<typeof kind>;
    track(`${kind}.upsert`, (await saveContentIn(device.db, me, kind, payload)).id);
  }

  async function contentDelete(kind: ContentKind, pick: number): Promise<void> {
    const rows = await liveContent(kind);
    const row = rows[pick % Math.max(rows.length, 1)];
    if (!row) return;
    track(`${kind}.delete`, (await deleteContentIn(device.db, me, kind, row.id)).id);
  }

  const meAsPerson = { id: me, name: 'Tôi', urlMinify: '', avatarUrl: null };
  const conversations = async () => [
    ...new Set(
      (await device.db.messages.toArray())
        .sort((a, b) => (a.sentAt < b.sentAt ? -1 : a.sentAt > b.sentAt ? 1 : 0))
        .map((m) => m.groupMessageId),
    ),
  ];

  async function messageWrite(op: Extract<MutationOp, { name: `message.${string}` }>) {
    const groups = await conversations();
    const group = groups[op.pick % Math.max(groups.length, 1)];
    if (op.name === 'message.send') {
      const people = [...world.friends, ...world.buyers.map((id) => ({ id, name: id }))];
      const other = people[op.to % people.length]!;
      const person = { id: other.id, name: other.name, urlMinify: '', avatarUrl: null };
      if (op.reply && group) {
        const copies = await device.db.messages.where('groupMessageId').equals(group).toArray();
        const to = [
          ...new Set(copies.flatMap((c) => [c.senderMemberId, ...c.to]).filter((id) => id !== me)),
        ];
        if (to.length === 0) return;
        const entry = await queueMutationIn(
          device.db,
          sendMessageWrite(meAsPerson, { groupMessageId: group, to, body: op.body, people: [] }),
          me,
        );
        track('message.send', entry.id);
        return;
      }
      const entry = await queueMutationIn(
        device.db,
        sendMessageWrite(meAsPerson, { to: [other.id], body: op.body, people: [person] }),
        me,
      );
      track('message.send', entry.id);
      return;
    }
    if (!group) return;
    if (op.name === 'message.read') {
      for (const write of await readConversationWrites(device.db, me, group)) {
        track('message.read', (await queueMutationIn(device.db, write, me)).id);
      }
      return;
    }
    if (op.name === 'message.hide') {
      for (const write of await hideConversationWrites(device.db, group)) {
        track('message.hide', (await queueMutationIn(device.db, write, me)).id);
      }
      return;
    }
    const live = (await device.db.messages.where('groupMessageId').equals(group).toArray()).filter(
      (m) => m.deletedAt === null && onServer(m),
    );
    const copy = live[op.pick % Math.max(live.length, 1)];
    if (copy)
      track('message.delete', (await queueMutationIn(device.db, deleteMessageWrite(copy), me)).id);
  }

  /**
   * Settles a conflict this device pulled. With none here yet, other devices of the member make
   * one on the server: one deletes a contact, then an edit of it arrives from another that was
   * offline; the next pull brings the kept edit.
   */
  async function conflictResolve(pick: number) {
    const open = (await device.db.conflicts.toArray()).filter((c) => c.deletedAt === null);
    const conflict = open[pick % Math.max(open.length, 1)];
    if (conflict) {
      const choice = conflict.kind === 'field' ? 'written' : 'dismiss';
      track(
        'conflict.resolve',
        (await queueMutationIn(device.db, resolveConflictWrite(conflict, choice), me)).id,
      );
      return;
    }
    const onServer = [...model.contacts.entries()]
      .filter(([, c]) => c.owner === me && !c.deleted)
      .map(([id]) => id)
      .sort();
    const id = onServer[pick % Math.max(onServer.length, 1)];
    if (!id) return;
    await pushOnline(world, model, me, 'contact.delete', { id });
    await pushOnline(world, model, me, 'contact.upsert', { id, name: 'Sửa trên máy khác' });
  }

  async function openNotification(pick: number) {
    const unopened = (await device.db.notifications.orderBy('createdAt').toArray()).filter(
      (n) => n.openedAt === null,
    );
    const row = unopened[pick % Math.max(unopened.length, 1)];
    if (!row) return;
    // The device opens only what it pulled from the server: the model learns it exists.
    if (!model.notifications.has(row.id)) {
      model.notifications.set(row.id, { owner: row.memberId, opened: false });
    }
    track(
      'notification.open',
      (await queueMutationIn(device.db, openNotificationWrite(row), me)).id,
    );
  }

  async function accountLink(op: Extract<MutationOp, { name: 'accountLink.upsert' }>) {
    const now = new Date().toISOString();
    const live = oldestFirst(
      (await device.db.accountLinks.toArray()).filter((r) => r.deletedAt === null),
    );
    const picked = live.length > 0 ? live[op.pick % live.length] : undefined;
    const fresh = (kind: AccountLinkRow['kind']): AccountLinkRow => ({
      id: crypto.randomUUID(),
      memberId: me,
      kind,
      title: null,
      url: null,
      bankBin: null,
      bankName: null,
      ownerName: null,
      accountNumber: null,
      ordinal: op.ordinal,
      hidden: false,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    });
    let row: AccountLinkRow;
    switch (op.change) {
      case 'create-bank':
      case 'refused-bank':
        row = {
          ...fresh('bank'),
          // 999999 has the shape of a BIN but is no bank of the server's list.
          bankBin: op.change === 'refused-bank' ? '999999' : '970436',
          bankName: 'Vietcombank',
          ownerName: 'NGUYEN VAN AN',
          accountNumber: `00710${op.pick % 100_000}`,
        };
        break;
      case 'create-link':
        row = { ...fresh('link'), title: op.title || null, url: `https://example.vn/${op.pick}` };
        break;
      case 'create-video':
      case 'refused-video':
        row = {
          ...fresh('video'),
          title: op.title || null,
          url:
            op.change === 'refused-video'
              ? 'https://vimeo.com/123456789'
              : `https://youtu.be/${String(op.pick % 1000).padStart(11, 'x')}`,
        };
        break;
      default:
        if (!picked) return;
        row =
          op.change === 'edit'
            ? {
                ...picked,
                updatedAt: now,
                ...(picked.kind === 'bank' ? {} : { title: op.title || null }),
              }
            : op.change === 'hide'
              ? { ...picked, hidden: !picked.hidden, updatedAt: now }
              : { ...picked, ordinal: op.ordinal, updatedAt: now };
    }
    const common = { id: row.id, ordinal: row.ordinal, hidden: row.hidden };
    const entry = await queueMutationIn(
      device.db,
      {
        name: 'accountLink.upsert',
        payload:
          row.kind === 'bank'
            ? {
                ...common,
                kind: 'bank',
                bankBin: row.bankBin ?? '',
                ownerName: row.ownerName ?? '',
                accountNumber: row.accountNumber ?? '',
              }
            : { ...common, kind: row.kind, title: row.title ?? '', url: row.url ?? '' },
        table: 'accountLinks',
        rowId: row.id,
        apply: (db) => db.accountLinks.put(row),
      },
      me,
    );
    track('accountLink.upsert', entry.id);
  }

  async function accountLinkDelete(pick: number) {
    const live = oldestFirst(
      (await device.db.accountLinks.toArray()).filter((r) => r.deletedAt === null),
    );
    const row = live.length > 0 ? live[pick % live.length] : undefined;
    if (!row) return;
    const now = new Date().toISOString();
    const entry = await queueMutationIn(
      device.db,
      {
        name: 'accountLink.delete',
        payload: { id: row.id },
        table: 'accountLinks',
        rowId: row.id,
        apply: (db) => db.accountLinks.put({ ...row, deletedAt: now, updatedAt: now }),
      },
      me,
    );
    track('accountLink.delete', entry.id);
  }

  async function jobDiaryUpsert(op: Extract<MutationOp, { name: 'jobDiary.upsert' }>) {
    const now = new Date().toISOString();
    const live = oldestFirst(
      (await device.db.jobDiary.toArray()).filter((r) => r.deletedAt === null),
    );
    const picked = live.length > 0 ? live[op.pick % live.length] : undefined;
    if (op.change !== 'create' && !picked) return;
    const row: JobDiaryRow =
      op.change === 'create' || !picked
        ? {
            id: crypto.randomUUID(),
            memberId: me,
            date: op.date,
            title: op.title,
            content: '',
            createdAt: now,
            updatedAt: now,
            deletedAt: null,
          }
        : {
            ...picked,
            date: op.date,
            title: op.change === 'refused' ? ' ' : op.title,
            updatedAt: now,
          };
    const entry = await queueMutationIn(
      device.db,
      {
        name: 'jobDiary.upsert',
        payload: { id: row.id, date: row.date, title: row.title, content: row.content },
        table: 'jobDiary',
        rowId: row.id,
        apply: (db) => db.jobDiary.put(row),
      },
      me,
    );
    track('jobDiary.upsert', entry.id);
  }

  async function jobDiaryDelete(pick: number) {
    const live = oldestFirst(
      (await device.db.jobDiary.toArray()).filter((r) => r.deletedAt === null),
    );
    const row = live.length > 0 ? live[pick % live.length] : undefined;
    if (!row) return;
    const now = new Date().toISOString();
    const entry = await queueMutationIn(
      device.db,
      {
        name: 'jobDiary.delete',
        payload: { id: row.id },
        table: 'jobDiary',
        rowId: row.id,
        apply: (db) => db.jobDiary.put({ ...row, deletedAt: now, updatedAt: now }),
      },
      me,
    );
    track('jobDiary.delete', entry.id);
  }

  async function cvSave(op: Extract<MutationOp, { name: 'cv.save' }>) {
    const now = new Date().toISOString();
    const previous = await device.db.cvs.get(me);
    const row: CvRow = {
      id: me,
      memberId: me,
      email: op.blankEmail ? '' : 'giang@example.vn',
      phone: '0901234567',
      gender: op.gender,
      dateOfBirth: '1994-08-15',
      address: 'Huế',
      aboutMe: 'Kỹ sư phần mềm',
      skills: [op.skill],
      hobbies: [],
      visibility: 'public',
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
      deletedAt: null,
    };
    const { id: _id, memberId: _m, createdAt: _c, updatedAt: _u, deletedAt: _d, ...fields } = row;
    const entry = await queueMutationIn(
      device.db,
      { name: 'cv.save', payload: fields, table: 'cvs', rowId: me, apply: (db) => db.cvs.put(row) },
      me,
    );
    track('cv.save', entry.id);
  }

  async function weddingWrite(op: Extract<MutationOp, { name: 'wedding.upsert' }>) {
    const live = oldestFirst(
      (await device.db.weddings.toArray()).filter((w) => w.deletedAt === null),
    );
    const picked = live.length > 0 ? live[op.pick % live.length] : undefined;
    const banks = [{ bin: '970436', code: 'VCB', shortName: 'Vietcombank', name: '' }];
    const bank = {
      bankBin: op.change === 'refused-bank' ? '999999' : '970436',
      ownerName: 'NGUYEN VAN AN',
      accountNumber: '0071000123456',
    };
    if (op.change === 'edit') {
      if (!picked) return;
      const payload = { ...weddingPayloadOf(picked), venue: op.venue };
      track('wedding.upsert', (await saveWedding(device.db, me, payload, banks, picked)).id);
      return;
    }
    const payload = {
      id: crypto.randomUUID(),
      groomsFamily: { name: 'Nguyễn Văn An' },
      bridesFamily: { name: 'Trần Thị Hoa' },
      groomsBank: bank,
      bridesBank: null,
      weddingDay: { h: '11H00', d: 7, m: 3, y: 2027 },
      weddingPartyDay: { h: '11H30', d: 7, m: 3, y: 2027 },
      venue: op.venue,
    };
    track('wedding.upsert', (await saveWedding(device.db, me, payload, banks)).id);
  }

  async function contactUsWrite(op: Extract<MutationOp, { name: 'contactUs.update' }>) {
    const rows = oldestFirst(
      (await device.db.contactUs.toArray()).filter((m) => m.deletedAt === null),
    );
    const row = rows.length > 0 ? rows[op.pick % rows.length] : undefined;
    if (!row) return;
    const change = {
      ...(op.read !== null ? { read: op.read } : {}),
      ...(op.contacted !== null ? { contacted: op.contacted } : {}),
    };
    track('contactUs.update', (await updateInboxMessage(device.db, me, row, change)).id);
  }

  async function shortLink(op: Extract<MutationOp, { name: 'shortLink.upsert' }>) {
    const now = new Date().toISOString();
    const all = oldestFirst(await device.db.shortLinks.toArray());
    const live = all.filter((r) => r.deletedAt === null);
    const picked = live.length > 0 ? live[op.pick % live.length] : undefined;
    const fresh = (slug: string): ShortLinkRow => ({
      id: crypto.randomUUID(),
      memberId: me,
      slug,
      target: op.target,
      title: null,
      enabled: true,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    });
    let row: ShortLinkRow;
    switch (op.change) {
      case 'create':
        // Random tail: never a card's link nor an earlier short link.
        row = fresh(`sl-${crypto.randomUUID().slice(0, 8)}`);
        break;
      case 'taken': {
        const other = all.length > 0 ? all[op.pick % all.length] : undefined;
        if (!other) return;
        row = fresh(other.slug);
        break;
      }
      case 'reserved':
        row = fresh('action');
        break;
      default:
        if (!picked) return;
        row =
          op.change === 'edit'
            ? { ...picked, target: op.target, updatedAt: now }
            : op.change === 'disable'
              ? { ...picked, enabled: !picked.enabled, updatedAt: now }
              : { ...picked, slug: `${picked.slug}-x`, updatedAt: now };
    }
    const entry = await queueMutationIn(
      device.db,
      {
        name: 'shortLink.upsert',
        payload: {
          id: row.id,
          slug: row.slug,
          target: row.target,
          title: row.title ?? '',
          enabled: row.enabled,
        },
        table: 'shortLinks',
        rowId: row.id,
        apply: (db) => db.shortLinks.put(row),
      },
      me,
    );
    track('shortLink.upsert', entry.id);
  }

  async function shortLinkDelete(pick: number) {
    const live = oldestFirst(
      (await device.db.shortLinks.toArray()).filter((r) => r.deletedAt === null),
    );
    const row = live.length > 0 ? live[pick % live.length] : undefined;
    if (!row) return;
    const now = new Date().toISOString();
    const entry = await queueMutationIn(
      device.db,
      {
        name: 'shortLink.delete',
        payload: { id: row.id },
        table: 'shortLinks',
        rowId: row.id,
        apply: (db) => db.shortLinks.put({ ...row, deletedAt: now, updatedAt: now }),
      },
      me,
    );
    track('shortLink.delete', entry.id);
  }

  async function bioLink(op: Extract<MutationOp, { name: 'bioLink.upsert' }>) {
    const now = new Date().toISOString();
    const live = oldestFirst(
      (await device.db.bioLinks.toArray()).filter((r) => r.deletedAt === null),
    );
    const picked = live.length > 0 ? live[op.pick % live.length] : undefined;
    const fresh: BioLinkRow = {
      id: crypto.randomUUID(),
      memberId: me,
      title: 'Cửa hàng',
      url: op.url,
      kind: 'link',
      ordinal: live.length,
      enabled: true,
      showFrom: null,
      showUntil: null,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    };
    let row: BioLinkRow;
    switch (op.change) {
      case 'create':
        row = fresh;
        break;
      case 'refused-url':
        row = { ...fresh, url: 'javascript:alert(1)' };
        break;
      case 'refused-schedule':
        row = {
          ...fresh,
          showFrom: '2026-05-02T00:00:00.000Z',
          showUntil: '2026-05-01T00:00:00.000Z',
        };
        break;
      default:
        if (!picked) return;
        row =
          op.change === 'edit'
            ? { ...picked, url: op.url, title: 'Đặt lịch', kind: 'button', updatedAt: now }
            : op.change === 'toggle'
              ? { ...picked, enabled: !picked.enabled, updatedAt: now }
              : { ...picked, ordinal: (picked.ordinal + 1) % 5, updatedAt: now };
    }
    const entry = await queueMutationIn(
      device.db,
      {
        name: 'bioLink.upsert',
        payload: {
          id: row.id,
          title: row.title,
          url: row.url,
          kind: row.kind,
          ordinal: row.ordinal,
          enabled: row.enabled,
          showFrom: row.showFrom,
          showUntil: row.showUntil,
        },
        table: 'bioLinks',
        rowId: row.id,
        apply: (db) => db.bioLinks.put(row),
      },
      me,
    );
    track('bioLink.upsert', entry.id);
  }

  async function bioLinkDelete(pick: number) {
    const live = oldestFirst(
      (await device.db.bioLinks.toArray()).filter((r) => r.deletedAt === null),
    );
    const row = live.length > 0 ? live[pick % live.length] : undefined;
    if (!row) return;
    const now = new Date().toISOString();
    const entry = await queueMutationIn(
      device.db,
      {
        name: 'bioLink.delete',
        payload: { id: row.id },
        table: 'bioLinks',
        rowId: row.id,
        apply: (db) => db.bioLinks.put({ ...row, deletedAt: now, updatedAt: now }),
      },
      me,
    );
    track('bioLink.delete', entry.id);
  }

  /** "Trao đổi thẻ" on a member's card, as the card screen does it. */
  async function exchange(op: Extract<MutationOp, { name: 'contact.exchange' }>) {
    const others = [...world.friends.map((f) => f.id), ...world.buyers];
    const memberId =
      op.target === 'self'
        ? me
        : op.target === 'not-member'
          ? world.brandId
          : others[op.pick % others.length]!;
    const card = world.cards.get(memberId) ?? {
      name: 'Hiệu thử',
      phone: null,
      urlMinify: `b-${world.brandId}`,
    };
    const entry = await exchangeCardsIn(device.db, me, {
      memberId,
      urlMinify: card.urlMinify,
      name: card.name,
      phone: card.phone,
    });
    track('contact.exchange', entry.id);
  }

  async function supportRequest(op: Extract<MutationOp, { name: 'supportRequest.create' }>) {
    const now = new Date().toISOString();
    const row: SupportRequestRow = {
      id: crypto.randomUUID(),
      memberId: me,
      topic: op.topic as SupportRequestRow['topic'],
      message: op.message.trim(),
      contact: null,
      status: 'open',
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    };
    const entry = await queueMutationIn(
      device.db,
      {
        name: 'supportRequest.create',
        payload: {
          id: row.id,
          topic: op.topic as SupportRequestRow['topic'],
          message: op.message,
        },
        table: 'supportRequests',
        rowId: row.id,
        apply: (db) => db.supportRequests.put(row),
      },
      me,
    );
    track('supportRequest.create', entry.id);
  }

  return {
    contactUpsert,
    async editContact(pick: number, person: string) {
      const ids = await liveContactIds();
      if (ids.length > 0) await contactUpsert(ids[pick % ids.length]!, person);
    },
    async queue(op: MutationOp): Promise<void> {
      switch (op.name) {
        case 'contact.upsert': {
          if (op.change === 'create') {
            await contactUpsert(crypto.randomUUID(), op.person, op.phone);
            return;
          }
          const ids = await liveContactIds();
          if (ids.length === 0) return;
          const id = ids[op.pick % ids.length]!;
          const current = await device.db.contacts.get(id);
          // A refused edit: a blank name the server's schema refuses.
          await contactUpsert(id, op.change === 'edit' ? op.person : '', current?.phone ?? null);
          return;
        }
        case 'contact.delete': {
          const ids = await liveContactIds();
          if (ids.length === 0) return;
          track('contact.delete', await device.queueContactDelete(ids[op.pick % ids.length]!));
          return;
        }
        case 'contact.exchange':
          return exchange(op);
        case 'point.create':
          return pointCreate(op);
        case 'checkin.create':
          return checkIn(op);
        case 'orderGroup.upsert':
          return orderGroup(op);
        case 'profile.setTheme':
          return setTheme(op);
        case 'profile.update':
          return profileUpdate(op);
        case 'profile.setImage':
          return profileImage(op);
        case 'profile.setPushSettings':
          return setPushSettings(op);
        case 'post.upsert':
        case 'product.upsert':
        case 'activity.upsert':
        case 'relic.upsert':
        case 'poster.upsert':
          return contentUpsert(op.name.split('.')[0] as ContentKind, op);
        case 'post.delete':
        case 'product.delete':
        case 'activity.delete':
        case 'relic.delete':
        case 'poster.delete':
          return contentDelete(op.name.split('.')[0] as ContentKind, op.pick);
        case 'message.send':
        case 'message.read':
        case 'message.hide':
        case 'message.delete':
          return messageWrite(op);
        case 'notification.open':
          return openNotification(op.pick);
        case 'conflict.resolve':
          return conflictResolve(op.pick);
        case 'accountLink.upsert':
          return accountLink(op);
        case 'accountLink.delete':
          return accountLinkDelete(op.pick);
        case 'jobDiary.upsert':
          return jobDiaryUpsert(op);
        case 'jobDiary.delete':
          return jobDiaryDelete(op.pick);
        case 'cv.save':
          return cvSave(op);
        case 'wedding.upsert':
          return weddingWrite(op);
        case 'contactUs.update':
          return contactUsWrite(op);
        case 'shortLink.upsert':
          return shortLink(op);
        case 'shortLink.delete':
          return shortLinkDelete(op.pick);
        case 'supportRequest.create':
          return supportRequest(op);
        case 'bioLink.upsert':
          return bioLink(op);
        case 'bioLink.delete':
          return bioLinkDelete(op.pick);
        default:
          return friendWrite(op.name, op.pick);
      }
    },
  };
}

/** Checks every push the server handles against the model, in the server's order. */
/**
 * Checks every push the server handles against the model, in the server's order. Differences
 * are collected (an assertion thrown inside the device's fetch would look like a network error).
 */
function watchPushes(device: Device, model: ReferenceServer, me: string): string[] {
  const differences: string[] = [];
  device.afterDelivery = async (path, body, response) => {
    if (path !== '/api/sync/push' || response.status !== 200) return;
    const { mutations } = body as { mutations: { id: string; name: string; payload: unknown }[] };
    const { results } = (await response.json()) as { results: PushResult[] };
    for (const [i, entry] of mutations.entries()) {
      const expected = model.handle(me, entry.id, entry.name, entry.payload);
      const got = results[i];
      if (got?.status !== expected.status || got.code !== expected.code) {
        differences.push(
          `${entry.name} ${JSON.stringify(entry.payload)}: server ${got?.status} ${got?.code}, ` +
            `model ${expected.status} ${expected.code}`,
        );
      }
    }
  };
  return differences;
}

/** Whether the friend's screen offers `name` for the relation the server holds now. */
function offeredToFriend(model: ReferenceServer, me: string, friend: string, name: FriendMutation) {
  const live = model.friendshipOf(me, friend);
  switch (name) {
    case 'friend.add':
      return !live;
    case 'friend.accept':
    case 'friend.reject':
      return live?.status === 'pending' && live.from === me;
    case 'friend.cancel':
      return live?.status === 'pending' && live.from === friend;
    case 'friend.unfriend':
      return live?.status === 'accepted';
  }
}

/**
 * A friend acts on their own device (online), on a relation their screen offers it for when
 * there is one (else anyway: a refusal the model must predict too).
 */
async function friendActs(
  world: World,
  model: ReferenceServer,
  pick: number,
  name: FriendMutation,
): Promise<void> {
  const offered = world.friends.filter((f) => offeredToFriend(model, world.me, f.id, name));
  const choices = offered.length > 0 ? offered : world.friends;
  const other = choices[pick % choices.length]!;
  const receiving = name === 'friend.accept' || name === 'friend.reject';
  const payload = receiving ? { from: world.me, to: other.id } : { from: other.id, to: world.me };
  await pushOnline(world, model, other.id, name, payload);
}

/** A friend writes to the member online: a new conversation, or into one they share. */
async function friendSends(
  world: World,
  model: ReferenceServer,
  pick: number,
  reply: boolean,
): Promise<void> {
  const friend = world.friends[pick % world.friends.length]!;
  const shared = [...model.messageCopies.values()].filter(
    (c) => c.owner === friend.id && !c.deleted,
  );
  const group = reply && shared.length > 0 ? shared[pick % shared.length]!.group : undefined;
  await pushOnline(world, model, friend.id, 'message.send', {
    id: crypto.randomUUID(),
    groupMessageId: group ?? crypto.randomUUID(),
    to: [world.me],
    body: `Tin nhắn ${pick}`,
  });
}

/**
 * A friend taps "Trao đổi thẻ" on the member's card on their own device (online): the member's
 * phonebook gets them as a lead, or the contact it has of them (by card or phone) is linked.
 */
async function friendExchanges(world: World, model: ReferenceServer, pick: number) {
  const friend = world.friends[pick % world.friends.length]!;
  // Their device's contact of the member's card, if they have one.
  const theirs = [...model.contacts]
    .filter(([, c]) => c.owner === friend.id && !c.deleted && c.cardMemberId === world.me)
    .map(([id]) => id)
    .sort()[0];
  await pushOnline(world, model, friend.id, 'contact.exchange', {
    id: theirs ?? crypto.randomUUID(),
    cardMemberId: world.me,
    leadId: crypto.randomUUID(),
    cardSnapshot: { name: 'Người 0', urlMinify: `sync-${world.me}` },
    at: new Date().toISOString(),
  });
}

/** One write pushed online by a member (not the device under test), checked against the model. */
async function pushOnline(
  world: World,
  model: ReferenceServer,
  member: string,
  name: MutationName,
  payload: unknown,
): Promise<void> {
  const key = crypto.randomUUID();
  const res = await server.request('/api/sync/push', {
    method: 'POST',
    token: world.tokens.get(member)!,
    json: { mutations: [{ id: key, name, payload }] },
  });
  const [result] = ((await res.json()) as { results: PushResult[] }).results;
  const expected = model.handle(member, key, name, payload);
  expect({ status: result?.status, code: result?.code }).toEqual({
    status: expected.status,
    code: expected.code,
  });
}

/**
 * Before going offline the member has a request waiting from one friend and is friends with
 * another; the device has pulled it all. Every friend write is on offer from the start.
 */
async function startingRelations(world: World, model: ReferenceServer): Promise<void> {
  const [requester, friend] = world.friends as [FriendPerson, FriendPerson];
  await pushOnline(world, model, requester.id, 'friend.add', { from: requester.id, to: world.me });
  await pushOnline(world, model, friend.id, 'friend.add', { from: friend.id, to: world.me });
  await pushOnline(world, model, world.me, 'friend.accept', { from: friend.id, to: world.me });
}

async function serverState(world: World) {
  const db = server.database.db;
  const friendships = await queryRows<{ id: string; from_member_id: string; status: string }>(
    db,
    sql`SELECT id, from_member_id, status FROM friendships
        WHERE (from_member_id = ${world.me} OR to_member_id = ${world.me}) AND deleted_at IS NULL`,
  );
  const points = await queryRows<{
    id: string;
    accumulated_points: string | number;
    deducted_points: string | number;
    order_group_id: string | null;
  }>(
    db,
    sql`SELECT id, accumulated_points, deducted_points, order_group_id FROM point_entries
        WHERE seller_group_id = ${world.groupId} AND deleted_at IS NULL`,
  );
  const checkIns = await queryRows<{ id: string; duplicate_of: string | null }>(
    db,
    sql`SELECT id, duplicate_of FROM check_ins
        WHERE group_id = ${world.groupId} AND deleted_at IS NULL`,
  );
  const orderGroups = await queryRows<{ id: string; title: string }>(
    db,
    sql`SELECT id, title FROM order_groups WHERE seller_group_id = ${world.groupId}`,
  );
  const [theme] = await queryRows<{ theme: string | null; theme_type: string }>(
    db,
    sql`SELECT theme, theme_type FROM members WHERE id = ${world.me}`,
  );
  const [profile] = await queryRows<{
    name: string;
    job_title: string | null;
    intro: string | null;
    language: string;
    push_settings: Record<string, boolean>;
  }>(
    db,
    sql`SELECT name, job_title, intro, language, push_settings FROM members WHERE id = ${world.me}`,
  );
  return { friendships, points, checkIns, orderGroups, theme, profile };
}

/** The member's and their brands' items of a kind on the server (tombstones included). */
async function serverContent(world: World, kind: ContentKind) {
  const rows = await queryRows<Record<string, unknown>>(
    server.database.db,
    sql`SELECT * FROM ${sql.raw(contentTableOf[kind])}
        WHERE member_id = ${world.me} OR group_id IN (${world.brandId}, ${world.groupId})`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    label: labelOfServerRow(kind, {
      title: row.title,
      displayName: row.display_name,
      images: row.images,
    }),
    deleted: row.deleted_at !== null,
    groupId: (row.group_id as string | null) ?? null,
  }));
}

const byId = <T extends { id: string }>(rows: T[]) =>
  [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

async function runScenario(ops: Op[]): Promise<void> {
  // The server's clock follows real time between scenarios: on a loaded machine the runs take
  // minutes, and device times must not drift into the server's future.
  server.clock.now = new Date();
  const world = await newWorld();
  const { me } = world;
  const model = new ReferenceServer(
    new Map([[me, new Map([[world.groupId, 1]])]]),
    () => server.clock.now,
  );
  for (const [whose, member] of [
    ['mine', me],
    ['others', world.buyers[0]!],
  ] as const) {
    for (const slot of profileImageSlots) {
      const url = world.uploads[whose][slot];
      model.uploads.set(url.split('/')[2]!, { member, purpose: slot });
    }
  }
  model.brandAdmins.set(me, new Set([world.brandId]));
  for (const id of world.contactUsIds) {
    model.contactUs.set(id, { owner: me, read: false, contacted: false });
  }
  for (const id of [me, ...world.buyers, ...world.friends.map((f) => f.id)]) {
    model.members.add(id);
    const card = world.cards.get(id)!;
    model.cards.set(id, { name: card.name, phone: card.phone });
  }
  model.copyId = (messageId, owner) =>
    uuidFromDigest(
      new Uint8Array(createHash('sha256').update(messageCopyKey(messageId, owner)).digest()),
    );
  await startingRelations(world, model);
  const device = await createDevice(server, me, { maxBatchEntries: 3, pullLimit: 4 });
  const differences = watchPushes(device, model, me);
  expect((await device.engine.syncNow({ force: true })).status).toBe('synced');
  const queued: string[] = [];
  const writes = deviceWrites(device, world, queued, model);

  for (const op of ops) {
    await checkPendingRowsKept(device);
    switch (op.kind) {
      case 'queue':
        await writes.queue(op.op);
        break;
      case 'friend-acts':
        await friendActs(world, model, op.pick, op.name);
        break;
      case 'friend-sends':
        await friendSends(world, model, op.pick, op.reply);
        break;
      case 'friend-exchanges':
        await friendExchanges(world, model, op.pick);
        break;
      case 'flush': {
        const restore = installFaults(device, me, op.faults);
        await device.engine.syncNow({ force: true });
        await restore();
        break;
      }
      case 'write-during-flush': {
        const restore = installFaults(device, me, op.faults);
        const flushing = device.engine.syncNow({ force: true });
        await writes.contactUpsert(crypto.randomUUID(), op.person);
        await flushing;
        await restore();
        break;
      }
      case 'edit-during-pull': {
        // The member edits a row just pushed while the pull that brings it back is in flight.
        let done = false;
        device.beforeRequest = async (path) => {
          if (done || !path.startsWith('/api/sync/pull')) return;
          done = true;
          await writes.editContact(op.pick, op.person);
        };
        await device.engine.syncNow({ force: true });
        device.beforeRequest = () => Promise.resolve();
        break;
      }
      case 'crash':
        await device.crash();
        break;
      case 'deliver-held':
        await device.deliverHeld();
        break;
    }
  }

  await checkPendingRowsKept(device);
  // The network heals; late copies of held requests arrive too.
  await device.deliverHeld();
  device.faults.next = () => undefined;
  device.refresh.ok = true;
  await login(me);
  for (let i = 0; i < 5; i += 1) {
    const outcome = await device.engine.syncNow({ force: true });
    if (
      outcome.status === 'synced' &&
      (await device.db.outbox.where('state').equals('pending').count()) === 0
    )
      break;
  }

  // Every answer of the server was the model's.
  expect(differences).toEqual([]);

  // Nothing lost: every write was applied, or is listed refused with a reason the server gave.
  const outbox = await device.db.outbox.toArray();
  expect(outbox.filter((e) => e.state === 'pending')).toEqual([]);
  const rejected = new Map(outbox.filter((e) => e.state === 'rejected').map((e) => [e.id, e]));
  for (const key of queued) {
    const ref = `${me}|${key}`;
    const entry = rejected.get(key);
    expect(model.appliedKeys.has(ref) || entry !== undefined, `write ${key} kept`).toBe(true);
    if (entry) expect(model.refusals.get(ref)).toContain(entry.error?.code);
  }

  // Nothing doubled: one applied key per applied write.
  const [keys] = await queryRows<{ n: number }>(
    server.database.db,
    sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE member_id = ${me} AND status = 200`,
  );
  expect(keys?.n).toBe([...model.appliedKeys].filter((k) => k.startsWith(`${me}|`)).length);

  // Server = model.
  const onServer = await serverState(world);
  const contacts = await serverContacts(server, me);
  const modelContactsOf = (owner: string) =>
    [...model.contacts].filter(([, c]) => c.owner === owner);
  expect(contacts.size).toBe(modelContactsOf(me).length);
  // The member's phonebook, and those of the members whose cards they exchanged (decision 1100).
  for (const owner of [me, ...world.buyers, ...world.friends.map((f) => f.id)]) {
    const rows = await serverContacts(server, owner);
    expect(rows.size, `contacts of ${owner}`).toBe(modelContactsOf(owner).length);
    for (const [id, expected] of modelContactsOf(owner)) {
      const row = rows.get(id);
      expect(row, `contact ${id} on the server`).toBeDefined();
      expect(row?.deletedAt !== null).toBe(expected.deleted);
      expect(row?.name).toBe(expected.name);
      expect(row?.phone ?? null).toBe(expected.phone);
    }
  }
  const [exchanged] = await queryRows<{ n: number }>(
    server.database.db,
    sql`SELECT count(*)::int AS n FROM contacts
        WHERE owner_member_id = ${me} AND deleted_at IS NULL
          AND lead_source->>'exchangedAt' IS NOT NULL`,
  );
  expect(exchanged?.n, 'contacts linked by an exchange').toBe(
    modelContactsOf(me).filter(([, c]) => c.exchanged && !c.deleted).length,
  );
  // One notice per exchange new to a phonebook, never one per replay or repeated tap.
  const notices = await queryRows<{ member_id: string; n: number }>(
    server.database.db,
    sql`SELECT member_id, count(*)::int AS n FROM notifications
        WHERE kind = 'card_exchange'
          AND member_id IN (${sql.join(
            [me, ...world.buyers, ...world.friends.map((f) => f.id)].map((id) => sql`${id}`),
            sql`, `,
          )})
        GROUP BY member_id`,
  );
  expect(Object.fromEntries(notices.map((r) => [r.member_id, r.n]))).toEqual(
    Object.fromEntries(model.exchangeNotices),
  );
  const expectedFriends = await Promise.all(
    world.friends
      .map((f) => model.friendshipOf(me, f.id))
      .filter((f) => f !== undefined)
      .map(async (f) => ({
        id: await friendshipPairId(f.from, f.to),
        from_member_id: f.from,
        status: f.status,
      })),
  );
  expect(byId(onServer.friendships)).toEqual(byId(expectedFriends));
  expect(
    byId(
      onServer.points.map((p) => ({
        id: p.id,
        accumulated: Number(p.accumulated_points),
        deducted: Number(p.deducted_points),
        orderGroupId: p.order_group_id,
      })),
    ),
  ).toEqual(
    byId(
      [...model.pointEntries].map(([id, p]) => ({
        id,
        accumulated: p.accumulated,
        deducted: p.deducted,
        orderGroupId: p.orderGroupId,
      })),
    ),
  );
  expect(byId(onServer.checkIns)).toEqual(
    byId([...model.checkIns].map(([id, c]) => ({ id, duplicate_of: c.duplicateOf }))),
  );
  expect(byId(onServer.orderGroups)).toEqual(
    byId([...model.orderGroups].map(([id, o]) => ({ id, title: o.title }))),
  );
  const modelTheme = model.themes.get(me);
  expect(onServer.theme).toEqual(
    modelTheme
      ? { theme: modelTheme.theme, theme_type: modelTheme.themeType }
      : { theme: null, theme_type: 'list' },
  );

  const modelProfile = model.profiles.get(me) ?? {};
  const serverProfile = {
    name: onServer.profile?.name,
    jobTitle: onServer.profile?.job_title ?? null,
    intro: onServer.profile?.intro ?? null,
    language: onServer.profile?.language,
  };
  for (const [field, value] of Object.entries(modelProfile)) {
    expect(serverProfile[field as keyof typeof serverProfile], `profile ${field}`).toBe(value);
  }
  expect(model.profiles.has(world.buyers[0]!)).toBe(false);
  const [pictures] = await queryRows<{
    avatar_url: string | null;
    banner_url: string | null;
    background_url: string | null;
  }>(
    server.database.db,
    sql`SELECT avatar_url, banner_url, background_url FROM members WHERE id = ${me}`,
  );
  const expectedPictures = model.profileImages.get(me);
  expect({
    avatar: pictures?.avatar_url ?? null,
    banner: pictures?.banner_url ?? null,
    background: pictures?.background_url ?? null,
  }).toEqual(expectedPictures ?? { avatar: null, banner: null, background: null });

  // Client = server, table by table (live rows).
  const localProfile = await device.db.profile.get(me);
  expect({
    name: localProfile?.name,
    jobTitle: localProfile?.jobTitle ?? null,
    intro: localProfile?.intro ?? null,
    language: localProfile?.language,
  }).toEqual(serverProfile);
  expect(await device.db.profile.get(world.buyers[0]!)).toBeUndefined();
  // Push settings: the topics the model set (last write each) on the server and on the device.
  const serverPush = pushSettingsWithDefaults(onServer.profile?.push_settings);
  expect(serverPush, 'push settings').toEqual(
    pushSettingsWithDefaults(model.pushSettings.get(me) ?? {}),
  );
  expect(pushSettingsWithDefaults(localProfile?.pushSettings)).toEqual(serverPush);
  const local = await device.db.contacts.toArray();
  const liveOnServer = [...contacts].filter(([, c]) => c.deletedAt === null);
  expect(local.map((c) => c.id).sort()).toEqual(liveOnServer.map(([id]) => id).sort());
  for (const row of local) {
    expect(row.name).toBe(contacts.get(row.id)?.name);
    expect(row.phone).toBe(contacts.get(row.id)?.phone);
  }
  const localFriends = (await device.db.friendships.toArray()).filter((f) => f.deletedAt === null);
  expect(
    byId(localFriends.map((f) => ({ id: f.id, from_member_id: f.fromMemberId, status: f.status }))),
  ).toEqual(byId(onServer.friendships));
  const localPoints = (await device.db.pointEntries.toArray()).filter((p) => p.deletedAt === null);
  expect(
    byId(
      localPoints.map((p) => ({
        id: p.id,
        accumulated_points: p.accumulatedPoints,
        deducted_points: p.deductedPoints,
        order_group_id: p.orderGroupId,
      })),
    ),
  ).toEqual(
    byId(
      onServer.points.map((p) => ({
        ...p,
        accumulated_points: Number(p.accumulated_points),
        deducted_points: Number(p.deducted_points),
      })),
    ),
  );
  const localCheckIns = (await device.db.checkIns.toArray()).filter((c) => c.deletedAt === null);
  expect(byId(localCheckIns.map((c) => ({ id: c.id, duplicate_of: c.duplicateOf })))).toEqual(
    byId(onServer.checkIns),
  );
  const localOrders = (await device.db.orderGroups.toArray()).filter((o) => o.deletedAt === null);
  expect(byId(localOrders.map((o) => ({ id: o.id, title: o.title })))).toEqual(
    byId(onServer.orderGroups),
  );
  for (const kind of contentKinds) {
    const onServerItems = await serverContent(world, kind);
    const expected = [...model.contentItems]
      .filter(([, item]) => item.kind === kind)
      .map(([id, item]) => ({
        id,
        label: item.label,
        deleted: item.deleted,
        groupId: item.groupId,
      }));
    expect(byId(onServerItems), `${kind} on the server`).toEqual(byId(expected));
    const localItems = (
      await device.db.table<AnyContentRow, string>(contentTableOf[kind]).toArray()
    ).filter((row) => row.deletedAt === null);
    expect(
      byId(
        localItems.map((row) => ({
          id: row.id,
          label: labelOfServerRow(kind, row as unknown as Record<string, unknown>),
        })),
      ),
      `${kind} on the device`,
    ).toEqual(
      byId(onServerItems.filter((i) => !i.deleted).map(({ id, label }) => ({ id, label }))),
    );
  }

  // Messages: the member's copies on the server = model, device = server.
  const copies = await queryRows<{
    id: string;
    read_at: string | null;
    hidden_at: string | null;
    deleted_at: string | null;
  }>(
    server.database.db,
    sql`SELECT id, read_at, hidden_at, deleted_at FROM message_copies WHERE owner_member_id = ${me}`,
  );
  const shape = (c: (typeof copies)[number]) => ({
    id: c.id,
    read: c.read_at !== null,
    hidden: c.hidden_at !== null,
    deleted: c.deleted_at !== null,
  });
  expect(byId(copies.map(shape))).toEqual(
    byId(
      [...model.messageCopies.values()]
        .filter((c) => c.owner === me)
        .map((c) => ({ id: c.id, read: c.read, hidden: c.hidden, deleted: c.deleted })),
    ),
  );
  const localCopies = (await device.db.messages.toArray()).filter((m) => m.deletedAt === null);
  expect(
    byId(
      localCopies.map((m) => ({ id: m.id, read: m.readAt !== null, hidden: m.hiddenAt !== null })),
    ),
  ).toEqual(
    byId(
      copies
        .filter((c) => c.deleted_at === null)
        .map((c) => ({ id: c.id, read: c.read_at !== null, hidden: c.hidden_at !== null })),
    ),
  );
  const notes = await queryRows<{ id: string; opened_at: string | null }>(
    server.database.db,
    sql`SELECT id, opened_at FROM notifications WHERE member_id = ${me}`,
  );
  for (const [id, expected] of model.notifications) {
    expect(notes.find((n) => n.id === id)?.opened_at !== null, `notification ${id}`).toBe(
      expected.opened,
    );
  }
  const localNotes = await device.db.notifications.toArray();
  expect(byId(localNotes.map((n) => ({ id: n.id, opened: n.openedAt !== null })))).toEqual(
    byId(notes.map((n) => ({ id: n.id, opened: n.opened_at !== null }))),
  );
  const links = await queryRows<{
    id: string;
    kind: string;
    title: string | null;
    url: string | null;
    bank_bin: string | null;
    ordinal: number;
    hidden: boolean;
    deleted_at: string | null;
  }>(
    server.database.db,
    sql`SELECT id, kind, title, url, bank_bin, ordinal, hidden, deleted_at FROM account_links
        WHERE member_id = ${me}`,
  );
  expect(
    byId(
      links.map((l) => ({
        id: l.id,
        kind: l.kind,
        title: l.title,
        url: l.url,
        bankBin: l.bank_bin,
        ordinal: l.ordinal,
        hidden: l.hidden,
        deleted: l.deleted_at !== null,
      })),
    ),
  ).toEqual(byId([...model.accountLinks].map(([id, l]) => ({ id, ...l }))));
  const localLinks = (await device.db.accountLinks.toArray()).filter((l) => l.deletedAt === null);
  expect(
    byId(
      localLinks.map((l) => ({
        id: l.id,
        title: l.title,
        url: l.url,
        ordinal: l.ordinal,
        hidden: l.hidden,
      })),
    ),
  ).toEqual(
    byId(
      links
        .filter((l) => l.deleted_at === null)
        .map((l) => ({
          id: l.id,
          title: l.title,
          url: l.url,
          ordinal: l.ordinal,
          hidden: l.hidden,
        })),
    ),
  );
  const diary = await queryRows<{
    id: string;
    entry_date: string;
    title: string;
    deleted_at: string | null;
  }>(
    server.database.db,
    sql`SELECT id, entry_date::text AS entry_date, title, deleted_at FROM job_diary_entries
        WHERE member_id = ${me}`,
  );
  expect(
    byId(
      diary.map((d) => ({
        id: d.id,
        date: d.entry_date,
        title: d.title,
        deleted: d.deleted_at !== null,
      })),
    ),
  ).toEqual(
    byId(
      [...model.jobDiary]
        .filter(([, d]) => d.owner === me)
        .map(([id, d]) => ({ id, date: d.date, title: d.title, deleted: d.deleted })),
    ),
  );
  const localDiary = (await device.db.jobDiary.toArray()).filter((d) => d.deletedAt === null);
  expect(byId(localDiary.map((d) => ({ id: d.id, date: d.date, title: d.title })))).toEqual(
    byId(
      diary
        .filter((d) => d.deleted_at === null)
        .map((d) => ({ id: d.id, date: d.entry_date, title: d.title })),
    ),
  );
  const cvs = await queryRows<{ email: string; gender: string; skills: string[] }>(
    server.database.db,
    sql`SELECT email, gender, skills FROM member_cvs WHERE id = ${me}`,
  );
  const modelCv = model.cvs.get(me);
  expect(cvs[0] ?? null).toEqual(modelCv ?? null);
  const localCv = await device.db.cvs.get(me);
  expect(
    localCv ? { email: localCv.email, gender: localCv.gender, skills: localCv.skills } : null,
  ).toEqual(modelCv ?? null);
  // Weddings: server = model, device = server.
  const weddingRows = await queryRows<{ id: string; venue: string | null; grooms_bank: unknown }>(
    server.database.db,
    sql`SELECT id, venue, grooms_bank FROM weddings WHERE member_id = ${me}`,
  );
  const weddingShape = weddingRows.map((w) => ({
    id: w.id,
    venue: w.venue,
    groomsBankBin: (w.grooms_bank as { bankBin?: string } | null)?.bankBin ?? null,
  }));
  expect(byId(weddingShape)).toEqual(
    byId(
      [...model.weddings]
        .filter(([, w]) => w.owner === me)
        .map(([id, w]) => ({ id, venue: w.venue, groomsBankBin: w.groomsBankBin })),
    ),
  );
  const localWeddings = (await device.db.weddings.toArray()).filter((w) => w.deletedAt === null);
  expect(byId(localWeddings.map((w) => ({ id: w.id, venue: w.venue })))).toEqual(
    byId(weddingShape.map(({ id, venue }) => ({ id, venue }))),
  );
  // Contact-us flags: server = model, device = server.
  const inbox = await queryRows<{
    id: string;
    read_at: string | null;
    contacted_at: string | null;
  }>(
    server.database.db,
    sql`SELECT id, read_at, contacted_at FROM contact_us_messages WHERE member_id = ${me}`,
  );
  const inboxShape = inbox.map((m) => ({
    id: m.id,
    read: m.read_at !== null,
    contacted: m.contacted_at !== null,
  }));
  expect(byId(inboxShape)).toEqual(
    byId([...model.contactUs].map(([id, m]) => ({ id, read: m.read, contacted: m.contacted }))),
  );
  const localInbox = await device.db.contactUs.toArray();
  expect(
    byId(
      localInbox.map((m) => ({
        id: m.id,
        read: m.readAt !== null,
        contacted: m.contactedAt !== null,
      })),
    ),
  ).toEqual(byId(inboxShape));
  const shorts = await queryRows<{
    id: string;
    slug: string;
    target: string;
    enabled: boolean;
    deleted_at: string | null;
  }>(
    server.database.db,
    sql`SELECT id, slug, target, enabled, deleted_at FROM short_links WHERE member_id = ${me}`,
  );
  const shortShape = (l: (typeof shorts)[number]) => ({
    id: l.id,
    slug: l.slug,
    target: l.target,
    enabled: l.enabled,
    deleted: l.deleted_at !== null,
  });
  expect(byId(shorts.map(shortShape))).toEqual(
    byId(
      [...model.shortLinks]
        .filter(([, l]) => l.owner === me)
        .map(([id, l]) => ({
          id,
          slug: l.slug,
          target: l.target,
          enabled: l.enabled,
          deleted: l.deleted,
        })),
    ),
  );
  const localShorts = await device.db.shortLinks.toArray();
  expect(
    byId(
      localShorts
        .filter((l) => l.deletedAt === null)
        .map((l) => ({ id: l.id, slug: l.slug, target: l.target, enabled: l.enabled })),
    ),
  ).toEqual(
    byId(
      shorts
        .filter((l) => l.deleted_at === null)
        .map((l) => ({ id: l.id, slug: l.slug, target: l.target, enabled: l.enabled })),
    ),
  );
  const bios = await queryRows<{
    id: string;
    title: string;
    url: string;
    enabled: boolean;
    ordinal: number;
    deleted_at: string | null;
  }>(
    server.database.db,
    sql`SELECT id, title, url, enabled, ordinal, deleted_at FROM bio_links WHERE member_id = ${me}`,
  );
  const bioShape = (b: {
    id: string;
    title: string;
    url: string;
    enabled: boolean;
    ordinal: number;
  }) => ({
    id: b.id,
    title: b.title,
    url: b.url,
    enabled: b.enabled,
    ordinal: b.ordinal,
  });
  expect(byId(bios.map((b) => ({ ...bioShape(b), deleted: b.deleted_at !== null })))).toEqual(
    byId(
      [...model.bioLinks]
        .filter(([, b]) => b.owner === me)
        .map(([id, b]) => ({ ...bioShape({ ...b, id }), deleted: b.deleted })),
    ),
  );
  const localBios = await device.db.bioLinks.toArray();
  expect(byId(localBios.filter((b) => b.deletedAt === null).map(bioShape))).toEqual(
    byId(bios.filter((b) => b.deleted_at === null).map(bioShape)),
  );
  const requests = await queryRows<{ id: string; topic: string; message: string }>(
    server.database.db,
    sql`SELECT id, topic, message FROM support_requests WHERE member_id = ${me}`,
  );
  expect(byId(requests)).toEqual(
    byId(
      [...model.supportRequests]
        .filter(([, r]) => r.owner === me)
        .map(([id, r]) => ({ id, topic: r.topic, message: r.message })),
    ),
  );
  expect(byId((await device.db.supportRequests.toArray()).map((r) => ({ id: r.id })))).toEqual(
    byId(requests.map((r) => ({ id: r.id }))),
  );
  expect(await device.db.serverShadows.count()).toBe(0);
  device.db.close();
}

describe('sync convergence', () => {
  it('loses nothing, doubles nothing and converges under faults and crashes, for every mutation', async () => {
    propertyFailed = true;
    const scenarios = scenariosFavouring();
    const seed = Number(process.env.SYNC_CONVERGENCE_SEED ?? 20_110_205);
    await fc.assert(fc.asyncProperty(scenarios, runScenario), {
      numRuns: Number(process.env.SYNC_CONVERGENCE_RUNS ?? 40),
      seed,
    });
    // Every new mutation reshuffles what a seed draws: rather than tune weights until each one
    // happens to be queued, a few more seeded rounds run while some mutation never was, drawing
    // those mutations more often (a round's first runs are short: a mutation that needs a
    // conversation or a conflict first rarely gets its turn at the usual weights).
    const neverQueued = () => mutationNames.filter((name) => !queuedPerMutation.get(name));
    for (let round = 1; round <= 10 && !process.env.SYNC_CONVERGENCE_RUNS; round += 1) {
      if (neverQueued().length === 0) break;
      await fc.assert(fc.asyncProperty(scenariosFavouring(new Set(neverQueued())), runScenario), {
        numRuns: 10,
        seed: seed + round,
      });
    }
    propertyFailed = false;
  }, 600_000);
});
