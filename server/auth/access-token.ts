import { sign, verify } from 'hono/jwt';

/** Access tokens live minutes; the refresh token (opaque, rotated) carries the session. */
export const accessTokenSeconds = 10 * 60;

export interface AccessClaims {
  memberId: string;
  /** The refresh-token family this access token was issued under. */
  sessionId: string;
}

export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  now = Date.now(),
  lifetimeSeconds = accessTokenSeconds,
): Promise<string> {
  const iat = Math.floor(now / 1000);
  return sign(
    { sub: claims.memberId, sid: claims.sessionId, iat, exp: iat + lifetimeSeconds, typ: 'access' },
    secret,
    'HS256',
  );
}

export type VerifyResult =
  { ok: true; claims: AccessClaims } | { ok: false; reason: 'token_expired' | 'token_invalid' };

/**
 * Checks signature first, then lifetime against the server's clock (`now`), so a forged token
 * is `token_invalid` whatever its claimed expiry, and only a genuine old token is `token_expired`.
 */
export async function verifyAccessToken(
  secret: string,
  token: string,
  now = Date.now(),
): Promise<VerifyResult> {
  let payload: Record<string, unknown>;
  try {
    payload = await verify(token, secret, { alg: 'HS256', exp: false, iat: false, nbf: false });
  } catch {
    return { ok: false, reason: 'token_invalid' };
  }
  if (
    payload.typ !== 'access' ||
    typeof payload.sub !== 'string' ||
    typeof payload.sid !== 'string' ||
    typeof payload.exp !== 'number'
  ) {
    return { ok: false, reason: 'token_invalid' };
  }
  if (payload.exp <= Math.floor(now / 1000)) return { ok: false, reason: 'token_expired' };
  return { ok: true, claims: { memberId: payload.sub, sessionId: payload.sid } };
}
