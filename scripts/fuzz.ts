// `npm run fuzz -- --runs N [--seed S] [--workers W]`: N scenarios of several devices of one
// member under faults (decision 0207). Prints `runs: N, lost: x, doubled: y, diverged: z, silent
// overwrites: w` and exits 1 when any of them is not 0 (the failing scenarios go to stderr, with
// the seed that draws them again). Without --seed each call explores new scenarios. --workers
// splits the runs over W vitest processes, each with its own seed (S, S+1, …), and adds up
// their counts.
import { parseArgs } from 'node:util';
import { runMultiDeviceFuzz, sumFuzzReports } from '../tests/support/multi-device-fuzz';

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
const report = sumFuzzReports(
  await Promise.all(shares.map((share) => runMultiDeviceFuzz(share.runs, share.seed))),
);
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
