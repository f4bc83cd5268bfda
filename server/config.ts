import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadPushConfig, type PushConfig } from './push/push-config';
import { loadWalletConfig, type WalletConfig } from './wallet/wallet-config';
import { fairUseEnvNames, fairUseLimits, type FairUseLimits } from '../contract/fair-use';

export interface Config {
  port: number;
  host: string;
  /** PGlite data folder (ignored with databaseUrl). */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Folder of the built client (index.html, assets, sw.js). */
  clientDir: string;
  /** Origin used in share links and metadata, e.g. https://mecards.vn. */
  publicOrigin: string;
  /** Secret that signs access tokens; must be the same on every server copy. */
  authSecret: string;
  /** Whether cookies get the Secure flag (on unless explicitly turned off for plain http). */
  secureCookies: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  bodyLimitBytes: number;
  seedDemo: boolean;
  /**
   * One proxy in front: believe its X-Forwarded-For (client address), X-Forwarded-Proto and
   * X-Forwarded-Host. Off, those headers are ignored, since any client could send them.
   */
  trustProxy: boolean;
  /** Web Push (VAPID) and Firebase settings; absent: no push is sent. */
  push?: PushConfig;
  /** Apple and Google Wallet pass signing; absent or empty: no wallet buttons. */
  wallet?: WalletConfig;
  /** Fair-use numbers (decision 1023); absent: contract/fair-use's. FAIR_USE_* env, for tests. */
  fairUse?: FairUseLimits;
}

/** The fair-use numbers with any FAIR_USE_* override (tests that need a small limit). */
function loadFairUse(): FairUseLimits {
  const limits = { ...fairUseLimits };
  for (const key of Object.keys(fairUseEnvNames) as (keyof FairUseLimits)[]) {
    limits[key] = envInt(fairUseEnvNames[key], fairUseLimits[key]);
  }
  return limits;
}

function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a whole number, got "${raw}"`);
  return n;
}

/** A secret kept in the data folder so that the embedded setup needs no configuration. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = envInt('PORT', 8080);
  const host = env.HOST || '127.0.0.1';
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  const authSecret = env.AUTH_SECRET || (databaseUrl ? '' : localSecret(dataDir));
  if (!authSecret) throw new Error('AUTH_SECRET must be set when DATABASE_URL is used');
  const logLevel = (env.LOG_LEVEL || 'info') as Config['logLevel'];
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    clientDir: path.resolve(env.CLIENT_DIR || './dist/client'),
    publicOrigin: (env.PUBLIC_ORIGIN || `http://${host}:${port}`).replace(/\/$/, ''),
    authSecret,
    secureCookies: env.SECURE_COOKIES !== 'false',
    logLevel,
    bodyLimitBytes: envInt('BODY_LIMIT_BYTES', 1024 * 1024),
    seedDemo: env.SEED_DEMO !== 'false',
    trustProxy: env.TRUST_PROXY === 'true',
    push: loadPushConfig(env, dataDir, databaseUrl),
    wallet: loadWalletConfig(env),
    fairUse: loadFairUse(),
  };
}
