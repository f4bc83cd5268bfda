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

export async function verifyAccessToken(secret: string, token: string): Promise<VerifyResult> {
  try {
    const payload = await verify(token, secret, 'HS256');
    if (
      payload.typ !== 'access' ||
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string'
    ) {
      return { ok: false, reason: 'token_invalid' };
    }
    return { ok: true, claims: { memberId: payload.sub, sessionId: payload.sid } };
  } catch (error) {
    const name = (error as Error).name;
    return { ok: false, reason: name === 'JwtTokenExpired' ? 'token_expired' : 'token_invalid' };
  }
}
