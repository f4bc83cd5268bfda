// Registration (spec §7 registerOTPEmail, registerOTP, register): a code to the address, then
// the account. The answer never tells whether an address already has an account.
import type * as v from 'valibot';
import type { Lang } from '../../contract/messages';
import type { registerSchema } from '../../contract/auth';
import type { Database } from '../db/client';
import { members } from '../db/schema';
import { isUniqueViolation } from '../db/sql-state';
import { ApiError } from '../http/errors';
import { queueMessage } from '../mail/outbox';
import {
  accountExistsMail,
  accountExistsSms,
  registerCodeMail,
  registerCodeSms,
} from '../mail/templates';
import { findMemberByIdentifier } from './member-lookup';
import { issueOtp } from './otp';
import { hashPassword } from './password';
import { slugForName } from './url-minify';

export interface RegisterCodeRequest {
  channel: 'email' | 'sms';
  destination: string;
  lang: Lang;
  /** PUBLIC_ORIGIN, for the login and forgot-password links of the "already exists" mail. */
  origin: string;
  secret: string;
  now: Date;
}

/**
 * Queues the registration code, or, when the address already has an account, a note saying so
 * (only the address's owner learns it). Returns the outbox message id.
 */
export async function queueRegisterCode(
  db: Database,
  request: RegisterCodeRequest,
): Promise<string> {
  const { channel, destination, lang, origin, now } = request;
  const existing = await findMemberByIdentifier(db, {
    kind: channel === 'email' ? 'email' : 'phone',
    value: destination,
  });
  return db.transaction(async (tx) => {
    if (existing) {
      const note =
        channel === 'email'
          ? accountExistsMail(`${origin}/login`, `${origin}/forgot-password`, lang)
          : { body: accountExistsSms(lang) };
      return queueMessage(
        tx,
        { channel, recipient: destination, kind: 'register_exists', ...note },
        now,
      );
    }
    const code = await issueOtp(
      tx,
      request.secret,
      { purpose: 'register', channel, destination },
      now,
    );
    const text =
      channel === 'email' ? registerCodeMail(code, lang) : { body: registerCodeSms(code, lang) };
    return queueMessage(
      tx,
      { channel, recipient: destination, kind: 'register_otp', ...text, payload: { code } },
      now,
    );
  });
}

/** Unique indexes of the addresses a member logs in with. */
const loginAddressConstraints = ['members_email_key', 'members_phone_key'] as const;

export type Registration = v.InferOutput<typeof registerSchema>;

/** Creates the account of a registration whose code was checked; a taken address is a 409. */
export async function createMember(
  db: Database,
  input: Registration,
  lang: Lang,
): Promise<{ id: string; urlMinify: string }> {
  const id =
    input.type === 'tbMail'
      ? ({ kind: 'email', value: input.email } as const)
      : ({ kind: 'phone', value: input.phone } as const);
  if (await findMemberByIdentifier(db, id)) throw new ApiError(409, 'account_exists');
  const passwordHash = await hashPassword(input.password);
  try {
    const [created] = await db
      .insert(members)
      .values({
        type: 'personal',
        name: input.name,
        email: input.type === 'tbMail' ? input.email : null,
        phone: input.type === 'tbPhone' ? input.phone : null,
        // The login address stays private (decision 0108): the card's contact fields start
        // empty and the owner publishes what they choose.
        passwordHash,
        urlMinify: slugForName(input.name),
        language: lang === 'en' ? 'EN' : 'VN',
        theme: 'lightmode',
      })
      .returning({ id: members.id, urlMinify: members.urlMinify });
    if (!created) throw new Error('member not created');
    return created;
  } catch (error) {
    // Two registrations of the same address raced: the unique index decides.
    if (isUniqueViolation(error, loginAddressConstraints))
      throw new ApiError(409, 'account_exists');
    throw error;
  }
}
