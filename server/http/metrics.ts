// Prometheus metrics of this process (decision 1081), served at /api/metrics. Each process
// keeps its own counters, as Prometheus expects: it scrapes every process and adds them up.
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppEnv } from './env';

export const metricsRegistry = new Registry();
// Memory, CPU, handles, garbage collection and event-loop delay (nodejs_eventloop_lag_*).
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });

const sizeBuckets = [100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000];
const countBuckets = [0, 1, 10, 100, 1_000, 5_000];

const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'Requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});
const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time until the handler answered, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});
const httpInFlight = new Gauge({
  name: 'http_requests_in_flight',
  help: 'Requests whose handler has not answered yet',
  registers: [metricsRegistry],
});

export const syncPushEntries = new Counter({
  name: 'sync_push_entries_total',
  help: 'Outbox entries pushed, by result (rejected: refused for good)',
  labelNames: ['status'] as const,
  registers: [metricsRegistry],
});
export const syncPushBytes = new Histogram({
  name: 'sync_push_request_bytes',
  help: 'Size of sync push bodies',
  buckets: sizeBuckets,
  registers: [metricsRegistry],
});
export const syncPullChanges = new Histogram({
  name: 'sync_pull_changes',
  help: 'Changes in each sync pull page',
  buckets: countBuckets,
  registers: [metricsRegistry],
});
export const syncPullBytes = new Histogram({
  name: 'sync_pull_response_bytes',
  help: 'Size of sync pull pages (before compression)',
  buckets: sizeBuckets,
  registers: [metricsRegistry],
});
export const pushSends = new Counter({
  name: 'push_sends_total',
  help: 'Push messages handed to a push service, by outcome (sent, gone, unsupported, retry)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});
export const pageCacheLookups = new Counter({
  name: 'page_cache_lookups_total',
  help: 'Public page requests, by result: hit (kept in memory), shared (joined a render), miss',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

/** Rate, latency and in-flight count per route pattern (never the raw path: ids would explode). */
export function requestMetrics(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    httpInFlight.inc();
    try {
      await next();
    } finally {
      httpInFlight.dec();
      // The pattern of the handler that answered (the last one the request reached).
      const route = routePath(c) || 'unmatched';
      countAnswer(c.req.method, route, c.res.status, (performance.now() - started) / 1000);
    }
  };
}

/** One answered request in the rate and latency figures (also for kept pages' short way). */
export function countAnswer(method: string, route: string, status: number, seconds: number): void {
  const labels = { method, route };
  httpDuration.observe(labels, seconds);
  httpRequests.inc({ ...labels, status: String(status) });
}
