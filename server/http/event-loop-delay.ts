// How late the event loop runs (perf_hooks.monitorEventLoopDelay): the one figure that shows a
// request stalling everyone else (issue 25). Reported by /api/health and logged each minute.
// A measurement of this process only: nothing decides on it, so it may live in memory.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { Logger } from './logger';

export interface EventLoopDelay {
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

let histogram: IntervalHistogram | undefined;

function started(): IntervalHistogram {
  if (!histogram) {
    histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
  }
  return histogram;
}

const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100;

/** The delay since the last minute's log line (or since start). */
export function eventLoopDelay(): EventLoopDelay {
  const h = started();
  if (h.count === 0) return { meanMs: 0, p50Ms: 0, p99Ms: 0, maxMs: 0 };
  return {
    meanMs: ms(h.mean),
    p50Ms: ms(h.percentile(50)),
    p99Ms: ms(h.percentile(99)),
    maxMs: ms(h.max),
  };
}

/** Logs the last window's delay every `everyMs` (warn above 100 ms p99) and starts a new one. */
export function logEventLoopDelay(logger: Logger, everyMs = 60_000): () => void {
  started();
  const timer = setInterval(() => {
    const delay = eventLoopDelay();
    (delay.p99Ms > 100 ? logger.warn : logger.info)('event loop delay', { ...delay });
    histogram?.reset();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
