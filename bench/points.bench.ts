// Booth figures (issues 5 and 25): 1,000 and then 10,000 point entries logged with the network
// off through the app's own savePointEntry (Dexie + outbox, strict durability), then the time
// from reconnecting until the outbox is empty and every entry is on the server.
// Prints `points-flush-1000: N ms` (target ≤ 1 s) and `points-flush-10000: N ms` (≤ 5 s), the
// parts of it spent waiting on push and pull requests (`-push-requests`, `-pull-requests`;
// the rest is the device's own work), the device's time between pushes (`-between-pushes`),
// and the rows the server
// holds (`-rows`: 1000 and 10000). On Linux also the CPU time the flush took in the server
// (`-server-cpu`) and in Chromium (`-browser-cpu`), and their sum over the machine's cores
// (`-cpu-floor`): on a bench machine where the device and the server share the cores, the least
// the flush can take however well its parts overlap.
//
// The API runs as in production on a fresh PGlite folder with the demo data, and the page is of
// its origin; the app's modules come from Vite's dev server, so the real sync engine does the
// pushing, straight to the API as in production (not through Vite's proxy).
import { mkdtemp } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { chromiumArgs } from '../playwright.config';
import {
  removeDir,
  removeOnExit,
  startGroup,
  type ProcessGroup,
} from '../tests/support/process-group';
import { repoRoot, waitForOk } from './browser-harness';
import { freePort } from '../tests/support/free-port';
import { childrenCpuMs, cpuSnapshot, groupCpuMs } from './process-cpu';
import type { Figure } from './run';

