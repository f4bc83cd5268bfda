// Wallet passes of the logged-in member's own card (decision 1101). A wallet that is not
// configured answers 404 on its route, and the config call tells the client to hide its button.
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { ApiError, notFound } from '../http/errors';
import { walletCardOf } from '../domain/wallet-card';
import { buildApplePass } from '../wallet/apple-pass';
import { googleSaveUrl } from '../wallet/google-pass';
import {
  pkpassContentType,
  type GoogleWalletLink,
  type WalletAvailability,
} from '../../contract/wallet';

const notConfigured = () => new ApiError(404, 'wallet_not_configured');

export function walletRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { apple, google } = deps.config.wallet ?? { apple: undefined, google: undefined };
  const origin = deps.config.publicOrigin;

  app.get('/wallet/config', (c) => {
    const answer: WalletAvailability = { apple: Boolean(apple), google: Boolean(google) };
    return c.json(answer);
  });

  app.get('/wallet/apple', async (c) => {
    if (!apple) throw notConfigured();
    const me = requireMember(c);
    const card = await walletCardOf(deps.database.db, me.memberId, origin);
    if (!card) throw notFound();
    const bytes = await buildApplePass(card, apple);
    c.header('Content-Type', pkpassContentType);
    c.header('Content-Disposition', 'attachment; filename="mecards.pkpass"');
    return c.body(new Uint8Array(bytes));
  });

  app.get('/wallet/google', async (c) => {
    if (!google) throw notConfigured();
    const me = requireMember(c);
    const card = await walletCardOf(deps.database.db, me.memberId, origin);
    if (!card) throw notFound();
    const answer: GoogleWalletLink = { url: await googleSaveUrl(card, google, origin, deps.now()) };
    return c.json(answer);
  });

  return app;
}
