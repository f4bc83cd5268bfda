import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8091);
const clientDir = process.env.BUILD_OUT_DIR ?? 'dist/client';
const dataDir = `.tmp/e2e-data-${port}`;
export const baseURL = `http://127.0.0.1:${port}`;

/** Debian's Chromium; Playwright's own browser download does not work here. */
export const fullChromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const headlessShellPath = '/usr/lib/chromium/chromium-headless-shell';
/**
 * The browser the journeys run in: Debian's chromium-headless-shell (the same Chromium, without
 * the browser's own windows and UI) when installed, as Playwright itself uses for headless runs.
 * A journey takes about a third less CPU in it (decision 0027). It shows no notifications and
 * has no camera: the journeys that check those launch `fullChromiumPath`.
 */
export const journeyBrowserPath =
  process.env.JOURNEY_BROWSER_PATH ??
  (existsSync(headlessShellPath) ? headlessShellPath : fullChromiumPath);

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export default defineConfig({
  testDir: 'e2e',
  // One folder per server port: lanes run side by side (scripts/e2e.mjs), and Playwright empties
  // its output folder when it starts.
  outputDir: `test-results/port-${port}`,
  // Two lanes of journeys share the two cores (scripts/e2e.mjs).
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    locale: 'vi-VN',
    serviceWorkers: 'allow',
    launchOptions: {
      executablePath: journeyBrowserPath,
      args: chromiumArgs,
    },
    // Recording a trace cost every journey about a sixth of its time: a failure's retry records
    // one (`--trace on` records them all when looking into a journey).
    trace: 'on-first-retry',
  },
  webServer: {
    // `exec node --import tsx`: the server itself is the process Playwright signals (no npx or
    // tsx CLI in between to outlive it), and SIGTERM lets it close PGlite before it exits.
    command: `rm -rf ${dataDir} && exec node --import tsx server/main.ts`,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      LOG_LEVEL: 'warn',
      MAIL_TRANSPORT: 'outbox',
      // Test-only cheap password hashes: the journeys log in a few hundred times.
      PASSWORD_HASH_COST: 'light',
    },
  },
});
