// The server's handler of every mutation declared in contract/mutations.ts, listed once: a
// declared mutation without a handler here does not compile, and there is no other way in.
import {
  mutationNames,
  mutations,
  type MutationInput,
  type MutationName,
} from '../../contract/mutations';
import type { Transaction } from '../db/client';
import type { MutationContext, MutationHandler, RunnableMutation } from './registry';
import { deleteAccountLink, upsertAccountLink } from '../domain/account-links';
import { deleteShortLink, upsertShortLink } from '../domain/short-links';
import { deleteBioLink, upsertBioLink } from '../domain/bio-links';
import { createSupportRequest } from '../domain/support';
import { deleteContact, upsertContact } from '../domain/contacts';
import { exchangeCards } from '../domain/card-exchange';
import { acceptFriend, addFriend, cancelFriend, rejectFriend, unfriend } from '../domain/friends';
import { contentHandlers } from '../domain/content';
import { checkInCreate } from '../domain/points/check-in-create';
import { orderGroupUpsert } from '../domain/points/order-group-upsert';
import { pointCreate } from '../domain/points/point-create';
import { setMemberTheme } from '../domain/card-settings';
import { updateProfile } from '../domain/profile';
import { setProfileImage } from '../domain/profile-images';
import {
  deleteMessage,
  hideConversation,
  readMessages,
  sendMessageHandler,
} from '../domain/messages';
import { openNotification, setPushSettings } from '../domain/notifications';
import { deleteJobDiary, upsertJobDiary } from '../domain/job-diary';
import { saveCv } from '../domain/cv';
import { upsertWedding } from '../domain/wedding';
import { updateContactUs } from '../domain/contact-us';
import { resolveConflict } from '../domain/conflict-resolve';

export const mutationHandlers: { [N in MutationName]: MutationHandler<N> } = {
  'contact.upsert': upsertContact,
  'contact.delete': deleteContact,
  'contact.exchange': exchangeCards,
  'friend.add': addFriend,
  'friend.accept': acceptFriend,
  'friend.reject': rejectFriend,
  'friend.cancel': cancelFriend,
  'friend.unfriend': unfriend,
  'point.create': pointCreate,
  'checkin.create': checkInCreate,
  'orderGroup.upsert': orderGroupUpsert,
  'profile.setTheme': setMemberTheme,
  'profile.update': updateProfile,
  'profile.setImage': setProfileImage,
  'profile.setPushSettings': setPushSettings,
  ...contentHandlers,
  'message.send': sendMessageHandler,
  'message.read': readMessages,
  'message.hide': hideConversation,
  'message.delete': deleteMessage,
  'notification.open': openNotification,
  'accountLink.upsert': upsertAccountLink,
  'accountLink.delete': deleteAccountLink,
  'jobDiary.upsert': upsertJobDiary,
  'jobDiary.delete': deleteJobDiary,
  'cv.save': saveCv,
  'wedding.upsert': upsertWedding,
  'contactUs.update': updateContactUs,
  'shortLink.upsert': upsertShortLink,
  'shortLink.delete': deleteShortLink,
  'supportRequest.create': createSupportRequest,
  'bioLink.upsert': upsertBioLink,
  'bioLink.delete': deleteBioLink,
  'conflict.resolve': resolveConflict,
};

function runnable<N extends MutationName>(name: N): RunnableMutation {
  const handler: MutationHandler<N> = mutationHandlers[name];
  const many = handler.runMany
    ? {
        runMany: async (tx: Transaction, ctx: MutationContext, inputs: unknown[]) =>
          (await handler.runMany?.(tx, ctx, inputs as MutationInput<N>[])) ?? [],
      }
    : {};
  return {
    name,
    schema: mutations[name].schema,
    run: (tx, ctx, input) => handler.run(tx, ctx, input as MutationInput<N>),
    ...many,
  };
}

const byName = new Map(mutationNames.map((name) => [name as string, runnable(name)]));

/** The declared mutation of a name that arrived as text (push, routes), with its schema. */
export function findMutation(name: string): RunnableMutation | undefined {
  return byName.get(name);
}
