// npm run db:move -- --to postgres://… : the data folder's embedded database into an empty
// PostgreSQL database (decision 1083). Stop the server on the data folder first.
import path from 'node:path';
import { MoveRefused, moveToPostgres } from '../move/db-move';

const args = process.argv.slice(2);
const at = args.indexOf('--to');
const to = at >= 0 ? args[at + 1] : undefined;
if (!to || !/^postgres(ql)?:\/\//.test(to)) {
  console.error('usage: npm run db:move -- --to postgres://user:pass@host:5432/database');
  process.exit(2);
}
const dataDir = path.resolve(process.env.DATA_DIR || './data');
try {
  const report = await moveToPostgres(dataDir, to);
  const total = report.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Moved ${dataDir} to PostgreSQL in ${report.ms} ms: ${total} rows, every table checked.`,
  );
  for (const t of report.tables) {
    console.log(`  ${t.table.padEnd(36)} ${String(t.rows).padStart(8)}  md5 ${t.checksum || '-'}`);
  }
  console.log(
    `\nStart the server with DATABASE_URL set to the target, AUTH_SECRET from ${path.join(dataDir, 'auth-secret')}` +
      ` and VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY from ${path.join(dataDir, 'vapid-keys.json')}` +
      ' (the same on every process), so sessions and push subscriptions keep working.',
  );
} catch (error) {
  const prefix = error instanceof MoveRefused ? 'refused' : 'failed';
  console.error(`db:move ${prefix}: ${(error as Error).message}`);
  process.exit(1);
}
