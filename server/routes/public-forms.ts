// The public forms' shared rules (decisions 0720, 0721): counted per address in the database
// (every server process shares the window), a honeypot answered as if stored, and a client-made
// id so that a reply the service worker sends again is stored once.
import type { Context } from 'hono';
import { clientIp, hitLimit, type LimitRule } from '../auth/rate-limit';
import type { AppDeps, AppEnv } from '../http/env';
import { honeypotField } from '../../contract/public-forms';

/** Posts per address and minute of each public form (a wedding hall shares one Wi-Fi). */
export const publicFormLimits = {
  weddingGuest: { name: 'wedding-guest-ip', limit: 30, windowSeconds: 60 },
  contactUs: { name: 'contact-us-ip', limit: 30, windowSeconds: 60 },
} as const satisfies Record<string, LimitRule>;

/** Counts the post; throws 429 past the limit, before anything is read or stored. */
export async function countPublicPost(
  c: Context<AppEnv>,
  deps: AppDeps,
  rule: LimitRule,
): Promise<void> {
  await hitLimit(deps.database.db, rule, clientIp(c, deps.config.trustProxy), deps.now());
}

/** A filled honeypot: a robot filled in the field people never see. */
export function isRobot(body: Record<string, unknown>): boolean {
  const trap = body[honeypotField];
  return typeof trap === 'string' && trap.trim() !== '';
}
