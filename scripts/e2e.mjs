// `npm run e2e`: builds once, then runs the journeys in lanes — one Playwright process per lane,
// each with its own server, port and data folder — so the two cores are both used. With
// arguments (`npm run e2e -- e2e/points.spec.ts`, `-- --last-failed`) it is one plain run.
// A lane run writes the seconds each spec took to test-results/spec-seconds.json; with
// E2E_WRITE_WEIGHTS=1 it also makes them the lane weights of the next run.
import { spawn, execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

execFileSync('node', ['scripts/ensure-build.mjs'], { stdio: 'inherit' });

const args = process.argv.slice(2);
const lanes = Number(process.env.E2E_LANES ?? Math.min(2, availableParallelism()));
const basePort = Number(process.env.E2E_PORT ?? 8091);
const children = new Set();

// Playwright stops its web server on SIGINT/SIGTERM: pass ours on, and wait for it.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

/**
 * A lane's own copy of the built client: a journey that serves a next version of the worker
 * (platform.spec.ts) changes its lane's files only, never the other lane's mid-journey.
 */
function laneClientDir(port) {
  const dir = path.resolve(`.tmp/e2e-client-${port}`);
  rmSync(dir, { recursive: true, force: true });
  cpSync(process.env.BUILD_OUT_DIR ?? 'dist/client', dir, { recursive: true });
  return dir;
}

function runPlaywright(playwrightArgs, port, label, jsonFile, clientDir) {
  return new Promise((resolve) => {
    const reporterArgs = jsonFile ? ['--reporter=list,json'] : [];
    const child = spawn(
      process.execPath,
      ['node_modules/@playwright/test/cli.js', 'test', ...reporterArgs, ...playwrightArgs],
      {
        stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
        env: {
          ...process.env,
          E2E_PORT: String(port),
          ...(clientDir ? { BUILD_OUT_DIR: clientDir } : {}),
          ...(jsonFile ? { PLAYWRIGHT_JSON_OUTPUT_FILE: jsonFile } : {}),
        },
      },
    );
    children.add(child);
    if (label) {
      // Whole lines, each marked with its lane.
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) out.write(`[${label}] ${line}\n`);
        });
        stream.on('end', () => rest && out.write(`[${label}] ${rest}\n`));
      }
    }
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve(code === 0 && !signal);
    });
  });
}

/** Longest spec first onto the least loaded lane, by the seconds of a past run. */
function lanesOfSpecs() {
  const { seconds } = JSON.parse(readFileSync('e2e/lane-weights.json', 'utf8'));
  const specs = readdirSync('e2e')
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => ({ name, weight: seconds[name] ?? 30 }))
    .sort((a, b) => b.weight - a.weight || a.name.localeCompare(b.name));
  const plan = Array.from({ length: lanes }, () => ({ specs: [], weight: 0 }));
  for (const spec of specs) {
    const lane = plan.reduce((least, l) => (l.weight < least.weight ? l : least));
    lane.specs.push(`e2e/${spec.name}`);
    lane.weight += spec.weight;
  }
  return plan.filter((lane) => lane.specs.length > 0);
}

/** Seconds per spec file (every attempt counted: a retry costs the lane its time too). */
function specSeconds(reportFiles) {
  const seconds = {};
  // Counted under the spec file the suite came from, even for tests a support module declares.
  const walk = (suite, file) => {
    const name = file ?? path.basename(suite.file ?? '');
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) {
          seconds[name] = (seconds[name] ?? 0) + (result.duration ?? 0) / 1000;
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, name);
  };
  for (const reportFile of reportFiles.filter((file) => existsSync(file))) {
    for (const suite of JSON.parse(readFileSync(reportFile, 'utf8')).suites ?? []) walk(suite);
  }
  return Object.fromEntries(
    Object.entries(seconds)
      .map(([name, total]) => [name, Math.round(total)])
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b)),
  );
}

let ok;
if (args.length > 0 || lanes <= 1) {
  ok = await runPlaywright(args, basePort, undefined);
} else {
  const plan = lanesOfSpecs();
  plan.forEach((lane, i) =>
    console.log(`lane ${i + 1}: ${lane.specs.length} specs, about ${lane.weight} s`),
  );
  mkdirSync('test-results', { recursive: true });
  const reports = plan.map((_, i) => path.resolve(`test-results/lane-${i + 1}.json`));
  const results = await Promise.all(
    plan.map((lane, i) =>
      runPlaywright(
        lane.specs,
        basePort + i,
        `lane ${i + 1}`,
        reports[i],
        laneClientDir(basePort + i),
      ),
    ),
  );
  ok = results.every(Boolean);
  const seconds = specSeconds(reports);
  writeFileSync('test-results/spec-seconds.json', `${JSON.stringify(seconds, null, 2)}\n`);
  console.log('seconds per spec: test-results/spec-seconds.json');
  if (process.env.E2E_WRITE_WEIGHTS === '1') {
    const weights = JSON.parse(readFileSync('e2e/lane-weights.json', 'utf8'));
    writeFileSync('e2e/lane-weights.json', `${JSON.stringify({ ...weights, seconds }, null, 2)}\n`);
    console.log('lane weights: e2e/lane-weights.json');
  }
}
process.exit(ok ? 0 : 1);
