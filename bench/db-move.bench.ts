// db-move-ms: `db:move` (decision 1083) of a data folder holding the demo data plus 10k
// contacts into an empty PostgreSQL database, copy and checks included. Starts a PostgreSQL
// of its own without TEST_DATABASE_URL; without one it says why on stderr.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate, openDatabase } from '../server/db/client';
import { moveToPostgres } from '../server/move/db-move';
import { seedDemoData } from '../server/seed/demo';
import { createDatabase, postgresForBench } from '../tests/support/postgres-databases';
import { removeDir, removeOnExit } from '../tests/support/process-group';
import type { Figure } from './run';

export async function run(): Promise<Figure[]> {
  const postgres = await postgresForBench();
  if ('skipped' in postgres) {
    console.error(`db-move-ms: skipped, ${postgres.skipped}`);
    return [];
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mecards-move-bench-'));
  removeOnExit(dataDir);
  try {
    const source = await openDatabase({ dataDir });
    try {
      await migrate(source);
      await seedDemoData(source.db);
      await source.execScript(`
        INSERT INTO contacts (id, owner_member_id, name, phone)
        SELECT gen_random_uuid(), m.id, 'Liên hệ ' || n, '09' || lpad(n::text, 8, '0')
          FROM members m, generate_series(1, 10000) n WHERE m.email = 'demo@mecards.vn'`);
    } finally {
      await source.close();
    }
    const target = await createDatabase(postgres.adminUrl, 'mecards_move_bench');
    try {
      const started = performance.now();
      await moveToPostgres(dataDir, target.url);
      return [{ name: 'db-move-ms', value: Math.round(performance.now() - started), unit: 'ms' }];
    } finally {
      await target.drop();
    }
  } finally {
    await removeDir(dataDir);
    postgres.stop();
  }
}
