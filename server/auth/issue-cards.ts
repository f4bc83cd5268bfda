// Issues printed cards: `npx tsx server/auth/issue-cards.ts 20` prints "id code" lines to print
// on the cards (their QR opens /verify/{id}). Uses the same DATABASE_URL / DATA_DIR as the app.
import { loadConfig } from '../config';
import { migrate, openDatabase } from '../db/client';
import { issueCards } from './cards';

const count = Number(process.argv[2] ?? '1');
if (!Number.isInteger(count) || count < 1 || count > 10_000) {
  console.error('usage: tsx server/auth/issue-cards.ts <count 1..10000>');
  process.exit(2);
}
const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(handle);
  for (const card of await issueCards(handle.db, config.authSecret, count)) {
    console.log(`${card.id} ${card.activationCode} ${config.publicOrigin}/verify/${card.id}`);
  }
} finally {
  await handle.close();
}
