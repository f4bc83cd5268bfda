// Password login (spec §7 POST /auth/login): limits per address and per account, the same
// cost for unknown accounts, and the refusals the form shows.
import { parseIdentifier, type LoginInput } from '../../contract/login';
import type { Database } from '../db/client';
import { ApiError } from '../http/errors';
import { findMemberByIdentifier } from './member-lookup';
import { hashPassword, verifyPassword } from './password';
import { authLimits, checkLimit, countFailure, hitLimit } from './rate-limit';
import type { MemberRow } from './session-facts';

/** A hash to check wrong logins against, so an unknown account costs the same time. */
let dummyHash: Promise<string> | undefined;
function timingDummy(): Promise<string> {
  dummyHash ??= hashPassword('no such account, same cost');
  return dummyHash;
}

/** The member whose e-mail or phone and password these are; refuses anything else. */
export async function authenticate(
  db: Database,
  input: LoginInput,
  ip: string,
  now: Date,
): Promise<MemberRow> {
  await hitLimit(db, authLimits.loginIp, ip, now);
  const id = parseIdentifier(input.email ?? input.phone ?? '');
  if (!id) throw new ApiError(400, 'validation_failed', { email: 'invalid_email' });
  const accountKey = `${id.kind}:${id.value}`;
  await checkLimit(db, authLimits.loginAccount, accountKey, now);
  const member = await findMemberByIdentifier(db, id);
  let valid = false;
  if (member?.passwordHash) valid = await verifyPassword(input.password, member.passwordHash);
  else await verifyPassword(input.password, await timingDummy());
  if (!member || !valid) {
    await countFailure(db, authLimits.loginAccount, accountKey, now);
    throw new ApiError(401, 'invalid_credentials');
  }
  if (member.status === 'locked') throw new ApiError(403, 'account_locked');
  return member;
}
