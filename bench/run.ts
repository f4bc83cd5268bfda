// `npm run bench`: runs every bench/*.bench.ts one after another (they share two cores with
// nothing else of ours) and prints one `name: value unit` line per figure.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { machineReferenceMs } from './machine-reference';

export interface Figure {
  name: string;
  value: number;
  unit: string;
}

interface BenchModule {
  run(): Promise<Figure[]>;
}

const benchDir = import.meta.dirname;
// `npm run bench -- start` runs only the modules whose file name contains "start".
const only = process.argv.slice(2);
const files = (await readdir(benchDir))
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((word) => name.includes(word)))
  .sort();

// Before and after: a machine that slowed down during the run shows it.
console.log(`machine-reference-before: ${machineReferenceMs()} ms`);
let failed = false;
for (const file of files) {
  const module = (await import(pathToFileURL(path.join(benchDir, file)).href)) as BenchModule;
  if (typeof module.run !== 'function') {
    console.error(`${file}: exports no run()`);
    failed = true;
    continue;
  }
  try {
    for (const figure of await module.run()) {
      console.log(`${figure.name}: ${figure.value} ${figure.unit}`);
    }
  } catch (error) {
    console.error(`${file}: ${(error as Error).stack ?? String(error)}`);
    failed = true;
  }
}
console.log(`machine-reference-after: ${machineReferenceMs()} ms`);
process.exit(failed ? 1 : 0);
