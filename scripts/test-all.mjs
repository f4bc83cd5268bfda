// `npm test`: every check and test, in phases that print their seconds. Checks that use one core
// each run two at a time (the machine has two); the suites that use both run alone.
import { spawn } from 'node:child_process';

const phases = [
  // typecheck regenerates routeTree.gen.ts first: lint and prettier read it after, not beside
  // (the build's own regeneration leaves an unchanged file untouched).
  ['typecheck', 'i18n:check'],
  // Lint keeps one core busy for two minutes; the journeys' build takes the other meanwhile
  // (`npm run e2e` then finds it fresh).
  ['lint', 'format:check', 'build'],
  ['test:unit'],
  ['e2e'],
];

function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve({ script, ok: code === 0, code, signal }));
  });
}

const started = Date.now();
for (const phase of phases) {
  const phaseStart = Date.now();
  const results = await Promise.all(phase.map(run));
  const seconds = Math.round((Date.now() - phaseStart) / 1000);
  console.log(`== ${phase.join(' + ')}: ${seconds} s ==`);
  const failed = results.filter((r) => !r.ok);
  if (failed.length > 0) {
    for (const f of failed) console.error(`npm run ${f.script} failed (${f.signal ?? f.code})`);
    process.exit(1);
  }
}
console.log(`== npm test: ${Math.round((Date.now() - started) / 1000)} s ==`);
