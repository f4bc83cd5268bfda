// Empties the database and loads the demo data again.
import { loadConfig } from '../config';
import { migrate, openDatabase } from '../db/client';
import { seedDemoData } from '../seed/demo';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.execScript('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  await migrate(database);
  await seedDemoData(database.db);
  console.log(`Database reset (${database.kind}) and demo data loaded.`);
} finally {
  await database.close();
}
