// A graceful stop (decision 1080): on SIGTERM the process says it is not ready, ends its live
// streams with a `reconnect` so open apps move to another process, lets the requests and push
// sends in flight finish, and only then closes the database.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env';

export class Drain {
  private stopping = false;
  private inFlight = 0;
  private idleWaiters: (() => void)[] = [];
  private readonly onStart = new Set<() => void>();
  private readonly finishers = new Set<() => Promise<void>>();

  get draining(): boolean {
    return this.stopping;
  }

  get requestsInFlight(): number {
    return this.inFlight;
  }

  /** Counts requests until their handler has answered; while draining, no keep-alive. */
  middleware(): MiddlewareHandler<AppEnv> {
    return async (c, next) => {
      this.inFlight += 1;
      try {
        await next();
      } finally {
        this.inFlight -= 1;
        if (this.stopping) c.header('Connection', 'close');
        if (this.inFlight === 0) for (const wake of this.idleWaiters.splice(0)) wake();
      }
    };
  }

  /** `fn` runs once when draining starts (a live stream ends itself); returns the unsubscribe. */
  whenDraining(fn: () => void): () => void {
    if (this.stopping) {
      fn();
      return () => undefined;
    }
    this.onStart.add(fn);
    return () => this.onStart.delete(fn);
  }

  /** Background work that must end before the database closes (push sending). */
  beforeClose(fn: () => Promise<void>): void {
    this.finishers.add(fn);
  }

  start(): void {
    if (this.stopping) return;
    this.stopping = true;
    for (const fn of [...this.onStart]) fn();
    this.onStart.clear();
  }

  /** Resolves once no request handler is running. */
  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async finishBackgroundWork(): Promise<void> {
    await Promise.all([...this.finishers].map((fn) => fn()));
  }
}
