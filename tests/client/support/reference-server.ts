// A model of what the server must do with each pushed entry, written from the rules (spec,
// decisions 0201, 0250, 0300, 0302), not from the server's code: fed every push the server
// actually handled, in its order, it says what the answer must be and what the data must be.
import * as v from 'valibot';
import { isMutationName, mutations, type MutationName } from '../../../contract/mutations';
import { duplicateWindowMinutes } from '../../../contract/checkin';
import bankData from '../../../server/data/vn-banks.json';
import { findTheme } from '../../../contract/theme';
import { mainImageUrl, parseImageUrl, type ImagePurpose } from '../../../contract/image';
import { vietnamToday } from '../../../contract/content';
import type { ContentKind } from '../../../contract/content-writes';
import { contactFieldsOfCard, type ContactExchangeInput } from '../../../contract/card-exchange';
import { phoneKey } from '../../../contract/phonebook-import';
import { accountLinkFieldValues } from '../../../contract/account-link';

export interface Verdict {
  status: 'applied' | 'rejected';
  code?: string;
}

export interface ModelContact {
  owner: string;
  name: string;
  phone: string | null;
  deleted: boolean;
  /** The member whose card it is (a saved card, an exchange). */
  cardMemberId: string | null;
  /** Linked by a card exchange (decision 1100): set by the server only, kept by edits. */
  exchanged: boolean;
}

/** What a member's card shows that an exchange copies into the other's phonebook. */
export interface ModelCard {
  name: string;
  phone: string | null;
}

export interface ModelWedding {
  owner: string;
  venue: string | null;
  groomsBankBin: string | null;
}

export interface ModelContactUs {
  owner: string;
  read: boolean;
  contacted: boolean;
}

export interface ModelFriendship {
  from: string;
  to: string;
  status: 'pending' | 'accepted';
}

export interface ModelPointEntry {
  buyer: string;
  group: string;
  invoiceValue: number;
  accumulated: number;
  deducted: number;
  orderGroupId: string | null;
}

export interface ModelCheckIn {
  member: string;
  group: string;
  at: number;
  duplicateOf: string | null;
}

export interface ModelTheme {
  theme: string;
  themeType: 'list' | 'square';
}

export interface ModelOrderGroup {
  buyer: string;
  group: string;
  title: string;
}

/** A post, product, activity, relic or poster, told apart by its label (title, name, image). */
export interface ModelContentItem {
  kind: ContentKind;
  memberId: string | null;
  groupId: string | null;
  label: string;
  deleted: boolean;
}

/** One member's copy of a message: what they did with it. */
export interface ModelMessageCopy {
  id: string;
  owner: string;
  messageId: string;
  group: string;
  read: boolean;
  hidden: boolean;
  deleted: boolean;
}

export interface ModelAccountLink {
  kind: string;
  title: string | null;
  url: string | null;
  bankBin: string | null;
  ordinal: number;
  hidden: boolean;
  deleted: boolean;
}

export interface ModelJobDiaryEntry {
  owner: string;
  date: string;
  title: string;
  deleted: boolean;
}

export interface ModelCv {
  email: string;
  gender: string;
  skills: string[];
}

export interface ModelBioLink {
  owner: string;
  title: string;
  url: string;
  enabled: boolean;
  ordinal: number;
  deleted: boolean;
}

export interface ModelShortLink {
  owner: string;
  slug: string;
  target: string;
  enabled: boolean;
  deleted: boolean;
}

/** The banks a member may pick (the server's published list, decision 0630). */
const knownBins = new Set(bankData.banks.map((bank) => bank.bin));

const applied: Verdict = { status: 'applied' };
const refused = (code: string): Verdict => ({ status: 'rejected', code });
const pairKey = (a: string, b: string) => [a, b].sort().join('|');
const blankToNull = (value: string | null | undefined) => (value ? value : null);

