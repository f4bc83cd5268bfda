// A bounded loopback load on a fleet (decision 1085): one client per member token, each in
// turn reading the demo card and pushing one new contact, as fast as the answers come. A
// member's pushes run one at a time (as from one device's outbox), so clients are members.
// Every request that does not end in a 200 (and, for a push, `applied`) is a failure.
import { randomUUID } from 'node:crypto';

export interface FleetLoadResult {
  reads: number;
  writes: number;
  failures: string[];
  /** Every pushed contact's name starts with it. */
  prefix: string;
  mutationIds: string[];
}

export interface FleetLoad {
  /** Resolves once `done` holds for the figures so far (rejects after `ms`). */
  until(done: (so: FleetLoadResult) => boolean, ms?: number): Promise<void>;
  /** Lets the requests in flight finish, then gives the figures. */
  stop(): Promise<FleetLoadResult>;
}

export function runFleetLoad(url: string, tokens: string[]): FleetLoad {
  const result: FleetLoadResult = {
    reads: 0,
    writes: 0,
    failures: [],
    prefix: `load-${randomUUID().slice(0, 8)}-`,
    mutationIds: [],
  };
  let stopping = false;

  const read = async () => {
    try {
      const res = await fetch(`${url}/me/demo`);
      const body = await res.text();
      if (res.status !== 200 || !body.includes('</html>')) {
        result.failures.push(`GET /me/demo: ${res.status} ${body.slice(0, 200)}`);
      }
    } catch (error) {
      result.failures.push(`GET /me/demo: ${String((error as Error).cause ?? error)}`);
    }
    result.reads += 1;
  };

  const write = async (token: string) => {
    const mutationId = randomUUID();
    const name = `${result.prefix}${mutationId}`;
    result.mutationIds.push(mutationId);
    try {
      const res = await fetch(`${url}/api/sync/push`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          mutations: [
            { id: mutationId, name: 'contact.upsert', payload: { id: randomUUID(), name } },
          ],
        }),
      });
      const body = await res.text();
      const status =
        res.status === 200
          ? (JSON.parse(body) as { results: { status: string }[] }).results[0]?.status
          : undefined;
      if (status !== 'applied') {
        result.failures.push(`POST /api/sync/push: ${res.status} ${body.slice(0, 200)}`);
      }
    } catch (error) {
      result.failures.push(`POST /api/sync/push: ${String((error as Error).cause ?? error)}`);
    }
    result.writes += 1;
  };

  const client = async (token: string) => {
    while (!stopping) {
      await read();
      await write(token);
    }
  };
  const clients = Promise.all(tokens.map(client));

  return {
    async until(done, ms = 60_000) {
      const deadline = Date.now() + ms;
      while (!done(result)) {
        if (Date.now() > deadline) throw new Error(`load stalled: ${JSON.stringify(result)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      stopping = true;
      await clients;
      return result;
    },
  };
}
