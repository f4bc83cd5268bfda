// Every PGlite of ours starts with shared buffers sized for one embedded process (decision 1089):
// the server's data folder and the in-memory copies alike.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../../server/db/client';
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
