import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

function scrypt(
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFC'), salt, keylen, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** OWASP's scrypt recommendation: N=2^17, r=8, p=1 (128 MiB per hash). */
export const scryptParams = { N: 2 ** 17, r: 8, p: 1 } as const;
/**
 * For a server under test only (PASSWORD_HASH_COST=light, refused without the test mail outbox):
 * the journeys log in a few hundred times on two cores, and each OWASP hash costs 128 MiB and
 * most of a second there.
 */
const lightScryptParams = { N: 2 ** 12, r: 8, p: 1 } as const;
const keyLength = 32;

export type PasswordHashCost = 'owasp' | 'light';
let newHashParams: { N: number; r: number; p: number } = scryptParams;

/** The cost of hashes made from now on in this process (stored hashes keep their own). */
export function setPasswordHashCost(cost: PasswordHashCost): void {
  newHashParams = cost === 'light' ? lightScryptParams : scryptParams;
}

export function passwordHashCost(): PasswordHashCost {
  return newHashParams === lightScryptParams ? 'light' : 'owasp';
}

export async function hashPassword(password: string, params = newHashParams): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, keyLength, { ...params, maxmem: 256 * 1024 * 1024 });
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** Constant-time check; parameters are read from the stored hash so they can be raised later. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const key = await scrypt(password, Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
