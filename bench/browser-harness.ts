// Shared by benchmarks that need the real app: starts the real server on a fresh data folder
// and a free port with the built client, drives Debian's Chromium with the e2e flags, and
// measures what a page load downloads. Servers start through tests/support/process-group, so
// none outlives the bench, however it ends.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, devices, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chromiumArgs } from '../playwright.config';
import { removeDir, removeOnExit, startGroup } from '../tests/support/process-group';
import { freePort } from '../tests/support/free-port';

export const repoRoot = path.resolve(import.meta.dirname, '..');

/** The built client: CLIENT_DIR, else BUILD_OUT_DIR (as `npm start` builds it), else dist/client. */
export function builtClientDir(): string {
  return path.resolve(
    repoRoot,
    process.env.CLIENT_DIR ?? process.env.BUILD_OUT_DIR ?? 'dist/client',
  );
}

export interface AppServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  stdout(): string;
  stderr(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Command and arguments; default `node --import tsx server/main.ts`. */
  command?: [string, ...string[]];
  clientDir?: string;
  /** Reuse a data folder (warm start); default a new empty one, removed on stop. */
  dataDir?: string;
  env?: Record<string, string>;
}

/** Polls until `url` answers 200; rejects when the process exits first or after `timeoutMs`. */
export async function waitForOk(
  url: string,
  child: ChildProcess,
  timeoutMs = 180_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before ${url}`);
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${url} in ${timeoutMs} ms`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Spawns the server without waiting for it; `ready` resolves when /api/health is 200. */
export async function spawnAppServer(
  options: StartOptions = {},
): Promise<AppServer & { ready: Promise<void> }> {
  const port = await freePort();
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'mecards-bench-')));
  if (ownDataDir) removeOnExit(dataDir);
  // node with tsx as a loader, not the tsx CLI: one process, so signals reach the server itself.
  const [command, ...args] = options.command ?? [
    process.execPath,
    '--import',
    'tsx',
    'server/main.ts',
  ];
  const base = { ...process.env };
  delete base.DATABASE_URL;
  // Its own process group: `npm start` runs a shell and node below it; stop reaches them all.
  const group = startGroup(command, args, {
    cwd: repoRoot,
    env: {
      ...base,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: options.clientDir ?? builtClientDir(),
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const ready = waitForOk(`${url}/api/health`, group.process);
  // Nobody may be waiting yet; a failed start is reported by whoever awaits `ready`.
  ready.catch(() => undefined);
  return {
    url,
    dataDir,
    process: group.process,
    stdout: group.stdout,
    stderr: group.stderr,
    ready,
    async stop() {
      // Waits for every process of the group: the server writes into dataDir until it exits.
      await group.stop();
      if (ownDataDir) await removeDir(dataDir);
    },
  };
}

/** The real server with demo data on a fresh data folder, answering. */
export async function startAppServer(options: StartOptions = {}): Promise<AppServer> {
  const server = await spawnAppServer(options);
  try {
    await server.ready;
  } catch (error) {
    await server.stop();
    throw new Error(`${(error as Error).message}\n${server.stderr()}`);
  }
  return server;
}

/** Debian's Chromium with the same flags as the e2e tests. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
}

export interface DownloadedScript {
  url: string;
  bytes: number;
  /** Size after gzip (level 6, as the server compresses). */
  gzipBytes: number;
  /** Size as it came over the network: the build's Brotli copy where the browser takes it. */
  wireBytes: number;
}

export interface PageLoad {
  scripts: DownloadedScript[];
  jsBytes: number;
  jsGzipBytes: number;
  jsWireBytes: number;
  /** Milliseconds from navigation start to the end of `waitFor`. */
  ms: number;
}

export interface LoadOptions {
  /** Default 'block': what the page itself needs, not the worker's precache in the background. */
  serviceWorkers?: 'allow' | 'block';
  /** What "loaded" means; default network idle after the load event. */
  waitFor?: (page: Page) => Promise<void>;
  /** Changes to the context before loading (cookies for a logged-in view, viewport…). */
  prepare?: (context: BrowserContext) => Promise<void>;
}

function isScript(url: string, contentType: string, resourceType: string): boolean {
  return resourceType === 'script' || /javascript/.test(contentType) || /\.m?js(\?|$)/.test(url);
}

/**
 * Loads `url` in a fresh context (empty cache) and sums the JavaScript it downloaded,
 * each body re-compressed with gzip so the figure does not depend on the transport.
 */
export async function loadAndMeasure(
  browser: Browser,
  url: string,
  options: LoadOptions = {},
): Promise<PageLoad> {
  const context = await browser.newContext({
    serviceWorkers: options.serviceWorkers ?? 'block',
    locale: 'vi-VN',
  });
  try {
    await options.prepare?.(context);
    const page = await context.newPage();
    const pending: Promise<DownloadedScript | undefined>[] = [];
    page.on('response', (response) => {
      const request = response.request();
      const contentType = response.headers()['content-type'] ?? '';
      if (!isScript(response.url(), contentType, request.resourceType())) return;
      pending.push(
        Promise.all([response.body(), request.sizes()])
          .then(([body, sizes]) => ({
            url: response.url(),
            bytes: body.byteLength,
            gzipBytes: gzipSync(body).byteLength,
            wireBytes: sizes.responseBodySize,
          }))
          .catch(() => undefined),
      );
    });
    const started = performance.now();
    await page.goto(url, { waitUntil: 'load' });
    if (options.waitFor) await options.waitFor(page);
    else await page.waitForLoadState('networkidle');
    const ms = performance.now() - started;
    const scripts = (await Promise.all(pending)).filter(
      (s): s is DownloadedScript => s !== undefined,
    );
    return {
      scripts,
      jsBytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
      jsGzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0),
      jsWireBytes: scripts.reduce((sum, s) => sum + s.wireBytes, 0),
      ms,
    };
  } finally {
    await context.close();
  }
}

/** Bytes as kilobytes (1 KB = 1024 bytes) with one decimal. */
export function kilobytes(bytes: number): number {
  return Math.round((bytes / 1024) * 10) / 10;
}

/** Logs in over the API as a device would and returns the access token. */
export async function logInByApi(
  baseUrl: string,
  email = 'demo@mecards.vn',
  password = 'demo12345',
): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

/** The p-th percentile of the values (nearest rank); NaN when there are none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * Median largest contentful paint of `runs` cold loads of `url` on a mid-range phone (Pixel 7,
 * 4× slower CPU, 150 ms and 1.6 Mbit/s), no service worker. Throws when the page does not
 * answer 200 or reports no paint.
 */
export async function medianPhoneLcp(
  browser: Browser,
  url: string,
  runs: number,
  /** What the visitor waits for, before the paint is read (e.g. a form drawn by script). */
  ready?: (page: Page) => Promise<void>,
): Promise<number> {
  const lcps: number[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({
      ...devices['Pixel 7'],
      serviceWorkers: 'block',
      locale: 'vi-VN',
    });
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const answer = await page.goto(url, { waitUntil: 'load' });
      if (answer?.status() !== 200) throw new Error(`${url} answered ${answer?.status()}`);
      await ready?.(page);
      await page.waitForLoadState('networkidle');
      const lcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve(entries[entries.length - 1]?.startTime ?? 0);
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      if (!lcp) throw new Error('no largest-contentful-paint entry');
      lcps.push(lcp);
    } finally {
      await context.close();
    }
  }
  return median(lcps);
}
