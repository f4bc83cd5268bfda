// Sync push under load (issue 13), against the real server as in production (PGlite folder,
// built client, demo data), driven over HTTP with the client's wire format:
// - contacts-push-1000-ms: 1,000 contact upserts flushed through /api/sync/push in the client's
//   batch size, one batch after another as the sync engine sends them (target ≤ 2,000).
// - push-flood-card-p99-ms: p99 latency of the public card /me/demo while ten 500-entry contact
//   pushes of one member are sent at once, each retried after Retry-After until applied as the
//   client's backoff would (target ≤ 200).
import { pushBatchMaxEntries } from '../src/sync/batching';
import type { PushResponse } from '../contract/sync';
import { logInByApi, percentile, spawnAppServer } from './browser-harness';
import type { Figure } from './run';

const floodPushes = 10;
const floodEntries = 500;

function contactEntries(count: number, label: string) {
  return Array.from({ length: count }, (_, i) => {
    const id = crypto.randomUUID();
    return {
      id: crypto.randomUUID(),
      name: 'contact.upsert',
      payload: {
        id,
        name: `${label} Nguyễn Văn ${i}`,
        phone: `09${String(10_000_000 + i).slice(-8)}`,
        email: `lien.he.${label}.${i}@example.vn`,
        company: 'Cà Phê Sương Mai',
        note: 'Gặp ở hội chợ Đà Lạt',
      },
    };
  });
}

export async function run(): Promise<Figure[]> {
  const server = await spawnAppServer();
  try {
    await server.ready;
    const accessToken = await logInByApi(server.url);

    /** One push; the HTTP status and, when 200, how many entries were applied. */
    const push = async (mutations: ReturnType<typeof contactEntries>) => {
      const res = await fetch(`${server.url}/api/sync/push`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ mutations }),
      });
      if (res.status !== 200) {
        await res.arrayBuffer();
        return { status: res.status, retryAfter: Number(res.headers.get('retry-after') ?? 1) };
      }
      const { results } = (await res.json()) as PushResponse;
      const applied = results.filter((r) => r.status === 'applied').length;
      if (applied !== mutations.length)
        throw new Error(`push applied ${applied}/${mutations.length}`);
      return { status: 200, retryAfter: 0 };
    };

    // Warm up: the card page and one small push (first queries, JIT).
    for (let i = 0; i < 5; i++) await (await fetch(`${server.url}/me/demo`)).arrayBuffer();
    await push(contactEntries(10, 'warm'));

    const thousand = contactEntries(1_000, 'mot-nghin');
    const started = performance.now();
    for (let i = 0; i < thousand.length; i += pushBatchMaxEntries) {
      const answer = await push(thousand.slice(i, i + pushBatchMaxEntries));
      if (answer.status !== 200) throw new Error(`push answered ${answer.status}`);
    }
    const push1000 = performance.now() - started;

    let flooding = true;
    let turnedAway = 0;
    const floodStarted = performance.now();
    const flood = Promise.all(
      Array.from({ length: floodPushes }, async (_, n) => {
        const batch = contactEntries(floodEntries, `lu-${n}`);
        for (;;) {
          const answer = await push(batch);
          if (answer.status === 200) return;
          if (answer.status !== 429) throw new Error(`flood push answered ${answer.status}`);
          turnedAway += 1;
          await new Promise((resolve) => setTimeout(resolve, answer.retryAfter * 1000));
        }
      }),
    ).finally(() => {
      flooding = false;
    });
    const cardTimes: number[] = [];
    while (flooding) {
      const t = performance.now();
      const res = await fetch(`${server.url}/me/demo`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`/me/demo answered ${res.status}`);
      cardTimes.push(performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await flood;
    const floodMs = performance.now() - floodStarted;

    return [
      { name: 'contacts-push-1000-ms', value: Math.round(push1000), unit: 'ms' },
      {
        name: 'push-flood-card-p99-ms',
        value: Math.round(percentile(cardTimes, 99)),
        unit: 'ms',
      },
      {
        name: 'push-flood-card-median-ms',
        value: Math.round(percentile(cardTimes, 50)),
        unit: 'ms',
      },
      { name: 'push-flood-card-samples', value: cardTimes.length, unit: 'requests' },
      { name: 'push-flood-total-ms', value: Math.round(floodMs), unit: 'ms' },
      { name: 'push-flood-turned-away', value: turnedAway, unit: 'pushes' },
    ];
  } finally {
    await server.stop();
  }
}