export async function run(): Promise<Figure[]> {
  const apiPort = await freePort();
  const webPort = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mecards-bench-points-'));
  removeOnExit(dataDir);
  const children: ProcessGroup[] = [];
  // Vite and the API in their own process groups, stopped (and waited for) in `finally`.
  const start = (command: string, args: string[], env: Record<string, string>) => {
    const group = startGroup(command, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdout: 'ignore',
      stderr: 'inherit',
    });
    children.push(group);
    return group;
  };
  let browser: Browser | undefined;
  try {
    const api = start(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SECURE_COOKIES: 'false',
      LOG_LEVEL: 'warn',
    });
    const web = start(
      path.join(repoRoot, 'node_modules/.bin/vite'),
      ['--host', '127.0.0.1', '--port', String(webPort), '--strictPort'],
      // As in the built app: development also checks every answer against its schema.
      { API_PORT: String(apiPort), NODE_ENV: 'production' },
    );
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    });
    await waitForOk(`http://127.0.0.1:${apiPort}/api/health`, api.process);
    await waitForOk(`http://127.0.0.1:${webPort}/`, web.process);
    // The API page's policy allows only its own scripts; these come from Vite.
    const context = await browser.newContext({ bypassCSP: true });
    // tsx keeps function names with a helper the page does not have.
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    const page = await context.newPage();
    // A page of the API's origin that runs none of the app: the bench drives the modules
    // itself, loaded from Vite's dev server (which allows 127.0.0.1 origins), while their
    // requests go straight to the API as in production, not through Vite's proxy.
    await page.goto(`http://127.0.0.1:${apiPort}/api/health`);
    const setup = await page.evaluate(async (modules) => {
      const login = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'staff@mecards.vn', password: 'staff12345' }),
      });
      const answer = (await login.json()) as { accessToken: string; memberId: string };
      const store = (await import(
        /* @vite-ignore */ String(modules + '/src/api/session-store.ts')
      )) as {
        writeSession(session: unknown): Promise<void>;
      };
      await store.writeSession({
        ...answer,
        userName: 'staff@mecards.vn',
        urlMinify: null,
        brandGroup: null,
        agency: null,
      });
      document.cookie = `memberId=${answer.memberId}; path=/`;
      const engine = (await import(
        /* @vite-ignore */ String(modules + '/src/sync/sync-engine.ts')
      )) as {
        syncNow(options?: { force?: boolean }): Promise<{ status: string }>;
      };
      const { appDb } = (await import(
        /* @vite-ignore */ String(modules + '/src/db/app-db.ts')
      )) as {
        appDb: {
          open(): Promise<unknown>;
          staffGroups: { toArray(): Promise<{ groupId: string }[]> };
        };
      };
      await appDb.open();
      // Loaded now: with the network off, Vite's dev server cannot hand out modules.
      const data = (await import(
        /* @vite-ignore */ String(modules + '/src/features/points/points-data.ts')
      )) as unknown;
      Object.assign(globalThis, { pointsBench: { data, engine, appDb } });
      await engine.syncNow({ force: true });
      const groups = await appDb.staffGroups.toArray();
      const buyer = (await (
        await fetch('/api/members/getMemberPoint/demo', {
          headers: { authorization: `Bearer ${answer.accessToken}` },
        })
      ).json()) as { memberId: string };
      return { groupId: groups[0]?.groupId, buyerId: buyer.memberId, token: answer.accessToken };
    }, `http://127.0.0.1:${webPort}`);
    if (!setup.groupId) throw new Error('the staffer has no group after the first sync');

    // Each size queued offline, then flushed from reconnecting until the outbox is empty.
    const flushOf = async (count: number, prefix: string): Promise<Figure[]> => {
      await context.setOffline(true);
      await page.evaluate(
        async ({ count, buyerId, prefix }) => {
          const { data, appDb } = (
            globalThis as unknown as {
              pointsBench: {
                data: { savePointEntry(input: unknown): Promise<unknown> };
                appDb: { staffGroups: { toArray(): Promise<unknown[]> } };
              };
            }
          ).pointsBench;
          const [group] = await appDb.staffGroups.toArray();
          for (let i = 0; i < count; i++) {
            await data.savePointEntry({
              group,
              buyerMemberId: buyerId,
              buyerName: 'Nguyễn Thị Minh Anh',
              invoiceNumber: `${prefix}${i}`,
              invoiceValue: 50_000 + i,
              deductedPoints: 0,
              note: '',
            });
          }
        },
        { count, buyerId: setup.buyerId, prefix },
      );

      await context.setOffline(false);
      const cpuBefore = cpuSnapshot();
      const flush = await page.evaluate(async () => {
        const { engine, appDb } = (
          globalThis as unknown as {
            pointsBench: {
              engine: { syncNow(options?: { force?: boolean }): Promise<{ status: string }> };
              appDb: { outbox: { count(): Promise<number> } };
            };
          }
        ).pointsBench;
        performance.clearResourceTimings();
        performance.setResourceTimingBufferSize(10_000);
        const started = performance.now();
        window.dispatchEvent(new Event('online'));
        for (let i = 0; i < 200 && (await appDb.outbox.count()) > 0; i++) {
          await engine.syncNow({ force: true });
        }
        const ms = performance.now() - started;
        const left = await appDb.outbox.count();
        if (left > 0) throw new Error(`${left} entries still queued`);
        // Time spent waiting on push requests: the rest is the device's own work and the pull.
        const waited = (path: string) =>
          performance
            .getEntriesByType('resource')
            .filter((e) => e.name.includes(path) && e.startTime >= started)
            .reduce((sum, e) => sum + e.duration, 0);
        // The device's time between one push's answer and the next push: settling a batch
        // overlaps the next request (decision 0203), so this stays near zero.
        const pushes = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/api/sync/push') && e.startTime >= started)
          .sort((a, b) => a.startTime - b.startTime) as PerformanceResourceTiming[];
        const gapsMs = pushes
          .slice(1)
          .reduce((sum, e, i) => sum + Math.max(0, e.startTime - pushes[i]!.responseEnd), 0);
        return {
          ms,
          gapsMs,
          pushMs: waited('/api/sync/push'),
          pullMs: waited('/api/sync/pull'),
        };
      });
      const cpuAfter = cpuSnapshot();
      const serverCpu = groupCpuMs(cpuBefore, cpuAfter, api.pid);
      const browserCpu = childrenCpuMs(cpuBefore, cpuAfter, [api.pid, web.pid]);
      const cpuFigures: Figure[] =
        cpuAfter.size === 0
          ? []
          : [
              { name: `points-flush-${count}-server-cpu`, value: serverCpu, unit: 'ms' },
              { name: `points-flush-${count}-browser-cpu`, value: browserCpu, unit: 'ms' },
              {
                name: `points-flush-${count}-cpu-floor`,
                value: Math.round((serverCpu + browserCpu) / availableParallelism()),
                unit: 'ms',
              },
            ];
      const res = await fetch(
        `http://127.0.0.1:${apiPort}/api/orderGroup/logsOrder?groupId=${setup.groupId}&filter=${prefix}`,
        { headers: { authorization: `Bearer ${setup.token}` } },
      );
      const rows = ((await res.json()) as { total: number }).total;
      return [
        { name: `points-flush-${count}`, value: Math.round(flush.ms), unit: 'ms' },
        {
          name: `points-flush-${count}-push-requests`,
          value: Math.round(flush.pushMs),
          unit: 'ms',
        },
        {
          name: `points-flush-${count}-between-pushes`,
          value: Math.round(flush.gapsMs),
          unit: 'ms',
        },
        {
          name: `points-flush-${count}-pull-requests`,
          value: Math.round(flush.pullMs),
          unit: 'ms',
        },
        { name: `points-flush-${count}-rows`, value: rows, unit: 'rows' },
        ...cpuFigures,
      ];
    };

    const figures = [...(await flushOf(1000, 'P1K-')), ...(await flushOf(10_000, 'P10K-'))];
    await context.close();
    return figures;
  } finally {
    await browser?.close();
    // Waits until both have exited: the API writes into dataDir until then.
    await Promise.all(children.map((child) => child.stop()));
    await removeDir(dataDir);
  }
}
