import { openDatabase } from '../connection';
import { migrateToLatest } from '../migrate';
import { seedDatabase } from '../seed';

const url = process.env.DATABASE_URL || 'sqlite:data/sweepstack.db';
const handle = openDatabase(url);
try {
  await migrateToLatest(handle.db);
  // SEED_QUESTS_RUNNING=false: the seeded quest is left switched off (the browser tests' shared server).
  const files = await seedDatabase(handle.db, { theme: process.env.THEME || 'nlc', demo: true, questsRunning: process.env.SEED_QUESTS_RUNNING !== 'false' });
  process.stdout.write(`seeded: ${files.join(', ')}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
