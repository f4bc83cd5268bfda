// The one way tests and benchmarks start child processes (servers, Vite): each in a process
// group of its own, so stopping it reaches everything it started (npm → sh → tsx → node), and
// stopping waits until the whole group is gone — not just its leader — before anyone removes
// the data folder a server still writes into. Whatever is still running when this process
// ends (a thrown error, process.exit, Ctrl-C, SIGTERM, SIGHUP) is stopped the same way.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';

/** How long a group gets between SIGTERM and SIGKILL. */
export const defaultGraceMs = 15_000;

export interface GroupOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** What happens to the group's stdout and stderr; 'pipe' collects them (default). */
  stdout?: 'pipe' | 'ignore' | 'inherit';
  stderr?: 'pipe' | 'ignore' | 'inherit';
  graceMs?: number;
}

export interface ProcessGroup {
  /** The group's leader (the command itself); its pid is the group id. */
  process: ChildProcess;
  pid: number;
  /** Everything the group printed so far (with the default 'pipe'). */
  stdout: () => string;
  stderr: () => string;
  /** The leader's exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Sends a signal to every process of the group. */
  signal: (signal: NodeJS.Signals) => void;
  /** SIGTERM to the group, SIGKILL after the grace period; resolves once none of it runs. */
  stop: () => Promise<void>;
}

const liveGroups = new Map<number, { graceMs: number }>();
const tempDirs = new Set<string>();
let shuttingDown = false;
const stopSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Signal numbers on Linux, for the 128 + n exit code a shell reports. */
const signalNumbers: Record<(typeof stopSignals)[number], number> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGTERM: 15,
};

/**
 * Whether any process of group `pgid` is still running. On Linux /proc tells, and zombies
 * (finished, waiting for a parent to collect them) do not count; elsewhere a signal 0 probe.
 */
export function groupRunning(pgid: number): boolean {
  if (process.platform === 'linux') {
    let entries: string[];
    try {
      entries = readdirSync('/proc');
    } catch {
      entries = [];
    }
    if (entries.length > 0) {
      for (const entry of entries) {
        if (!/^\d+$/.test(entry)) continue;
        let stat: string;
        try {
          stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        } catch {
          continue; // ended while we looked
        }
        // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') return true;
      }
      return false;
    }
  }
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // the group is already gone
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function stopGroup(pgid: number, graceMs: number): Promise<void> {
  if (groupRunning(pgid)) {
    signalGroup(pgid, 'SIGTERM');
    const deadline = Date.now() + graceMs;
    while (groupRunning(pgid) && Date.now() < deadline) await sleep(50);
    if (groupRunning(pgid)) {
      signalGroup(pgid, 'SIGKILL');
      while (groupRunning(pgid)) await sleep(20);
    }
  }
  forget(pgid);
}

/** The same for every group at once, blocking: the only waiting an 'exit' listener can do. */
function stopAllGroupsNow(): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const groups = [...liveGroups].filter(([pgid]) => groupRunning(pgid));
  for (const [pgid] of groups) signalGroup(pgid, 'SIGTERM');
  const started = Date.now();
  for (const [pgid, { graceMs }] of groups) {
    while (groupRunning(pgid) && Date.now() - started < graceMs) Atomics.wait(pause, 0, 0, 50);
    if (groupRunning(pgid)) signalGroup(pgid, 'SIGKILL');
  }
  liveGroups.clear();
}

/** Stops every group still running, all at once, and removes the registered folders. */
export async function stopAllGroups(): Promise<void> {
  await Promise.all([...liveGroups].map(([pgid, { graceMs }]) => stopGroup(pgid, graceMs)));
  await Promise.all([...tempDirs].map((dir) => removeDir(dir).finally(() => tempDirs.delete(dir))));
}

function onExit(): void {
  stopAllGroupsNow();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
}

function onStopSignal(signal: (typeof stopSignals)[number]): void {
  shuttingDown = true;
  void stopAllGroups().finally(() => {
    uninstall();
    // Ours was the only listener: end the way the signal would have ended us.
    if (process.listenerCount(signal) === 0) process.exit(128 + signalNumbers[signal]);
  });
}

const signalListeners = new Map(stopSignals.map((signal) => [signal, () => onStopSignal(signal)]));

function install(): void {
  process.on('exit', onExit);
  for (const [signal, listener] of signalListeners) process.on(signal, listener);
}

function uninstall(): void {
  process.off('exit', onExit);
  for (const [signal, listener] of signalListeners) process.off(signal, listener);
}

function remember(pgid: number, graceMs: number): void {
  if (liveGroups.size === 0 && tempDirs.size === 0) install();
  liveGroups.set(pgid, { graceMs });
}

function forget(pgid: number): void {
  liveGroups.delete(pgid);
  if (liveGroups.size === 0 && tempDirs.size === 0) uninstall();
}

/**
 * Removes `dir` when this process ends, if nobody did before (a server's data folder left by
 * Ctrl-C). Call `removeDir` for the normal removal.
 */
export function removeOnExit(dir: string): void {
  if (liveGroups.size === 0 && tempDirs.size === 0) install();
  tempDirs.add(dir);
}

/** Removes a folder a stopped server used; retries while the file system catches up. */
export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  if (tempDirs.delete(dir) && liveGroups.size === 0 && tempDirs.size === 0) uninstall();
}

/** Starts `command` as the leader of a new process group. */
export function startGroup(
  command: string,
  args: readonly string[],
  options: GroupOptions = {},
): ProcessGroup {
  if (shuttingDown) throw new Error(`not starting ${command}: this process is stopping`);
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', options.stdout ?? 'pipe', options.stderr ?? 'pipe'],
    detached: true,
  });
  let out = '';
  let err = '';
  child.once('error', (error) => (err += `${error.message}\n`));
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${command} (not found?)`);
  const graceMs = options.graceMs ?? defaultGraceMs;
  remember(pid, graceMs);
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // A group that ended by itself needs no stopping later.
  void exited.then(() => {
    if (!groupRunning(pid)) forget(pid);
  });
  return {
    process: child,
    pid,
    stdout: () => out,
    stderr: () => err,
    exited,
    signal: (signal) => signalGroup(pid, signal),
    async stop() {
      await stopGroup(pid, graceMs);
      await exited;
    },
  };
}
