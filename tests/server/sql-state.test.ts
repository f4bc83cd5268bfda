// The one reading of SQLSTATEs: the same answer from PGlite and node-postgres errors, also
// through Drizzle's wrapping (run with TEST_DATABASE_URL for PostgreSQL).
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { members } from '../../server/db/schema';
import { isUniqueViolation, sqlStateOf } from '../../server/db/sql-state';
import { startTestServer } from './test-server';

const server = await startTestServer();
const db = server.database.db;

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
}

describe('SQL states', () => {
  it('recognises a unique violation and names its constraint', async () => {
    const row = {
      type: 'personal',
      name: 'A',
      email: 'same@mecards.vn',
      theme: 'lightmode',
    } as const;
    await db.insert(members).values({ ...row, urlMinify: 'same-1' });
    const error = await failure(() => db.insert(members).values({ ...row, urlMinify: 'same-2' }));
    expect(sqlStateOf(error)).toBe('23505');
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'members_email_key')).toBe(true);
    expect(isUniqueViolation(error, ['members_phone_key', 'members_email_key'])).toBe(true);
    expect(isUniqueViolation(error, 'members_url_minify_key')).toBe(false);
  });

  it('tells other database errors and non-database errors apart', async () => {
    const error = await failure(() => db.execute(sql`SELECT 'not-a-uuid'::uuid`));
    expect(sqlStateOf(error)).toBe('22P02');
    expect(isUniqueViolation(error)).toBe(false);
    expect(sqlStateOf(new Error('23505 unique'))).toBeUndefined();
    expect(isUniqueViolation(new Error('duplicate key value violates unique constraint'))).toBe(
      false,
    );
    expect(sqlStateOf(null)).toBeUndefined();
  });
});
