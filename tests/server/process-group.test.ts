// No process of ours outlives its parent: a parent starts children through
// tests/support/process-group (as every test and bench does) and then ends badly — an uncaught
// error, an unhandled rejection, process.exit, SIGTERM, SIGINT, SIGHUP. Afterwards no process
// that inherited the parent's marker variable may still run, and a server's data folder is gone.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupRunning } from '../support/process-group';

const root = path.resolve(import.meta.dirname, '../..');
const fixture = path.join(import.meta.dirname, 'fixtures/leave-children.ts');

/** Pids of the running (not zombie) processes whose environment holds `marker`. */
function processesWithMarker(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').includes(marker)) {
        found.push(Number(entry));
      }
    } catch {
      // ended while we looked, or not ours to read
    }
  }
  return found;
}

interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  groups: number[];
  dataDir?: string;
  stderr: string;
}

/** Runs the fixture parent; `signal` is sent to it once its children run. */
async function runParent(how: string, marker: string, signal?: NodeJS.Signals): Promise<Outcome> {
  const parent = spawn(process.execPath, ['--import', 'tsx', fixture, how], {
    cwd: root,
    env: { ...process.env, MECARDS_CHILD_MARKER: marker, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let ready: { groups: number[]; dataDir?: string } | undefined;
  parent.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  parent.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    const line = /^READY (.*)$/m.exec(stdout);
    if (line && !ready) {
      ready = JSON.parse(line[1] ?? '{}') as { groups: number[]; dataDir?: string };
      if (signal) parent.kill(signal);
    }
  });
  const [code, endedBy] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    parent.once('exit', (c, s) => resolve([c, s])),
  );
  if (!ready) throw new Error(`the parent never got its children running:\n${stderr}`);
  return { code, signal: endedBy, groups: ready.groups, dataDir: ready.dataDir, stderr };
}

function expectNothingLeft(outcome: Outcome, marker: string): void {
  expect(outcome.groups.length).toBeGreaterThan(0);
  for (const pgid of outcome.groups) expect(groupRunning(pgid), `group ${pgid}`).toBe(false);
  expect(processesWithMarker(marker)).toEqual([]);
}

describe('children started through process-group never outlive their parent', () => {
  for (const how of ['throw', 'reject', 'exit'] as const) {
    it(`when the parent ends by ${how}`, async () => {
      const marker = `marker-${randomUUID()}`;
      const outcome = await runParent(how, marker);
      expect(outcome.code).not.toBe(0);
      expectNothingLeft(outcome, marker);
    }, 60_000);
  }

  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
    ['SIGHUP', 129],
  ] as const) {
    it(`when the parent gets ${signal}`, async () => {
      const marker = `marker-${randomUUID()}`;
      const outcome = await runParent('wait', marker, signal);
      expect(outcome.code).toBe(code);
      expectNothingLeft(outcome, marker);
    }, 60_000);
  }

  it('when a bench fails with the real server running: the server exits, its folder goes', async () => {
    const marker = `marker-${randomUUID()}`;
    const outcome = await runParent('app-server', marker);
    expect(outcome.code).not.toBe(0);
    expect(outcome.stderr).toContain('forced failure');
    expectNothingLeft(outcome, marker);
    expect(outcome.dataDir).toBeTruthy();
    expect(existsSync(outcome.dataDir ?? '')).toBe(false);
  }, 180_000);
});
