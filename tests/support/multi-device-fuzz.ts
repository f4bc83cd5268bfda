// Runs the multi-device property test (tests/client/sync-multi-device.test.ts) for `runs`
// scenarios from `seed` in its own vitest process and returns what it counted: the test holds
// the harness (fake-indexeddb, the in-process server), this only asks it for more runs.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface FuzzReport {
  runs: number;
  lost: number;
  doubled: number;
  diverged: number;
  silentOverwrites: number;
  /** The scenarios that found something, with what they found. */
  failures: string[];
  /** Time the runs took inside the test (without starting vitest); summed over workers. */
  ms: number;
  /** CPU time the test process spent on the runs (user + system); summed over workers. */
  cpuMs: number;
  /** Writes of the member's devices the server applied, by mutation name. */
  applied: Record<string, number>;
  /** `runs: N, lost: x, doubled: y, diverged: z, silent overwrites: w` */
  line: string;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** How far one process is: its counts so far (written every 10 runs). */
export interface FuzzProgress {
  runs: number;
  lost: number;
  doubled: number;
  diverged: number;
  silentOverwrites: number;
  failures: number;
}

/** Where a process started by runMultiDeviceFuzz writes its progress. */
export function progressFileOf(dir: string): string {
  return path.join(dir, 'progress.json');
}

export async function runMultiDeviceFuzz(
  runs: number,
  seed: number,
  onStarted?: (progressFile: string) => void,
): Promise<FuzzReport> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mecards-fuzz-'));
  const report = path.join(dir, 'report.json');
  onStarted?.(progressFileOf(dir));
  try {
    const output: string[] = [];
    const code = await new Promise<number>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          path.join(repoRoot, 'node_modules/vitest/vitest.mjs'),
          'run',
          'tests/client/sync-multi-device.test.ts',
        ],
        {
          cwd: repoRoot,
          env: {
            ...process.env,
            MULTI_DEVICE_RUNS: String(runs),
            MULTI_DEVICE_SEED: String(seed),
            MULTI_DEVICE_REPORT: report,
            MULTI_DEVICE_PROGRESS: progressFileOf(dir),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.on('error', reject);
      child.on('close', (status) => resolve(status ?? 1));
    });
    let text: string;
    try {
      text = await readFile(report, 'utf8');
    } catch {
      throw new Error(`the fuzz test ended (${code}) without a report:\n${output.join('')}`);
    }
    return JSON.parse(text) as FuzzReport;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The counts of several processes' runs added up (`npm run fuzz -- --workers N`). */
export function sumFuzzReports(reports: FuzzReport[]): FuzzReport {
  const sum = (
    key: 'runs' | 'lost' | 'doubled' | 'diverged' | 'silentOverwrites' | 'ms' | 'cpuMs',
  ) => reports.reduce((total, report) => total + report[key], 0);
  const total = {
    runs: sum('runs'),
    lost: sum('lost'),
    doubled: sum('doubled'),
    diverged: sum('diverged'),
    silentOverwrites: sum('silentOverwrites'),
  };
  return {
    ...total,
    failures: reports.flatMap((report) => report.failures),
    ms: sum('ms'),
    cpuMs: sum('cpuMs'),
    applied: reports.reduce<Record<string, number>>((all, report) => {
      for (const [name, n] of Object.entries(report.applied)) all[name] = (all[name] ?? 0) + n;
      return all;
    }, {}),
    line:
      `runs: ${total.runs}, lost: ${total.lost}, doubled: ${total.doubled}, ` +
      `diverged: ${total.diverged}, silent overwrites: ${total.silentOverwrites}`,
  };
}
