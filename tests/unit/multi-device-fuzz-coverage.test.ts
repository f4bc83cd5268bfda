// The multi-device fuzz (tests/client/sync-multi-device.test.ts, decision 0207) queues every
// declared mutation: each name of contract/mutations.ts is listed here with the fuzz op that
// queues it, or as left out with the reason. A new mutation fails this test until the fuzz
// queues it (or someone writes down why it does not).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mutationNames, type MutationName } from '../../contract/mutations';

/** The op of the fuzz that queues each mutation (its `case '…'` in the fuzz's op switch). */
const fuzzedBy: Partial<Record<MutationName, string>> = {
  'profile.update': 'profile-edit',
  'profile.setTheme': 'theme',
  'profile.setImage': 'set-image',
  'profile.setPushSettings': 'push-settings',
  'friend.add': 'friend-add',
  'friend.accept': 'friend-answer',
  'friend.reject': 'friend-answer',
  'friend.cancel': 'friend-cancel',
  'friend.unfriend': 'friend-unfriend',
  'contact.upsert': 'contact-edit',
  'contact.delete': 'contact-delete',
  'contact.exchange': 'exchange',
  'point.create': 'point',
  'checkin.create': 'checkin',
  'orderGroup.upsert': 'order-group',
  'notification.open': 'notification-open',
  'message.send': 'message-send',
  'message.read': 'message-read',
  'message.hide': 'message-hide',
  'message.delete': 'message-delete',
  'jobDiary.upsert': 'diary-edit',
  'jobDiary.delete': 'diary-delete',
  'cv.save': 'cv-edit',
  'accountLink.upsert': 'link-edit',
  'accountLink.delete': 'link-delete',
  'shortLink.upsert': 'short-link-edit',
  'shortLink.delete': 'short-link-delete',
  'bioLink.upsert': 'bio-link-edit',
  'bioLink.delete': 'bio-link-delete',
  'supportRequest.create': 'support-request',
  'post.upsert': 'post-edit',
  'post.delete': 'post-delete',
  'product.upsert': 'item-edit',
  'product.delete': 'item-delete',
  'activity.upsert': 'item-edit',
  'activity.delete': 'item-delete',
  'relic.upsert': 'item-edit',
  'relic.delete': 'item-delete',
  'poster.upsert': 'item-edit',
  'poster.delete': 'item-delete',
  'wedding.upsert': 'wedding-edit',
  'contactUs.update': 'contact-us-update',
  'conflict.resolve': 'conflict-resolve',
};

/** Names the fuzz deliberately does not queue, each with why. */
const leftOut: Partial<Record<MutationName, string>> = {};

const fuzzSource = readFileSync(
  path.join(import.meta.dirname, '../client/sync-multi-device.test.ts'),
  'utf8',
);

describe('the multi-device fuzz covers every declared mutation', () => {
  it('lists each declared name once, as fuzzed or as left out with a reason', () => {
    const missing = mutationNames.filter((name) => !fuzzedBy[name] && !leftOut[name]);
    expect(missing, 'declared mutations the fuzz does not queue').toEqual([]);
    const both = mutationNames.filter((name) => fuzzedBy[name] && leftOut[name]);
    expect(both).toEqual([]);
    for (const reason of Object.values(leftOut)) expect(reason.trim().length).toBeGreaterThan(10);
    const declared = new Set<string>(mutationNames);
    const stale = [...Object.keys(fuzzedBy), ...Object.keys(leftOut)].filter(
      (name) => !declared.has(name),
    );
    expect(stale, 'names no longer declared').toEqual([]);
  });

  it('has an op for each fuzzed name, queueing that name', () => {
    for (const [name, op] of Object.entries(fuzzedBy)) {
      expect(fuzzSource, `the fuzz's op ${op}`).toContain(`case '${op}'`);
      expect(fuzzSource, `a queued ${name}`).toMatch(
        new RegExp(`'${name.replace('.', '\\.')}'|${opWriter[name as MutationName] ?? '$^'}`),
      );
    }
  });
});

/**
 * Names the fuzz queues through a feature's own write function rather than by spelling the
 * name: the function it calls.
 */
const opWriter: Partial<Record<MutationName, string>> = {
  'profile.setTheme': 'themeWrite\\(',
  'profile.setImage': 'queueProfileImageIn\\(',
  'profile.setPushSettings': 'pushSettingsWrite\\(',
  'contact.upsert': 'queueContact\\(',
  'contact.delete': 'queueContactDelete\\(',
  'contact.exchange': 'exchangeWrite\\(',
  'notification.open': 'openNotificationWrite\\(',
  'message.send': 'sendMessageWrite\\(',
  'message.read': 'readConversationWrites\\(',
  'message.hide': 'hideConversationWrites\\(',
  'message.delete': 'deleteMessageWrite\\(',
  'jobDiary.upsert': 'saveJobDiaryEntry\\(',
  'jobDiary.delete': 'deleteJobDiaryEntry\\(',
  'cv.save': 'saveCv\\(',
  'accountLink.upsert': 'saveAccountLink\\(',
  'accountLink.delete': 'deleteAccountLink\\(',
  'shortLink.upsert': 'saveShortLink\\(',
  'shortLink.delete': 'deleteShortLink\\(',
  'bioLink.upsert': 'saveBioLink\\(',
  'bioLink.delete': 'deleteBioLink\\(',
  'supportRequest.create': 'sendSupportRequest\\(',
  'post.upsert': 'saveContentIn\\(',
  'post.delete': 'deleteContentIn\\(',
  'product.upsert': 'saveContentIn\\(',
  'product.delete': 'deleteContentIn\\(',
  'activity.upsert': 'saveContentIn\\(',
  'activity.delete': 'deleteContentIn\\(',
  'relic.upsert': 'saveContentIn\\(',
  'relic.delete': 'deleteContentIn\\(',
  'poster.upsert': 'saveContentIn\\(',
  'poster.delete': 'deleteContentIn\\(',
  'wedding.upsert': 'saveWedding\\(',
  'contactUs.update': 'updateInboxMessage\\(',
  'conflict.resolve': 'resolveConflictWrite\\(',
};
