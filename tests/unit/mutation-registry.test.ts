// The typed mutation registry is complete: every mutation declared in contract/entities.ts has
// a payload schema, a vi/en sync-status label and a server handler, and the server handles no
// name that is not declared (decision 0205).
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { isMutationName, mutationLabel, mutationNames, mutations } from '../../contract/mutations';
import type { AppDb } from '../../src/db/app-db';
import { queueMutationIn } from '../../src/sync/mutate';
import { findMutation, mutationHandlers } from '../../server/sync/mutation-handlers';

describe('mutation registry', () => {
  it('declares the mutations the client queues and the server applies', () => {
    expect([...mutationNames].sort()).toEqual(
      [
        'accountLink.delete',
        'accountLink.upsert',
        'bioLink.delete',
        'bioLink.upsert',
        'checkin.create',
        'conflict.resolve',
        'contact.delete',
        'contact.exchange',
        'contact.upsert',
        'friend.accept',
        'friend.add',
        'friend.cancel',
        'friend.reject',
        'friend.unfriend',
        'orderGroup.upsert',
        'point.create',
        'profile.setTheme',
        'profile.update',
        'profile.setImage',
        'profile.setPushSettings',
        'post.upsert',
        'post.delete',
        'product.upsert',
        'product.delete',
        'activity.upsert',
        'activity.delete',
        'relic.upsert',
        'shortLink.delete',
        'shortLink.upsert',
        'supportRequest.create',
        'relic.delete',
        'poster.upsert',
        'poster.delete',
        'message.send',
        'message.read',
        'message.hide',
        'message.delete',
        'notification.open',
        'jobDiary.upsert',
        'jobDiary.delete',
        'cv.save',
        'wedding.upsert',
        'contactUs.update',
      ].sort(),
    );
  });

  it.each(mutationNames)('%s has a payload schema that refuses a payload of nothing', (name) => {
    const { schema } = mutations[name];
    expect(schema.kind).toBe('schema');
    expect(v.safeParse(schema, undefined).success).toBe(false);
    expect(findMutation(name)?.schema).toBe(schema);
  });

  it.each(mutationNames)('%s has a sync-status label in Vietnamese and English', (name) => {
    const vi = mutationLabel(name, 'vi');
    const en = mutationLabel(name, 'en');
    expect(vi).toBe(mutations[name].label.vi);
    expect(en).toBe(mutations[name].label.en);
    expect(vi.trim()).not.toBe('');
    expect(en.trim()).not.toBe('');
    expect(vi).not.toBe(mutationLabel('not.declared', 'vi'));
  });

  it.each(mutationNames)('%s has a server handler', (name) => {
    expect(typeof mutationHandlers[name].run).toBe('function');
    expect(findMutation(name)).toMatchObject({ name });
  });

  it('the server handles only declared mutations', () => {
    const handled = Object.keys(mutationHandlers);
    expect(handled.filter((name) => !isMutationName(name))).toEqual([]);
    expect(handled.sort()).toEqual([...mutationNames].sort());
    expect(findMutation('card.legacyEdit')).toBeUndefined();
    expect(findMutation('toString')).toBeUndefined();
  });

  it('an outbox entry of a name no longer declared still gets a label', () => {
    expect(mutationLabel('card.legacyEdit', 'vi')).toBe('Thay đổi');
    expect(mutationLabel('card.legacyEdit', 'en')).toBe('Change');
  });
});

// Type-level: queueMutationIn takes only declared names, each with its own payload type. Never
// called; `tsc --noEmit` fails if one of these stops being an error.
export function typeChecksOfQueueMutation(db: AppDb): void {
  const common = { table: 'contacts', rowId: 'x', apply: () => undefined } as const;
  // @ts-expect-error: not a declared mutation
  void queueMutationIn(db, { ...common, name: 'card.legacyEdit', payload: {} }, null);
  // @ts-expect-error: a check-in payload is not a contact's
  void queueMutationIn(db, { ...common, name: 'contact.upsert', payload: { groupId: 'g' } }, null);
  // @ts-expect-error: friend.add needs from and to
  void queueMutationIn(db, { ...common, name: 'friend.add', payload: { from: 'a' } }, null);
  void queueMutationIn(db, { ...common, name: 'contact.delete', payload: { id: 'x' } }, null);
}
