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
import http from 'node:http';
import { startAppServer } from './browser-harness';
import type { Figure } from './run';

const connections = 16;
const durationMs = 10_000;
const warmUpMs = 1_000;

interface LoadResult {
  latencies: number[];
  errors: number;
  elapsedMs: number;
}

function get(agent: http.Agent, url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'vi' } },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

async function load(url: URL, forMs: number): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + forMs;
  const worker = async () => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      try {
        const status = await get(agent, url);
        if (status === 200) latencies.push(performance.now() - sent);
        else errors += 1;
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsedMs = performance.now() - started;
  agent.destroy();
  return { latencies, errors, elapsedMs };
}

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

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export async function run(): Promise<Figure[]> {
  const server = await startAppServer();
  try {
    const url = new URL('/me/demo', server.url);
    await load(url, warmUpMs);
    const groupId = server.process.pid ?? 0;
    const cpuBefore = groupCpuSeconds(groupId);
    const result = await load(url, durationMs);
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
