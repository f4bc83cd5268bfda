// npm run db:backup -- --out <folder>   and   npm run db:restore -- --from <folder>
// The database the server would use (DATABASE_URL, else the embedded one in DATA_DIR or
// ./data), decision 1084. Back up and restore the embedded database with the server stopped.
import path from 'node:path';
import {
  RestoreRefused,
  backupEmbedded,
  backupPostgres,
  restoreEmbedded,
  restorePostgres,
} from '../backup/db-backup';

class Usage extends Error {}

const [command, ...args] = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const where = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : dataDir;

try {
  if (command === 'backup') {
    const out = option('--out');
    if (!out) throw new Usage();
    const report = databaseUrl
      ? await backupPostgres(databaseUrl, path.resolve(out))
      : await backupEmbedded(dataDir, path.resolve(out));
    console.log(
      `Backed up ${where} to ${path.resolve(out)} in ${report.ms} ms: ${report.files.join(', ')} ` +
        `(${Math.round(report.bytes / 1024)} KB).`,
    );
  } else if (command === 'restore') {
    const from = option('--from');
    if (!from) throw new Usage();
    if (databaseUrl) await restorePostgres(path.resolve(from), databaseUrl);
    else await restoreEmbedded(path.resolve(from), dataDir);
    console.log(`Restored ${path.resolve(from)} into ${where}. Start the server on it.`);
  } else {
    throw new Usage();
  }
} catch (error) {
  if (error instanceof Usage) {
    console.error(
      'usage: npm run db:backup -- --out <new folder>\n       npm run db:restore -- --from <backup folder>\n' +
        'The database is DATABASE_URL if set, else the embedded one in DATA_DIR (./data).',
    );
    process.exit(2);
  }
  const prefix = error instanceof RestoreRefused ? 'refused' : 'failed';
  console.error(`db:${command} ${prefix}: ${(error as Error).message}`);
  process.exit(1);
}
