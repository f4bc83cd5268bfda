// The short way for a kept public page (decision 0402, amended 2026-11-27): an anonymous
// visit the page cache can answer as it is is answered before the middleware chain runs, with
// the headers that chain added to the last such page it answered in full. A crowd on one card
// then costs a map lookup and a write per visit, not a dozen middlewares building a Response.
// The first visit of each scheme, any visit while the process drains and every visit the cache
// cannot answer as it is go the long way, through every middleware and the page's handler.
import type { Context, MiddlewareHandler } from 'hono';
import type { PageAnswer } from '../ssr/page-cache';
import type { Drain } from './drain';
import type { AppEnv } from './env';
import { requestScheme } from './forwarded';
import type { Logger } from './logger';
import { countAnswer } from './metrics';

/** Answers a request from kept pages, or undefined. */
export type KeptAnswerLookup = (c: Context<AppEnv>) => PageAnswer | undefined;

/** Headers that belong to one answer, never copied from another. */
const perAnswerHeaders = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'etag',
  'x-request-id',
  'set-cookie',
]);

/** As hono/request-id takes a caller's id: word characters, `-` and `=`, at most 255. */
function requestIdOf(c: Context<AppEnv>): string {
  const given = c.req.header('x-request-id');
  return given && given.length <= 255 && !/[^\w\-=]/.test(given) ? given : crypto.randomUUID();
}

export class KeptPageLane {
  private lookup: KeptAnswerLookup | undefined;
  /** What the middleware chain added to a kept page's answer, per scheme (HSTS is https only). */
  private readonly chainHeaders = new Map<string, Record<string, string>>();

  constructor(private readonly options: { drain: Drain; trustProxy: boolean; logger: Logger }) {}

  /** The pages' own lookup (server/ssr/card-pages.ts), set once the pages are mounted. */
  serveFrom(lookup: KeptAnswerLookup): void {
    this.lookup = lookup;
  }

  middleware(): MiddlewareHandler<AppEnv> {
    return async (c, next) => {
      const started = performance.now();
      const answer = this.options.drain.draining ? undefined : this.lookup?.(c);
      if (!answer) return next();
      const scheme = requestScheme(c.req, this.options.trustProxy);
      const added = this.chainHeaders.get(scheme);
      if (!added) {
        await next();
        if (c.res.status === answer.status) this.chainHeaders.set(scheme, addedHeaders(c, answer));
        return;
      }
      const requestId = requestIdOf(c);
      const route = `/${c.req.path.split('/')[1] ?? ''}/*`;
      const seconds = (performance.now() - started) / 1000;
      countAnswer(c.req.method, route, answer.status, seconds);
      this.options.logger.info('request', {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: answer.status,
        ms: Math.round(seconds * 10_000) / 10,
        kept: true,
      });
      // A plain header object keeps @hono/node-server on its light path (no Headers built).
      return new Response(answer.body, {
        status: answer.status,
        headers: { ...added, ...answer.headers, 'X-Request-Id': requestId },
      });
    };
  }
}

/** The headers of the full answer that the page itself did not set, minus per-answer ones. */
function addedHeaders(c: Context<AppEnv>, answer: PageAnswer): Record<string, string> {
  const own = new Set(Object.keys(answer.headers).map((name) => name.toLowerCase()));
  const added: Record<string, string> = {};
  c.res.headers.forEach((value, name) => {
    if (!own.has(name) && !perAnswerHeaders.has(name)) added[name] = value;
  });
  return added;
}
