// `npm run fuzz -- --runs N [--seed S]`: N scenarios of several devices of one member under
// faults (decision 0207). Prints `runs: N, lost: x, doubled: y, diverged: z, silent overwrites: w`
// and exits 1 when any of them is not 0 (the failing scenarios go to stderr, with the seed that
// draws them again). Without --seed each call explores new scenarios.
import { parseArgs } from 'node:util';
import { runMultiDeviceFuzz } from '../tests/support/multi-device-fuzz';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '50' }, seed: { type: 'string' } },
});
const runs = Number(values.runs);
const seed = values.seed === undefined ? Date.now() % 2_147_483_647 : Number(values.seed);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run fuzz -- --runs N [--seed S]');
  process.exit(2);
}

const report = await runMultiDeviceFuzz(runs, seed);
for (const failure of report.failures) console.error(failure);
console.log(`seed: ${seed}, ${(report.ms / 1000).toFixed(1)} s`);
console.log(report.line);
const found = report.lost + report.doubled + report.diverged + report.silentOverwrites;
process.exit(found > 0 || report.runs !== runs ? 1 : 0);
