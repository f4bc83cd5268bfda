// Live pokes (decision 0660): while a page is open and online, one Server-Sent Events stream
// (read with fetch, so that the token goes in the Authorization header) tells it when the
// server has something new for the member; it then runs the normal pull. No data comes this way.
import { buildUrl, refreshSession } from '../api/http-client';
import { readSession } from '../api/session-store';
import { syncEngine, type SyncEngine } from './sync-engine';

export interface LivePokeOptions {
  engine?: SyncEngine;
  /** Called on each poke (tests and benchmarks measure with it). */
  onPoke?: () => void;
}

/** Starts the stream and keeps it up (reconnecting with backoff); returns the stop function. */
export function startLivePokes(options: LivePokeOptions = {}): () => void {
  const engine = options.engine ?? syncEngine;
  let stopped = false;
  let controller: AbortController | undefined;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const pull = () => {
    options.onPoke?.();
    void engine.syncNow().catch(() => undefined);
  };

  /** Resolves when the stream ends: 'now' when the server asked for a new one at once. */
  async function open(): Promise<'now' | 'later'> {
    const session = await readSession();
    if (!session || stopped) return 'later';
    controller = new AbortController();
    let token = session.accessToken;
    let response = await fetch(buildUrl('/sync/live'), {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    if (response.status === 401) {
      token = (await refreshSession(token)).accessToken;
      response = await fetch(buildUrl('/sync/live'), {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        signal: controller.signal,
      });
    }
    if (!response.ok || !response.body) throw new Error(`live stream ${response.status}`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'later';
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = /^event: ?(.*)$/m.exec(event)?.[1];
        // `ready` after a (re)connect: whatever came meanwhile is pulled too.
        if (name === 'poke' || name === 'ready') {
          failures = 0;
          pull();
        }
        // The server process is stopping: a new stream at once reaches another one.
        if (name === 'reconnect') {
          await reader.cancel().catch(() => undefined);
          return 'now';
        }
        end = buffer.indexOf('\n\n');
      }
    }
  }

  const schedule = (delay: number) => {
    if (stopped) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(run, delay);
  };

  function run(): void {
    if (stopped) return;
    if (globalThis.navigator?.onLine === false) return;
    open()
      .then((when) => schedule(when === 'now' ? 0 : 500))
      .catch(() => {
        failures += 1;
        schedule(Math.min(30_000, 1000 * 2 ** Math.min(failures, 5)));
      });
  }

  const online = () => {
    failures = 0;
    controller?.abort();
    schedule(0);
  };
  const offline = () => controller?.abort();
  globalThis.addEventListener?.('online', online);
  globalThis.addEventListener?.('offline', offline);
  run();

  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    controller?.abort();
    globalThis.removeEventListener?.('online', online);
    globalThis.removeEventListener?.('offline', offline);
  };
}
