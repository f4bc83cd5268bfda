import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import type { Logger } from './logger';
import type { AccessClaims } from '../auth/access-token';
import type { Drain } from './drain';

/** What every route module is built from. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** The clock, replaceable in tests (OTP expiry, token lifetimes, poster dates). */
  now: () => Date;
  /** The process's graceful stop; a copy of its own when absent (in-process tests). */
  drain?: Drain;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    auth: AccessClaims | undefined;
  };
}
