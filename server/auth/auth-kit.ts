// What every auth route module shares: the database, the session answer (cookies and access
// token), delivery of codes and links after the answer, and the OTP check.
import type { Context } from 'hono';
import type { LoginAnswer } from '../../contract/auth';
import type { Database } from '../db/client';
import type { AppDeps } from '../http/env';
import { ApiError } from '../http/errors';
import { deliverMessages, type Couriers } from '../mail/outbox';
import { createMailTransport, createSmsProvider } from '../mail/transports';
import { accessTokenSeconds, signAccessToken } from './access-token';
import type { AuthConfig } from './auth-config';
import { setSessionCookies } from './cookies';
import { checkOtp, type OtpPurpose } from './otp';
import { clientIp } from './rate-limit';
import { sessionFacts, type MemberRow } from './session-facts';
import { startSession, type IssuedSession, type SessionMeta } from './sessions';

export interface AuthKit {
  deps: AppDeps;
  db: Database;
  config: AuthConfig;
  /** Secure cookies (off only for plain-http development). */
  secure: boolean;
  /** PUBLIC_ORIGIN: links in mails, the Facebook redirect. */
  origin: string;
  /** The caller's address, the key of per-address limits. */
  ip(c: Context): string;
  meta(c: Context): SessionMeta;
  /** Cookies and the login answer for a session just started or rotated. */
  answerWithSession(c: Context, member: MemberRow, session: IssuedSession): Promise<LoginAnswer>;
  /** Logs a member in: a new session family, cookies and the login answer. */
  logIn(c: Context, member: MemberRow): Promise<LoginAnswer>;
  /** Delivery happens after the answer, so a slow mail server changes nothing the caller sees. */
  deliverLater(ids: string[]): void;
  /** Refuses a wrong, expired or used-up code next to the otp field; the try is still counted. */
  requireOtp(purpose: OtpPurpose, destination: string, code: string): Promise<void>;
}

export function createAuthKit(deps: AppDeps, config: AuthConfig): AuthKit {
  const { db } = deps.database;
  const secure = deps.config.secureCookies;
  const print = (text: string) => {
    if (deps.config.logLevel !== 'silent') process.stdout.write(`${text}\n`);
  };
  const couriers: Couriers = {
    mail: createMailTransport(config, print),
    sms: createSmsProvider(config, print),
    logger: deps.logger,
  };

  const ip = (c: Context): string => clientIp(c, deps.config.trustProxy);
  const meta = (c: Context): SessionMeta => ({ userAgent: c.req.header('user-agent'), ip: ip(c) });

  async function answerWithSession(
    c: Context,
    member: MemberRow,
    session: IssuedSession,
  ): Promise<LoginAnswer> {
    const now = deps.now();
    const facts = await sessionFacts(db, member);
    setSessionCookies(c, session.refreshToken, facts, session.expiresAt, now, secure);
    const accessToken = await signAccessToken(
      deps.config.authSecret,
      { memberId: member.id, sessionId: session.sessionId },
      now.getTime(),
    );
    return { accessToken, expiresIn: accessTokenSeconds, ...facts };
  }

  return {
    deps,
    db,
    config,
    secure,
    origin: deps.config.publicOrigin,
    ip,
    meta,
    answerWithSession,
    async logIn(c, member) {
      const session = await startSession(db, member.id, deps.now(), meta(c));
      return answerWithSession(c, member, session);
    },
    deliverLater(ids) {
      void deliverMessages(db, ids, couriers).catch((error: unknown) =>
        deps.logger.error('outbox delivery failed', { error: String(error) }),
      );
    },
    async requireOtp(purpose, destination, code) {
      const result = await db.transaction((tx) =>
        checkOtp(tx, deps.config.authSecret, { purpose, destination, code }, deps.now()),
      );
      if (!result.ok) throw new ApiError(400, result.code, { otp: result.code });
    },
  };
}
