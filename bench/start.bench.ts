// start-cold: from spawning `npm start` on an empty data folder (client already built) until
// /api/health answers 200 — migrations and demo data included. start-warm: the same on the
// folder the cold start left. Median of three runs each.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { builtClientDir, median, repoRoot, spawnAppServer } from './browser-harness';
import type { Figure } from './run';
import { removeDir, removeOnExit } from '../tests/support/process-group';

const runs = 3;

function ensureBuilt(clientDir: string): void {
  execFileSync('node', ['scripts/ensure-build.mjs'], {
    cwd: repoRoot,
    stdio: 'ignore',
    env: { ...process.env, BUILD_OUT_DIR: clientDir },
  });
}

/**
 * One timed `npm start`. Its build check rebuilds when a source is newer than the build
 * (someone editing while this runs): such a run times a build, so it is thrown away and
 * the start repeated on a fresh build.
 */
async function timeStart(dataDir: string, cold: boolean): Promise<number> {
  const clientDir = builtClientDir();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    ensureBuilt(clientDir);
    if (cold) {
      await removeDir(dataDir);
      await mkdir(dataDir);
    }
    const started = performance.now();
    const server = await spawnAppServer({
      command: ['npm', 'start', '--silent'],
      dataDir,
      env: { BUILD_OUT_DIR: clientDir, CLIENT_DIR: clientDir },
    });
    try {
      await server.ready;
      const ms = performance.now() - started;
      if (!/rebuilding|Building the app/.test(server.stdout())) return ms;
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${server.stderr()}`);
    } finally {
      await server.stop();
    }
  }
  throw new Error('the sources kept changing: every start rebuilt the client');
}

export async function run(): Promise<Figure[]> {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mecards-start-'));
    removeOnExit(dataDir);
    try {
      cold.push(await timeStart(dataDir, true));
      warm.push(await timeStart(dataDir, false));
    } finally {
      await removeDir(dataDir);
    }
  }
  return [
    { name: 'start-cold', value: Math.round(median(cold)), unit: 'ms' },
    { name: 'start-warm', value: Math.round(median(warm)), unit: 'ms' },
  ];
}