export class ReferenceServer {
  readonly contacts = new Map<string, ModelContact>();
  /** Live relations by pair; an ended one is removed. */
  readonly friendships = new Map<string, ModelFriendship>();
  readonly pointEntries = new Map<string, ModelPointEntry>();
  readonly checkIns = new Map<string, ModelCheckIn>();
  readonly orderGroups = new Map<string, ModelOrderGroup>();
  readonly accountLinks = new Map<string, ModelAccountLink>();
  /** Wedding invitations by id (decision 0720): owner, venue, the grooms' bank BIN. */
  readonly weddings = new Map<string, ModelWedding>();
  /** Contact-us messages the member's inbox holds (made by visitors before the run). */
  readonly contactUs = new Map<string, ModelContactUs>();
  private readonly accountLinkOwners = new Map<string, string>();
  /** Short links by id (decision 0900): a slug is never handed on, even after a delete. */
  readonly shortLinks = new Map<string, ModelShortLink>();
  /** Bio link items by id (decision 0940): last write wins per item, deleted stays deleted. */
  readonly bioLinks = new Map<string, ModelBioLink>();
  /** Support requests by id: written once, by their author (decision 0901). */
  readonly supportRequests = new Map<string, { owner: string; topic: string; message: string }>();
  /** Job diary entries (decision 0710): their owner's alone. */
  readonly jobDiary = new Map<string, ModelJobDiaryEntry>();
  /** Each member's CV as last saved (decision 0711). */
  readonly cvs = new Map<string, ModelCv>();
  /** Each member's card theme as last set (personal members: any catalogue theme). */
  readonly themes = new Map<string, ModelTheme>();
  /** Push topics each member chose, by member (a topic's last write wins, decision 0662). */
  readonly pushSettings = new Map<string, Record<string, boolean>>();
  /** Profile fields each member's patches set, by member (a field's last write wins). */
  readonly profiles = new Map<string, Record<string, string | null>>();
  /** Uploaded pictures (stored before the run) by upload id. */
  readonly uploads = new Map<string, { member: string; purpose: ImagePurpose }>();
  /** The card pictures of each member that set one. */
  readonly profileImages = new Map<
    string,
    Record<'avatar' | 'banner' | 'background', string | null>
  >();
  readonly contentItems = new Map<string, ModelContentItem>();
  /** Brands each member runs (owner or admin): only they write the brand's content. */
  readonly brandAdmins = new Map<string, Set<string>>();
  /** Copies of messages by `${messageId}|${owner}`: one per participant (decision 0660). */
  readonly messageCopies = new Map<string, ModelMessageCopy>();
  /** Members known to the server (a message to anyone else is refused). */
  readonly members = new Set<string>();
  /** The cards of live members (an exchange on anything else is refused). */
  readonly cards = new Map<string, ModelCard>();
  /** Card-exchange notifications each member got: one per exchange new to their phonebook. */
  readonly exchangeNotices = new Map<string, number>();
  /** Notifications the server made, by id, with their receiver and whether opened. */
  readonly notifications = new Map<string, { owner: string; opened: boolean }>();
  /** `${member}|${key}` of every entry applied: a replay answers the same, changes nothing. */
  readonly appliedKeys = new Set<string>();
  /** Every refusal code each key got (a refused key may be sent again and land differently). */
  readonly refusals = new Map<string, Set<string>>();

  constructor(
    /** Points per thousand of each group, by staff member. */
    private readonly staff: Map<string, Map<string, number>>,
    /** The server's clock: device times after it are brought back to it. */
    private readonly serverNow: () => Date,
  ) {}

  friendshipOf(a: string, b: string): ModelFriendship | undefined {
    return this.friendships.get(pairKey(a, b));
  }

  balanceOf(buyer: string, group: string): number {
    let balance = 0;
    for (const e of this.pointEntries.values()) {
      if (e.buyer === buyer && e.group === group) balance += e.accumulated - e.deducted;
    }
    return balance;
  }

  /** One pushed entry, handled now. */
  handle(member: string, key: string, name: string, payload: unknown): Verdict {
    const keyRef = `${member}|${key}`;
    if (this.appliedKeys.has(keyRef)) return applied;
    const verdict = this.decide(member, name, payload);
    if (verdict.status === 'applied') {
      this.appliedKeys.add(keyRef);
    } else {
      const codes = this.refusals.get(keyRef) ?? new Set<string>();
      codes.add(verdict.code ?? '');
      this.refusals.set(keyRef, codes);
    }
    return verdict;
  }

  private decide(member: string, name: string, payload: unknown): Verdict {
    if (!isMutationName(name)) return refused('unknown_mutation');
    const parsed = v.safeParse(mutations[name].schema, payload);
    if (!parsed.success) return refused('validation_failed');
    return this.apply(member, name, parsed.output);
  }

