import * as v from 'valibot';
import { optionalText, requiredText, uuidSchema } from './common';

// Support requests (spec §2 /action/support, docs/decisions/0901-support.md): a member writes
// one from the help screen, offline too (supportRequest.create, a client-made id); the
// operator's staff (agency admins) read and close them in the support inbox.

export const supportTopics = [
  'share',
  'contact',
  'install',
  'offline',
  'account',
  'other',
] as const;
export type SupportTopic = (typeof supportTopics)[number];

export const supportRequestCreateSchema = v.object(
  {
    id: uuidSchema,
    topic: v.picklist(supportTopics, 'support_topic_required'),
    message: requiredText('support_message_required', 2000),
    /** How to answer, when not the account's e-mail or phone. */
    contact: optionalText(200),
  },
  'invalid_value',
);
export type SupportRequestCreateInput = v.InferInput<typeof supportRequestCreateSchema>;

export const supportStatuses = ['open', 'closed'] as const;
export type SupportStatus = (typeof supportStatuses)[number];

/** A request as its author's devices mirror it (Dexie `supportRequests`) and the inbox lists it. */
export interface SupportRequest {
  id: string;
  memberId: string;
  topic: SupportTopic;
  message: string;
  contact: string | null;
  status: SupportStatus;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  changeSeq?: number;
}

/** An inbox row: the request with who sent it. */
export interface SupportInboxItem extends SupportRequest {
  memberName: string;
  memberEmail: string | null;
  memberPhone: string | null;
}
