// Refresh-token families (decision 0100/0101): opaque 256-bit tokens stored hashed, rotated on
// every use; a rotated token presented again after the grace window revokes the whole family;
// within the window it gets the same successor the first caller got.
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client';
import { authSessions } from '../db/schema';
import { authSessionSuccessors } from '../db/schema-auth';
import type { AccessClaims } from './access-token';
import {
  forgetMemberSessions,
  forgetSession,
  freshReading,
  rememberReading,
  type SessionReading,
} from './session-cache';
import { hashToken, newOpaqueToken, sealSuccessor, unsealSuccessor } from './tokens';

/** Absolute lifetime of a login (spec §9: 30-day cookies). Rotation never extends it. */
export const sessionLifetimeSeconds = 30 * 24 * 60 * 60;
/** How long a just-rotated token still yields its successor (other tabs, service worker). */
export const rotationGraceSeconds = 30;
/** Longest chain of rotations followed inside the grace window. */
const maxGraceChain = 8;

export interface SessionMeta {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

export interface IssuedSession {
  refreshToken: string;
  memberId: string;
  /** The family id; access tokens carry it as `sid`. */
  sessionId: string;
  expiresAt: Date;
}

export type RefreshFailure =
  'refresh_invalid' | 'refresh_reused' | 'session_expired' | 'session_revoked';
export type RotateResult =
  { ok: true; session: IssuedSession; reused: boolean } | { ok: false; code: RefreshFailure };

type SessionRow = typeof authSessions.$inferSelect;

async function insertToken(
  db: Queryable,
  memberId: string,
  familyId: string,
  familyExpiresAt: Date,
  meta: SessionMeta,
): Promise<{ row: SessionRow; token: string }> {
  const token = newOpaqueToken();
  const [row] = await db
    .insert(authSessions)
    .values({
      memberId,
      familyId,
      tokenHash: hashToken(token),
      expiresAt: familyExpiresAt.toISOString(),
      familyExpiresAt: familyExpiresAt.toISOString(),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
    })
    .returning();
  if (!row) throw new Error('session not stored');
  return { row, token };
}

/** A new login: a new family whose absolute expiry is fixed now. */
export async function startSession(
  db: Queryable,
  memberId: string,
  now: Date,
  meta: SessionMeta = {},
): Promise<IssuedSession> {
  const familyId = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + sessionLifetimeSeconds * 1000);
  const { token } = await insertToken(db, memberId, familyId, expiresAt, meta);
  return { refreshToken: token, memberId, sessionId: familyId, expiresAt };
}

/** Ends one session family (reuse detected; logout with the access token's session id). */
export async function revokeFamily(db: Queryable, familyId: string, now: Date): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: now.toISOString() })
    .where(and(eq(authSessions.familyId, familyId), isNull(authSessions.revokedAt)));
  forgetSession(familyId);
}

function issued(row: SessionRow, token: string): IssuedSession {
  return {
    refreshToken: token,
    memberId: row.memberId,
    sessionId: row.familyId,
    expiresAt: new Date(row.familyExpiresAt),
  };
}

/**
 * Trades a refresh token for its successor. Runs in one transaction with the token's row
 * locked, so two simultaneous calls with the same token are serialised: the first rotates,
 * the second finds it rotated seconds ago and receives the same successor.
 */