  private apply(member: string, name: MutationName, input: unknown): Verdict {
    switch (name) {
      case 'contact.upsert': {
        const c = input as v.InferOutput<(typeof mutations)['contact.upsert']['schema']>;
        const existing = this.contacts.get(c.id);
        if (existing && existing.owner !== member) return refused('not_found');
        // An edit of a deleted contact is kept as a conflict; the contact stays deleted (1062).
        if (existing?.deleted) return applied;
        if (c.name === undefined) return refused('validation_failed');
        if (c.cardMemberId && !this.members.has(c.cardMemberId)) {
          return refused('validation_failed');
        }
        this.contacts.set(c.id, {
          owner: member,
          name: c.name,
          phone: blankToNull(c.phone),
          deleted: false,
          // Without a base the whole contact is written, its card link too (decision 1062).
          cardMemberId:
            c.base && c.cardMemberId === undefined
              ? (existing?.cardMemberId ?? null)
              : (c.cardMemberId ?? null),
          exchanged: existing?.exchanged ?? false,
        });
        return applied;
      }
      case 'contact.delete': {
        const { id } = input as { id: string };
        const existing = this.contacts.get(id);
        if (!existing || existing.owner !== member) return refused('not_found');
        existing.deleted = true;
        return applied;
      }
      case 'contact.exchange':
        return this.exchange(member, input as ContactExchangeInput);
      case 'friend.add':
      case 'friend.accept':
      case 'friend.reject':
      case 'friend.cancel':
      case 'friend.unfriend':
        return this.friend(member, name, input as { from: string; to: string });
      case 'point.create':
        return this.point(
          member,
          input as v.InferOutput<(typeof mutations)['point.create']['schema']>,
        );
      case 'checkin.create':
        return this.checkIn(
          member,
          input as v.InferOutput<(typeof mutations)['checkin.create']['schema']>,
        );
      case 'profile.setImage':
        return this.profileImage(
          member,
          input as v.InferOutput<(typeof mutations)['profile.setImage']['schema']>,
        );
      case 'orderGroup.upsert':
        return this.orderGroup(
          member,
          input as v.InferOutput<(typeof mutations)['orderGroup.upsert']['schema']>,
        );
      case 'profile.setTheme': {
        // A personal member may take any of the catalogue's themes; last write wins.
        const t = input as v.InferOutput<(typeof mutations)['profile.setTheme']['schema']>;
        if (!findTheme(t.theme)) return refused('validation_failed');
        this.themes.set(member, { theme: t.theme, themeType: t.themeType });
        return applied;
      }
      case 'profile.setPushSettings': {
        const patch = input as Record<string, boolean | undefined>;
        const chosen = this.pushSettings.get(member) ?? {};
        for (const [topic, on] of Object.entries(patch)) if (on !== undefined) chosen[topic] = on;
        this.pushSettings.set(member, chosen);
        return applied;
      }
      case 'profile.update':
        return this.profile(
          member,
          input as v.InferOutput<(typeof mutations)['profile.update']['schema']>,
        );
      case 'post.upsert':
      case 'product.upsert':
      case 'activity.upsert':
      case 'relic.upsert':
      case 'poster.upsert':
        return this.contentUpsert(member, name.split('.')[0] as ContentKind, input);
      case 'post.delete':
      case 'product.delete':
      case 'activity.delete':
      case 'relic.delete':
      case 'poster.delete':
        return this.contentDelete(
          member,
          name.split('.')[0] as ContentKind,
          input as { id: string },
        );
      case 'message.send':
        return this.sendMessage(
          member,
          input as v.InferOutput<(typeof mutations)['message.send']['schema']>,
        );
      case 'message.read':
      case 'message.hide': {
        const { groupMessageId } = input as { groupMessageId: string };
        const own = [...this.messageCopies.values()].filter(
          (c) => c.group === groupMessageId && c.owner === member,
        );
        if (own.length === 0) return this.conversationRefusal(groupMessageId);
        for (const copy of own) {
          if (name === 'message.read') copy.read = true;
          else copy.hidden = true;
        }
        return applied;
      }
      case 'message.delete': {
        const { id } = input as { id: string };
        const copy = [...this.messageCopies.values()].find((c) => c.id === id);
        if (!copy) return refused('not_found');
        if (copy.owner !== member) return refused('forbidden');
        copy.deleted = true;
        return applied;
      }
      case 'conflict.resolve':
        // The devices resolve only conflicts they pulled; letting one go changes no contact.
        return applied;
      case 'notification.open': {
        const { id } = input as { id: string };
        const notification = this.notifications.get(id);
        if (!notification) return refused('not_found');
        if (notification.owner !== member) return refused('forbidden');
        notification.opened = true;
        return applied;
      }
      case 'accountLink.upsert':
        return this.accountLink(
          member,
          input as v.InferOutput<(typeof mutations)['accountLink.upsert']['schema']>,
        );
      case 'accountLink.delete': {
        // Another member's row: 403, a row never created: 404; deleting twice is the same.
        const { id } = input as { id: string };
        const existing = this.accountLinks.get(id);
        if (!existing) return refused('not_found');
        if (this.accountLinkOwners.get(id) !== member) return refused('forbidden');
        existing.deleted = true;
        return applied;
      }
      case 'jobDiary.upsert': {
        // Someone else's entry is not told apart from none. An edit of a deleted entry is kept
        // as a conflict; the entry stays deleted (1062).
        const e = input as v.InferOutput<(typeof mutations)['jobDiary.upsert']['schema']>;
        const existing = this.jobDiary.get(e.id);
        if (existing && existing.owner !== member) return refused('not_found');
        if (existing?.deleted) return applied;
        this.jobDiary.set(e.id, { owner: member, date: e.date, title: e.title, deleted: false });
        return applied;
      }
      case 'jobDiary.delete': {
        const { id } = input as { id: string };
        const existing = this.jobDiary.get(id);
        if (!existing || existing.owner !== member) return refused('not_found');
        existing.deleted = true;
        return applied;
      }
      case 'cv.save': {
        // One CV per member, the caller's own; last write wins.
        const cv = input as v.InferOutput<(typeof mutations)['cv.save']['schema']>;
        this.cvs.set(member, { email: cv.email, gender: cv.gender, skills: cv.skills });
        return applied;
      }
      case 'wedding.upsert': {
        // Another member's invitation: 403; a bank not on the list: refused by the server.
        const w = input as v.InferOutput<(typeof mutations)['wedding.upsert']['schema']>;
        const existing = this.weddings.get(w.id);
        if (existing && existing.owner !== member) return refused('forbidden');
        // With a base only the fields it names are written (1062).
        const named = (field: string) => !existing || !w.base || Object.hasOwn(w.base, field);
        for (const [field, bank] of [
          ['groomsBank', w.groomsBank],
          ['bridesBank', w.bridesBank],
        ] as const) {
          if (named(field) && bank && !knownBins.has(bank.bankBin)) {
            return refused('validation_failed');
          }
        }
        if (existing && w.base) {
          if (named('venue')) existing.venue = w.venue || null;
          if (named('groomsBank')) existing.groomsBankBin = w.groomsBank?.bankBin ?? null;
          return applied;
        }
        this.weddings.set(w.id, {
          owner: member,
          venue: w.venue || null,
          groomsBankBin: w.groomsBank?.bankBin ?? null,
        });
        return applied;
      }
      case 'contactUs.update': {
        // Only the receiver flags a message; a flag left out stays as it was.
        const u = input as v.InferOutput<(typeof mutations)['contactUs.update']['schema']>;
        const message = this.contactUs.get(u.id);
        if (!message) return refused('not_found');
        if (message.owner !== member) return refused('forbidden');
        if (u.read !== undefined) message.read = u.read;
        if (u.contacted !== undefined) message.contacted = u.contacted;
        return applied;
      }
      case 'shortLink.upsert':
        return this.shortLink(
          member,
          input as v.InferOutput<(typeof mutations)['shortLink.upsert']['schema']>,
        );
      case 'supportRequest.create': {
        const r = input as v.InferOutput<(typeof mutations)['supportRequest.create']['schema']>;
        const existing = this.supportRequests.get(r.id);
        if (existing) return existing.owner === member ? applied : refused('forbidden');
        this.supportRequests.set(r.id, { owner: member, topic: r.topic, message: r.message });
        return applied;
      }
      case 'shortLink.delete': {
        const { id } = input as { id: string };
        const existing = this.shortLinks.get(id);
        if (!existing) return refused('not_found');
        if (existing.owner !== member) return refused('forbidden');
        existing.deleted = true;
        return applied;
      }
      case 'bioLink.upsert': {
        const b = input as v.InferOutput<(typeof mutations)['bioLink.upsert']['schema']>;
        const existing = this.bioLinks.get(b.id);
        if (existing && existing.owner !== member) return refused('forbidden');
        if (existing?.deleted) return refused('not_found');
        this.bioLinks.set(b.id, {
          owner: member,
          title: b.title,
          url: b.url,
          enabled: b.enabled,
          ordinal: b.ordinal,
          deleted: false,
        });
        return applied;
      }
      case 'bioLink.delete': {
        const { id } = input as { id: string };
        const existing = this.bioLinks.get(id);
        if (!existing) return refused('not_found');
        if (existing.owner !== member) return refused('forbidden');
        existing.deleted = true;
        return applied;
      }
    }
  }

