// Spec §7 Auth, outside logins: which are on, and the Facebook round trip (decision 0106).
import { Hono } from 'hono';
import { facebookAuth } from '@hono/oauth-providers/facebook';
import { authProvidersOf } from '../auth/auth-config';
import type { AuthKit } from '../auth/auth-kit';
import { memberForFacebook } from '../auth/facebook';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';

export function facebookRoutes(kit: AuthKit) {
  const app = new Hono<AppEnv>();
  const facebook = kit.config.facebook;

  app.get('/auth/providers', (c) => {
    return c.json(authProvidersOf(kit.config));
  });

  if (!facebook) {
    app.get('/passport/auth/facebook', () => {
      throw new ApiError(404, 'provider_disabled');
    });
    return app;
  }

  app.get(
    '/passport/auth/facebook',
    facebookAuth({
      client_id: facebook.clientId,
      client_secret: facebook.clientSecret,
      redirect_uri: `${kit.origin}/api/passport/auth/facebook`,
      scope: ['public_profile', 'email'],
      fields: ['id', 'name', 'email'],
    }),
    async (c) => {
      const user = c.get('user-facebook');
      if (!user?.id) throw new ApiError(401, 'unauthorized');
      const member = await memberForFacebook(kit.db, {
        subject: user.id,
        name: user.name ?? 'Facebook',
        email: user.email,
      });
      if (member.status === 'locked') return c.redirect('/login?error=account_locked');
      await kit.logIn(c, member);
      return c.redirect('/authenticating');
    },
  );

  return app;
}
