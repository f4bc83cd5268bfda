// What this process last read about each session family (decision 0107). The database is the
// truth; an entry is trusted for a few seconds only, so a revocation made by another server
// process takes effect here within `sessionCheckTtlMs`. Revocations made by this process drop
// their entries at once.

/** How long a process trusts what it read about a session before reading it again. */
export const sessionCheckTtlMs = 5_000;
/** Bound on the entries kept; the oldest read goes first. */
const maxEntries = 20_000;

export interface SessionReading {
  /** Whose session it is (the token's `sub` must match). */
  memberId: string;
  /** False once the family is revoked (logout, password change or reset, refresh reuse). */
  live: boolean;
  /** The family's absolute end, in epoch milliseconds. */
  expiresAtMs: number;
  /** When it was read, on the app's clock, in epoch milliseconds. */
  readAtMs: number;
}

const readings = new Map<string, SessionReading>();

/** The reading of a family if it is fresh enough to trust at `nowMs`. */
export function freshReading(sessionId: string, nowMs: number): SessionReading | undefined {
  const reading = readings.get(sessionId);
  if (!reading) return undefined;
  const age = nowMs - reading.readAtMs;
  // A clock that moved backwards (tests, NTP) makes the age negative: read again.
  if (age < 0 || age >= sessionCheckTtlMs) {
    readings.delete(sessionId);
    return undefined;
  }
  return reading;
}

export function rememberReading(sessionId: string, reading: SessionReading): void {
  readings.delete(sessionId);
  readings.set(sessionId, reading);
  if (readings.size > maxEntries) {
    const oldest = readings.keys().next();
    if (!oldest.done) readings.delete(oldest.value);
  }
}

/** Drops one family's reading (this process just revoked it). */
export function forgetSession(sessionId: string): void {
  readings.delete(sessionId);
}

/** Drops every reading of a member except `keepSessionId` (this process ended their sessions). */
export function forgetMemberSessions(memberId: string, keepSessionId: string | null): void {
  for (const [sessionId, reading] of readings) {
    if (reading.memberId === memberId && sessionId !== keepSessionId) readings.delete(sessionId);
  }
}
