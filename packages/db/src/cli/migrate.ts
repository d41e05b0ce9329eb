import { openDatabase } from '../connection';
import { migrateToLatest } from '../migrate';

const url = process.env.DATABASE_URL || 'sqlite:data/sweepstack.db';
const handle = openDatabase(url);
try {
  const applied = await migrateToLatest(handle.db);
  process.stdout.write(applied.length ? `applied ${applied.length} migration(s): ${applied.join(', ')}\n` : 'database is up to date\n');
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
