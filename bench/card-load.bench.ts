// card-rps: anonymous GET /me/demo answered per second by the real server process (PGlite,
// built client, `tsx server/main.ts`) under 16 keep-alive connections for 10 s, every body read
// to the end, as a browser asks (Accept-Encoding gzip, deflate, br). card-load-p50-ms and
// card-load-p99-ms: the latency of those requests. A 1 s warm-up comes first and is not counted.
// card-server-cpu-ms: CPU time of the server's processes per answered request (Linux /proc),
// the figure that least depends on what else the shared machine is doing.
// The load comes from this process with Node's own http.Agent: no extra dependency, and one
// event loop is far lighter than the server it measures (decision 0402).
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { percentile, startAppServer } from './browser-harness';
import { load } from './http-load';
import type { Figure } from './run';

const connections = 16;
const durationMs = 10_000;
const warmUpMs = 1_000;

const clockTicksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** User + system CPU seconds of every live process in a process group (the server runs in its own). */
function groupCpuSeconds(groupId: number): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the command name (which may hold spaces): state ppid pgrp … utime stime.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== groupId) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / clockTicksPerSecond;
}

export async function run(): Promise<Figure[]> {
  const server = await startAppServer();
  try {
    const url = new URL('/me/demo', server.url);
    await load(url, warmUpMs, connections);
    const groupId = server.process.pid ?? 0;
    const cpuBefore = groupCpuSeconds(groupId);
    const result = await load(url, durationMs, connections);
    const cpuUsed = groupCpuSeconds(groupId) - cpuBefore;
    if (result.latencies.length === 0) throw new Error('no request answered 200');
    const sorted = [...result.latencies].sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return [
      {
        name: 'card-rps',
        value: Math.round((result.latencies.length / result.elapsedMs) * 1000),
        unit: 'requests/s',
      },
      { name: 'card-load-p50-ms', value: round(percentile(sorted, 50)), unit: 'ms' },
      { name: 'card-load-p99-ms', value: round(percentile(sorted, 99)), unit: 'ms' },
      { name: 'card-load-errors', value: result.errors, unit: 'requests' },
      {
        name: 'card-server-cpu-ms',
        value: Math.round((cpuUsed / result.latencies.length) * 1000 * 1000) / 1000,
        unit: 'ms/request',
      },
    ];
  } finally {
    await server.stop();
  }
}
