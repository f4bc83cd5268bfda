// Spec §7 Auth: the session, registration, password and Facebook routes share one kit
// (database, session answer, delivery). Decisions 0100–0106 explain lifetimes, cookies, OTP,
// outbox, limits, cards and the Facebook login.
import { Hono } from 'hono';
import { createAuthKit } from '../auth/auth-kit';
import { loadAuthConfig, type AuthConfig } from '../auth/auth-config';
import type { AppDeps, AppEnv } from '../http/env';
import { recentMessagesTo } from '../mail/outbox';
import { facebookRoutes } from './auth-facebook';
import { passwordRoutes } from './auth-password';
import { registrationRoutes } from './auth-registration';
import { sessionRoutes } from './auth-session';

export function authRoutes(deps: AppDeps, authConfig: AuthConfig = loadAuthConfig()) {
  const kit = createAuthKit(deps, authConfig);
  const app = new Hono<AppEnv>();
  app.route('/', sessionRoutes(kit));
  app.route('/', registrationRoutes(kit));
  app.route('/', passwordRoutes(kit));
  app.route('/', facebookRoutes(kit));

  /**
   * MAIL_TRANSPORT=outbox only (tests; decision 0102): the latest messages sent to an address,
   * so an end-to-end test can follow a code or a reset link. Never enabled otherwise.
   */
  if (authConfig.mailTransport === 'outbox') {
    deps.logger.warn('MAIL_TRANSPORT=outbox: codes and links are readable at /api/test/outbox');
    app.get('/test/outbox', async (c) => {
      const recipient = c.req.query('recipient') ?? '';
      return c.json({ messages: await recentMessagesTo(deps.database.db, recipient) });
    });
  }

  return app;
}