export async function rotateSession(
  db: Database,
  token: string,
  now: Date,
  meta: SessionMeta = {},
): Promise<RotateResult> {
  return db.transaction(async (tx): Promise<RotateResult> => {
    const [row] = await tx
      .select()
      .from(authSessions)
      .where(eq(authSessions.tokenHash, hashToken(token)))
      .for('update');
    if (!row) return { ok: false, code: 'refresh_invalid' };
    if (row.revokedAt) return { ok: false, code: 'session_revoked' };
    if (now.getTime() >= new Date(row.familyExpiresAt).getTime()) {
      return { ok: false, code: 'session_expired' };
    }
    if (!row.rotatedAt) {
      const next = await insertToken(
        tx,
        row.memberId,
        row.familyId,
        new Date(row.familyExpiresAt),
        meta,
      );
      await tx
        .update(authSessions)
        .set({ rotatedAt: now.toISOString() })
        .where(eq(authSessions.id, row.id));
      await tx.insert(authSessionSuccessors).values({
        sessionId: row.id,
        successorId: next.row.id,
        sealedToken: sealSuccessor(token, next.token),
      });
      return { ok: true, session: issued(next.row, next.token), reused: false };
    }
    // Presented again after rotation: the grace window, or a stolen token.
    let current = row;
    let currentToken = token;
    for (let depth = 0; depth < maxGraceChain; depth++) {
      if (!current.rotatedAt) {
        return { ok: true, session: issued(current, currentToken), reused: true };
      }
      const rotatedAgo = now.getTime() - new Date(current.rotatedAt).getTime();
      if (rotatedAgo > rotationGraceSeconds * 1000) break;
      const [link] = await tx
        .select()
        .from(authSessionSuccessors)
        .where(eq(authSessionSuccessors.sessionId, current.id));
      const successorToken = link ? unsealSuccessor(currentToken, link.sealedToken) : null;
      if (!link || !successorToken) break;
      const [successor] = await tx
        .select()
        .from(authSessions)
        .where(eq(authSessions.id, link.successorId))
        .for('update');
      if (!successor) break;
      if (successor.revokedAt) return { ok: false, code: 'session_revoked' };
      current = successor;
      currentToken = successorToken;
    }
    await revokeFamily(tx, row.familyId, now);
    return { ok: false, code: 'refresh_reused' };
  });
}

/** Logout: ends the family the token belongs to (whether or not it was rotated). */
export async function endSessionByToken(
  db: Queryable,
  token: string,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .select({ familyId: authSessions.familyId, memberId: authSessions.memberId })
    .from(authSessions)
    .where(eq(authSessions.tokenHash, hashToken(token)));
  if (!row) return null;
  await revokeFamily(db, row.familyId, now);
  return row.memberId;
}

/** Logout by access token: ends the family the token was issued under. */
export async function endSession(db: Queryable, sessionId: string, now: Date): Promise<void> {
  await revokeFamily(db, sessionId, now);
}

/** Ends every session of a member except `keepSessionId` (password change). */
export async function endOtherSessions(
  db: Queryable,
  memberId: string,
  keepSessionId: string | null,
  now: Date,
): Promise<void> {
  const conditions = [eq(authSessions.memberId, memberId), isNull(authSessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(authSessions.familyId, keepSessionId));
  await db
    .update(authSessions)
    .set({ revokedAt: now.toISOString() })
    .where(and(...conditions));
  forgetMemberSessions(memberId, keepSessionId);
}

async function readSession(
  db: Queryable,
  claims: AccessClaims,
  nowMs: number,
): Promise<SessionReading> {
  // Every row of a family is revoked together, so one unrevoked row means the family is live.
  const [row] = await db
    .select({ memberId: authSessions.memberId, familyExpiresAt: authSessions.familyExpiresAt })
    .from(authSessions)
    .where(and(eq(authSessions.familyId, claims.sessionId), isNull(authSessions.revokedAt)))
    .limit(1);
  if (!row) return { memberId: claims.memberId, live: false, expiresAtMs: 0, readAtMs: nowMs };
  return {
    memberId: row.memberId,
    live: true,
    expiresAtMs: new Date(row.familyExpiresAt).getTime(),
    readAtMs: nowMs,
  };
}

/**
 * Whether the session an access token was issued under still stands: not logged out, not
 * revoked (password change or reset, refresh-token reuse), not past its absolute end. Read
 * from the database at most once per few seconds per process (session-cache.ts).
 */
export async function sessionStands(
  db: Queryable,
  claims: AccessClaims,
  now: Date,
): Promise<boolean> {
  const nowMs = now.getTime();
  let reading = freshReading(claims.sessionId, nowMs);
  if (!reading) {
    reading = await readSession(db, claims, nowMs);
    rememberReading(claims.sessionId, reading);
  }
  return reading.live && reading.memberId === claims.memberId && reading.expiresAtMs > nowMs;
}
