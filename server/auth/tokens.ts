// Opaque secrets (refresh tokens, reset links) and the sealing of a rotated token's successor.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/** 256 random bits, URL-safe. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are high-entropy, so a plain SHA-256 is enough to store them. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A 6-digit code, uniformly drawn. */
export function newOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Low-entropy codes (OTP, activation) are kept as an HMAC under the server secret. */
export function hmacCode(secret: string, scope: string, code: string): string {
  return createHmac('sha256', secret).update(`${scope}:${code}`).digest('base64url');
}

export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function successorKey(previousToken: string): Buffer {
  return createHmac('sha256', previousToken).update('mecards refresh successor v1').digest();
}

/** Seals `successor` so that only a holder of `previousToken` can read it back. */
export function sealSuccessor(previousToken: string, successor: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', successorKey(previousToken), iv);
  const body = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function unsealSuccessor(previousToken: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      successorKey(previousToken),
      raw.subarray(0, 12),
    );
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
