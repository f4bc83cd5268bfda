// How every PGlite of ours starts (server, tests, backup, move). PostgreSQL's default of 128 MB
// of shared buffers is memory PGlite's WebAssembly touches page by page while it starts: about
// 400 ms of every start on this machine and 110 MB of memory. The pages it does not keep are
// read again from the operating system's cache, and a 100,000-contact pull was as fast with
// 32 MB (decision 1089).
import type { PGlite } from '@electric-sql/pglite';

const sharedBuffers = '32MB';

/**
 * PGlite's own start parameters with shared buffers sized for one embedded process. Takes the
 * class so that this module never loads PGlite itself (a PostgreSQL server does not need it).
 */
export function pgliteStartParams(pglite: typeof PGlite): string[] {
  return [...pglite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
}
