// Every PGlite of ours starts with shared buffers sized for one embedded process (decision 1089):
// the server's data folder and the in-memory copies alike.
import { execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../../server/db/client';
import { wasmTieringBudgetFlag } from '../../server/db/pglite-start';
import { removeDir } from '../support/process-group';

async function sharedBuffersOf(handle: DatabaseHandle): Promise<string> {
  try {
    const [row] = await queryRows<{ shared_buffers: string }>(handle.db, sql`SHOW shared_buffers`);
    return row!.shared_buffers;
  } finally {
    await handle.close();
  }
}

describe('PGlite start parameters', () => {
  it('gives an in-memory database 32 MB of shared buffers', async () => {
    expect(await sharedBuffersOf(await openDatabase({}))).toBe('32MB');
  });

  it('gives a data folder 32 MB of shared buffers, whatever its postgresql.conf says', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mecards-pglite-start-'));
    try {
      expect(await sharedBuffersOf(await openDatabase({ dataDir }))).toBe('32MB');
    } finally {
      await removeDir(dataDir);
    }
  });
});

describe('the server process delays WebAssembly tier-up', () => {
  // V8 ignores a flag it does not know without a word: a Node that renamed this one would
  // silently lose the faster start. `node --v8-options` lists the flags this V8 has.
  it('uses a flag the running V8 has', () => {
    const options = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
    expect(options).toContain(`${wasmTieringBudgetFlag} (`);
  });
});
