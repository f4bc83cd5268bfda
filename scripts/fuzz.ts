// `npm run fuzz -- --runs N [--seed S] [--workers W]`: N scenarios of several devices of one
// member under faults (decision 0207). Prints `runs: N, lost: x, doubled: y, diverged: z, silent
// overwrites: w` and exits 1 when any of them is not 0 (the failing scenarios go to stderr, with
// the seed that draws them again). Without --seed each call explores new scenarios. --workers
// splits the runs over W vitest processes, each with its own seed (S, S+1, …), and adds up
// their counts. Every minute a `progress after …` line on stderr says how many runs are done and
// what they found so far, so a run of hours can be followed (and its partial count kept).
import { parseArgs } from 'node:util';
import { readFile } from 'node:fs/promises';
import {
  runMultiDeviceFuzz,
  sumFuzzReports,
  type FuzzProgress,
} from '../tests/support/multi-device-fuzz';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '50' },
    seed: { type: 'string' },
    workers: { type: 'string', default: '1' },
  },
});
const runs = Number(values.runs);
const workers = Number(values.workers);
const seed = values.seed === undefined ? Date.now() % 2_147_483_647 : Number(values.seed);
if (
  !Number.isInteger(runs) ||
  runs < 1 ||
  !Number.isInteger(seed) ||
  !Number.isInteger(workers) ||
  workers < 1
) {
  console.error('usage: npm run fuzz -- --runs N [--seed S] [--workers W]');
  process.exit(2);
}

// Worker k runs its share from seed S+k: disjoint scenarios, each drawn again by its own seed.
const shares = Array.from({ length: Math.min(workers, runs) }, (_, k) => ({
  seed: seed + k,
  runs: Math.floor(runs / workers) + (k < runs % workers ? 1 : 0),
}));
const started = performance.now();
// Every minute, how far the workers are and what they found so far (stderr: the last lines
// of stdout stay the report).
const progressFiles: string[] = [];
// A finished worker's folder is gone: its last counts still stand in the sum.
const lastProgress = new Map<string, FuzzProgress>();
const progress = setInterval(() => {
  void Promise.all(
    progressFiles.map((file) =>
      readFile(file, 'utf8').then(
        (text) => {
          const part = JSON.parse(text) as FuzzProgress;
          lastProgress.set(file, part);
          return part;
        },
        () => lastProgress.get(file),
      ),
    ),
  ).then((parts) => {
    const sum = (key: keyof FuzzProgress) =>
      parts.reduce((total, part) => total + (part?.[key] ?? 0), 0);
    const minutes = ((performance.now() - started) / 60_000).toFixed(0);
    console.error(
      `progress after ${minutes} min: runs ${sum('runs')} of ${runs}, lost ${sum('lost')}, ` +
        `doubled ${sum('doubled')}, diverged ${sum('diverged')}, ` +
        `silent overwrites ${sum('silentOverwrites')}`,
    );
  });
}, 60_000);
const reports = await Promise.all(
  shares.map((share) =>
    runMultiDeviceFuzz(share.runs, share.seed, (file) => progressFiles.push(file)),
  ),
).finally(() => clearInterval(progress));
const report = sumFuzzReports(reports);
const wall = (performance.now() - started) / 1000;
for (const failure of report.failures) console.error(failure);
const seeds = shares.length === 1 ? `seed: ${seed}` : `seeds: ${seed}..${seed + shares.length - 1}`;
console.log(
  `${seeds}, workers: ${shares.length}, ${(report.ms / 1000).toFixed(1)} s of runs ` +
    `(${(report.ms / report.runs / 1000).toFixed(2)} s a run, ` +
    `${(report.cpuMs / report.runs / 1000).toFixed(2)} s of CPU a run), ${wall.toFixed(1)} s in all`,
);
const applied = Object.entries(report.applied).sort(([a], [b]) => (a < b ? -1 : 1));
console.log(`applied: ${applied.map(([name, n]) => `${name} ${n}`).join(', ')}`);
console.log(report.line);
const found = report.lost + report.doubled + report.diverged + report.silentOverwrites;
process.exit(found > 0 || report.runs !== runs ? 1 : 0);
