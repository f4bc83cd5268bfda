import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/env';

export function addressRoutes(_deps: AppDeps) {
  const app = new Hono<AppEnv>();
  return app;
}