  /** A member's live contacts matching `test`, the first by id (the server's pick of several). */
  private firstLiveContact(
    owner: string,
    test: (contact: ModelContact, id: string) => boolean,
  ): [string, ModelContact] | undefined {
    return [...this.contacts]
      .filter(([id, c]) => c.owner === owner && !c.deleted && test(c, id))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))[0];
  }

  /**
   * Decision 1100: the card goes into the visitor's phonebook under the id their device chose
   * (another contact of that card already there stays the one, the chosen id a tombstone); the
   * visitor's card into the owner's, matched to a contact they hold by the visitor's card, then
   * phone, then e-mail, else a new lead under `leadId`. The owner is told when the exchange is
   * new to their phonebook. Not on one's own card, only on a live member's.
   */
  private exchange(member: string, x: ContactExchangeInput): Verdict {
    if (x.cardMemberId === member) return refused('exchange_self');
    const card = this.cards.get(x.cardMemberId);
    if (!card) return refused('exchange_not_member');
    const same = this.contacts.get(x.id);
    if (same && same.owner !== member) return refused('not_found');
    const fromCard = contactFieldsOfCard(
      x.cardSnapshot ?? { name: card.name, urlMinify: '', phone: card.phone ?? undefined },
    );
    const cardPhone = blankToNull(fromCard.phone);
    if (same) {
      Object.assign(same, {
        cardMemberId: x.cardMemberId,
        deleted: false,
        exchanged: true,
        phone: same.phone ?? cardPhone,
      });
    } else {
      const other = this.firstLiveContact(
        member,
        (c, id) => c.cardMemberId === x.cardMemberId && id !== x.id,
      );
      this.contacts.set(x.id, {
        owner: member,
        name: fromCard.name,
        phone: cardPhone,
        deleted: other !== undefined,
        cardMemberId: x.cardMemberId,
        exchanged: other === undefined,
      });
      if (other) Object.assign(other[1], { exchanged: true, phone: other[1].phone ?? cardPhone });
    }
    // The owner's side, from the visitor's card as the server has it.
    const visitor = this.cards.get(member);
    if (!visitor) return refused('not_found');
    const visitorName = this.profiles.get(member)?.name ?? visitor.name;
    const visitorPhone = blankToNull(
      contactFieldsOfCard({ name: visitorName, urlMinify: '', phone: visitor.phone ?? undefined })
        .phone,
    );
    const wantedPhone = phoneKey(visitorPhone);
    const owner = x.cardMemberId;
    const known =
      this.firstLiveContact(owner, (c) => c.cardMemberId === member) ??
      (wantedPhone
        ? this.firstLiveContact(
            owner,
            (c) =>
              (c.cardMemberId === null || c.cardMemberId === member) &&
              phoneKey(c.phone) === wantedPhone,
          )
        : undefined);
    const tell = () => this.exchangeNotices.set(owner, (this.exchangeNotices.get(owner) ?? 0) + 1);
    if (known) {
      const [, contact] = known;
      if (contact.exchanged && contact.cardMemberId === member) return applied;
      if (!contact.exchanged) tell();
      Object.assign(contact, {
        cardMemberId: member,
        exchanged: true,
        phone: contact.phone ?? visitorPhone,
      });
      return applied;
    }
    if (this.contacts.has(x.leadId)) return applied;
    this.contacts.set(x.leadId, {
      owner,
      name: visitorName,
      phone: visitorPhone,
      deleted: false,
      cardMemberId: member,
      exchanged: true,
    });
    tell();
    return applied;
  }

  /** The slug is fixed at creation and unique across every link ever made; last write wins. */
  private shortLink(
    member: string,
    input: v.InferOutput<(typeof mutations)['shortLink.upsert']['schema']>,
  ): Verdict {
    const existing = this.shortLinks.get(input.id);
    if (existing && existing.owner !== member) return refused('forbidden');
    if (existing?.deleted) return refused('not_found');
    if (existing && existing.slug !== input.slug) return refused('short_link_slug_fixed');
    if (!existing && [...this.shortLinks.values()].some((l) => l.slug === input.slug)) {
      return refused('url_minify_taken');
    }
    this.shortLinks.set(input.id, {
      owner: member,
      slug: input.slug,
      target: input.target,
      enabled: input.enabled,
      deleted: false,
    });
    return applied;
  }

  /** A receiver's copy id (contract/message.ts messageCopyKey); the sender's is the message id. */
  copyId: (messageId: string, owner: string) => string = (messageId, owner) =>
    `${messageId}|${owner}`;

  private readonly senders = new Map<string, string>();

  private conversationRefusal(group: string): Verdict {
    const exists = [...this.messageCopies.values()].some((c) => c.group === group);
    return refused(exists ? 'forbidden' : 'not_found');
  }

  private sendMessage(
    member: string,
    m: v.InferOutput<(typeof mutations)['message.send']['schema']>,
  ): Verdict {
    // The same message again (another key) stores nothing more.
    if (this.senders.has(m.id)) {
      return this.senders.get(m.id) === member ? applied : refused('conflict');
    }
    const receivers = [...new Set([...m.to, ...m.cc, ...m.bcc])].filter((id) => id !== member);
    if (receivers.length === 0 || !m.to.some((id) => id !== member)) {
      return refused('validation_failed');
    }
    if (receivers.some((id) => !this.members.has(id))) return refused('validation_failed');
    const inGroup = [...this.messageCopies.values()].filter((c) => c.group === m.groupMessageId);
    if (inGroup.length > 0 && !inGroup.some((c) => c.owner === member)) {
      return refused('forbidden');
    }
    this.senders.set(m.id, member);
    for (const owner of [member, ...receivers]) {
      this.messageCopies.set(`${m.id}|${owner}`, {
        id: owner === member ? m.id : this.copyId(m.id, owner),
        owner,
        messageId: m.id,
        group: m.groupMessageId,
        // The sender has read their own message.
        read: owner === member,
        hidden: false,
        deleted: false,
      });
    }
    return applied;
  }

  /** Spec §6: the owner writes their items; a brand's items, its admins. */
  private writes(member: string, owner: { memberId: string | null; groupId: string | null }) {
    if (owner.memberId) return owner.memberId === member;
    return owner.groupId !== null && (this.brandAdmins.get(member)?.has(owner.groupId) ?? false);
  }

  private contentUpsert(member: string, kind: ContentKind, input: unknown): Verdict {
    const item = input as {
      id: string;
      groupId?: string | null;
      title?: string;
      displayName?: string;
      images?: string[];
      enabled?: boolean;
      endDate?: string;
    };
    const wanted = item.groupId
      ? { memberId: null, groupId: item.groupId }
      : { memberId: member, groupId: null };
    const existing = this.contentItems.get(item.id);
    // An edit with a base writes only the fields it names (1062).
    const base = (input as { base?: Record<string, unknown> }).base;
    if (existing) {
      if (!this.writes(member, existing)) return refused('forbidden');
      // An edit of a deleted item is kept as a conflict; the item stays deleted (1062).
      if (existing.deleted) return base ? applied : refused('not_found');
      if (existing.memberId !== wanted.memberId || existing.groupId !== wanted.groupId) {
        return refused('conflict');
      }
    } else if (!this.writes(member, wanted)) {
      return refused('forbidden');
    }
    // Spec §4: an expired poster cannot be switched on.
    if (kind === 'poster' && item.enabled && item.endDate! < vietnamToday(this.serverNow())) {
      return refused('validation_failed');
    }
    const label =
      kind === 'activity'
        ? item.displayName!
        : kind === 'poster'
          ? (item.images?.[0] ?? '').slice('/uploads/'.length, -'.webp'.length)
          : item.title!;
    const labelField = kind === 'activity' ? 'displayName' : kind === 'poster' ? 'images' : 'title';
    const keptLabel = existing && base && !Object.hasOwn(base, labelField);
    this.contentItems.set(item.id, {
      kind,
      ...wanted,
      label: keptLabel ? existing.label : label,
      deleted: false,
    });
    return applied;
  }

  private contentDelete(member: string, kind: ContentKind, input: { id: string }): Verdict {
    const existing = this.contentItems.get(input.id);
    if (!existing || existing.kind !== kind) return refused('not_found');
    if (!this.writes(member, existing)) return refused('forbidden');
    existing.deleted = true;
    return applied;
  }

  /** Only one's own profile; each field the patch carries is written, blanks clear (0610). */
  private profile(
    member: string,
    input: v.InferOutput<(typeof mutations)['profile.update']['schema']>,
  ): Verdict {
    if (input.id !== member) return refused('forbidden');
    const fields = this.profiles.get(member) ?? {};
    for (const [field, value] of Object.entries(input)) {
      if (field === 'id' || value === undefined) continue;
      fields[field] = typeof value === 'string' ? blankToNull(value) : JSON.stringify(value);
    }
    this.profiles.set(member, fields);
    return applied;
  }

  /** `from` sent the request, `to` received it; the caller must be the side the call is for. */
  private friend(member: string, name: MutationName, pair: { from: string; to: string }): Verdict {
    const key = pairKey(pair.from, pair.to);
    const live = this.friendships.get(key);
    const receiving = name === 'friend.accept' || name === 'friend.reject';
    if ((receiving ? pair.to : pair.from) !== member) return refused('friend_mismatch');
    switch (name) {
      case 'friend.add':
        if (live?.status === 'accepted') return refused('friend_already');
        if (live && live.from !== pair.from) live.status = 'accepted';
        if (!live) this.friendships.set(key, { ...pair, status: 'pending' });
        return applied;
      case 'friend.accept':
      case 'friend.reject':
      case 'friend.cancel':
        if (live?.status === 'accepted') return refused('friend_already');
        if (!live || live.from !== pair.from) return refused('friend_request_missing');
        if (name === 'friend.accept') live.status = 'accepted';
        else this.friendships.delete(key);
        return applied;
      default:
        if (live?.status !== 'accepted') return refused('friend_not_friends');
        this.friendships.delete(key);
        return applied;
    }
  }

  private staffRate(member: string, group: string): number | undefined {
    return this.staff.get(member)?.get(group);
  }

  private point(
    member: string,
    input: v.InferOutput<(typeof mutations)['point.create']['schema']>,
  ): Verdict {
    const rate = this.staffRate(member, input.sellerGroupId);
    if (rate === undefined) return refused('forbidden');
    if (input.buyerMemberId === member) return refused('points_self_entry');
    if (this.pointEntries.has(input.id)) return applied;
    if (input.orderGroupId) {
      const order = this.orderGroups.get(input.orderGroupId);
      if (order?.buyer !== input.buyerMemberId || order.group !== input.sellerGroupId) {
        return refused('invalid_value');
      }
    }
    // 1 point = 1,000 VND: spending more than the invoice is worth, or than the balance holds.
    if (input.deductedPoints * 1000 > input.invoiceValue) return refused('points_exceed_invoice');
    if (input.deductedPoints > this.balanceOf(input.buyerMemberId, input.sellerGroupId)) {
      return refused('points_insufficient');
    }
    this.pointEntries.set(input.id, {
      buyer: input.buyerMemberId,
      group: input.sellerGroupId,
      invoiceValue: input.invoiceValue,
      // Only the part paid in money earns points.
      accumulated: Math.floor((input.invoiceValue - input.deductedPoints * 1000) / 1000) * rate,
      deducted: input.deductedPoints,
      orderGroupId: input.orderGroupId ?? null,
    });
    return applied;
  }

  private checkIn(
    member: string,
    input: v.InferOutput<(typeof mutations)['checkin.create']['schema']>,
  ): Verdict {
    if (this.staffRate(member, input.groupId) === undefined) return refused('forbidden');
    if (input.memberId === member) return refused('points_self_entry');
    if (this.checkIns.has(input.id)) return applied;
    const now = this.serverNow().getTime();
    const at = Math.min(input.checkedInAt ? Date.parse(input.checkedInAt) : now, now);
    const windowMs = duplicateWindowMinutes * 60_000;
    // A repeat of the earliest first visit within the window, whatever order they arrived in.
    const first = [...this.checkIns]
      .filter(
        ([, c]) =>
          c.member === input.memberId &&
          c.group === input.groupId &&
          c.duplicateOf === null &&
          Math.abs(c.at - at) < windowMs,
      )
      .sort(([idA, a], [idB, b]) => a.at - b.at || (idA < idB ? -1 : idA > idB ? 1 : 0))[0];
    this.checkIns.set(input.id, {
      member: input.memberId,
      group: input.groupId,
      at,
      duplicateOf: first?.[0] ?? null,
    });
    return applied;
  }

  /** Last write wins per row; a deleted row stays deleted; the bank must be on the list. */
  private accountLink(
    member: string,
    input: v.InferOutput<(typeof mutations)['accountLink.upsert']['schema']>,
  ): Verdict {
    const existing = this.accountLinks.get(input.id);
    if (existing && this.accountLinkOwners.get(input.id) !== member) return refused('forbidden');
    if (input.kind === 'bank' && !knownBins.has(input.bankBin)) {
      return refused('validation_failed');
    }
    // An edit of a deleted row is kept as a conflict; the row stays deleted (1062).
    if (existing?.deleted) return applied;
    if (existing && input.base) {
      // Only the fields the base names are written (1062).
      const next = accountLinkFieldValues(input);
      const named = (field: string) => Object.hasOwn(input.base ?? {}, field);
      if (named('kind')) existing.kind = input.kind;
      if (named('title')) existing.title = next.title as string | null;
      if (named('url')) existing.url = next.url as string | null;
      if (named('bankBin')) existing.bankBin = next.bankBin as string | null;
      if (named('ordinal')) existing.ordinal = input.ordinal;
      if (named('hidden')) existing.hidden = input.hidden;
      if (existing.kind === 'bank') existing.title = existing.url = null;
      else existing.bankBin = null;
      return applied;
    }
    this.accountLinks.set(input.id, {
      kind: input.kind,
      title: input.kind === 'bank' ? null : input.title || null,
      url: input.kind === 'bank' ? null : input.url,
      bankBin: input.kind === 'bank' ? input.bankBin : null,
      ordinal: input.ordinal,
      hidden: input.hidden,
      deleted: false,
    });
    this.accountLinkOwners.set(input.id, member);
    return applied;
  }

  private orderGroup(
    member: string,
    input: v.InferOutput<(typeof mutations)['orderGroup.upsert']['schema']>,
  ): Verdict {
    if (this.staffRate(member, input.sellerGroupId) === undefined) return refused('forbidden');
    const existing = this.orderGroups.get(input.id);
    if (existing) {
      if (existing.buyer !== input.buyerMemberId || existing.group !== input.sellerGroupId) {
        return refused('conflict');
      }
      existing.title = input.title;
      return applied;
    }
    this.orderGroups.set(input.id, {
      buyer: input.buyerMemberId,
      group: input.sellerGroupId,
      title: input.title,
    });
    return applied;
  }

  /** A card picture must be an upload of the same member, of that slot's purpose (0620). */
  private profileImage(
    member: string,
    input: v.InferOutput<(typeof mutations)['profile.setImage']['schema']>,
  ): Verdict {
    if (input.url !== null) {
      const parsed = parseImageUrl(input.url);
      const upload = parsed ? this.uploads.get(parsed.uploadId) : undefined;
      if (!parsed || !upload) return refused('image_not_uploaded');
      if (upload.member !== member) return refused('forbidden');
      if (
        upload.purpose !== input.slot ||
        input.url !== mainImageUrl(parsed.uploadId, input.slot)
      ) {
        return refused('validation_failed');
      }
    }
    const images = this.profileImages.get(member) ?? {
      avatar: null,
      banner: null,
      background: null,
    };
    images[input.slot] = input.url;
    this.profileImages.set(member, images);
    return applied;
  }
}
