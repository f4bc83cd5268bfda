// How every PGlite of ours starts (server, tests, backup, move), and how the server's process
// compiles it. PostgreSQL's default of 128 MB of shared buffers is memory PGlite's WebAssembly
// touches page by page while it starts: about 400 ms of every start on this machine and 110 MB
// of memory. The pages it does not keep are read again from the operating system's cache, and
// a 100,000-contact pull was as fast with 32 MB (decision 1089).
import type { PGlite } from '@electric-sql/pglite';
import { setFlagsFromString } from 'node:v8';

const sharedBuffers = '32MB';

/**
 * PGlite's own start parameters with shared buffers sized for one embedded process. Takes the
 * class so that this module never loads PGlite itself (a PostgreSQL server does not need it).
 */
export function pgliteStartParams(pglite: typeof PGlite): string[] {
  return [...pglite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
}

/**
 * V8's flag for how much a WebAssembly function runs before it is compiled again with the
 * optimising compiler. Read when PGlite's module is compiled, so set before the first PGlite.
 */
export const wasmTieringBudgetFlag = '--wasm-tiering-budget';

/** 100 times V8's default (1,800,000): only what stays hot is optimised (decision 1089). */
const serverTieringBudget = 180_000_000;

/**
 * For the server's process only: a start runs PostgreSQL's start-up code once, and V8 spent
 * about 300 ms of it optimising functions that never run again, on the same two cores. Queries
 * that keep running (a push, a pull, an export) are optimised as before, a little later.
 */
export function delayWasmTierUp(): void {
  setFlagsFromString(`${wasmTieringBudgetFlag}=${serverTieringBudget}`);
}
