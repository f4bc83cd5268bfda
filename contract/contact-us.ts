import * as v from 'valibot';
import { optionalText, pageSchema, requiredText, uuidSchema } from './common';
import { contactEmailSchema, contactPhoneSchema } from './contact';
import { honeypotField } from './public-forms';

// Contact-us (spec §3 "Contact-us entry", §7 Contact us): a visitor leaves a message on a
// public card or brand page without login; the owner reads it in an inbox mirrored on their
// devices and marks it read or contacted with contactUs.update (decision 0721).

/** POST /contactUs. The id (client-made) makes a resent message one message. */
export const contactUsPostSchema = v.pipe(
  v.object(
    {
      id: v.optional(uuidSchema),
      /** A member's card, or (groupId) a brand page. */
      memberId: v.optional(uuidSchema),
      groupId: v.optional(uuidSchema),
      name: requiredText('sender_name_required', 120),
      phone: contactPhoneSchema,
      email: contactEmailSchema,
      message: requiredText('contact_message_required', 2000),
      company: optionalText(160),
      /** The consent box (issue 27 item 5): required; its text is stored with the time. */
      consent: v.literal(true, 'consent_required'),
      [honeypotField]: v.optional(v.string()),
    },
    'invalid_value',
  ),
  v.forward(
    v.check((m) => Boolean(m.phone || m.email), 'phone_or_email_required'),
    ['phone'],
  ),
  v.forward(
    v.check((m) => Boolean(m.memberId || m.groupId), 'recipient_missing'),
    ['memberId'],
  ),
);
export type ContactUsPostInput = v.InferInput<typeof contactUsPostSchema>;

/** contactUs.update (PUT setRead/{id}, PUT contact/{id}): the owner's flags of a message. */
export const contactUsUpdateSchema = v.object(
  {
    id: uuidSchema,
    read: v.optional(v.boolean('invalid_value')),
    contacted: v.optional(v.boolean('invalid_value')),
  },
  'invalid_value',
);

/** Filters of GET /contactUs/{memberId}: a status word, or text searched in the messages. */
export const contactUsStatusFilters = ['unread', 'read', 'contacted', 'uncontacted'] as const;

export const contactUsListQuerySchema = v.object({
  page: pageSchema,
  filter: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'too_long'))),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.decimal('invalid_number'),
      v.transform(Number),
      v.minValue(1, 'invalid_number'),
      v.maxValue(100, 'invalid_number'),
    ),
    '20',
  ),
});

/** A message as the API returns it and its owner's devices mirror it (Dexie `contactUs`). */
export interface ContactUsMessage {
  id: string;
  /** Who receives it: the card's member, or the brand's owner. */
  memberId: string;
  /** The brand page it was left on (null: the member's card). */
  groupId: string | null;
  name: string;
  phone: string | null;
  email: string | null;
  message: string;
  company?: string | null;
  readAt: string | null;
  contactedAt: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  changeSeq?: number;
}
