// What `/ready` reports of the database: does it answer, and is every migration applied.
import { sql } from 'drizzle-orm';
import { migrationState, type DatabaseHandle, type MigrationState } from '../db/client';

/** Whether the database answers a trivial query. */
export async function databaseReachable(database: DatabaseHandle): Promise<boolean> {
  try {
    await database.db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}

/** Applied and pending migrations of the database. */
export function databaseMigrations(database: DatabaseHandle): Promise<MigrationState> {
  return migrationState(database);
}
