import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const migrationFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Loads `migrations/NNNN-*.ts` with our own import() so that tsx and Vitest both resolve TypeScript. */
const provider: MigrationProvider = {
  async getMigrations() {
    const migrations: Record<string, Migration> = {};
    const files = readdirSync(migrationFolder)
      .filter((f) => /^\d{4}-.+\.ts$/.test(f) && !f.endsWith('.test.ts'))
      .sort();
    for (const file of files) {
      migrations[file.replace(/\.ts$/, '')] = (await import(pathToFileURL(path.join(migrationFolder, file)).href)) as Migration;
    }
    return migrations;
  },
};

/**
 * Runs every pending migration in `migrations/` (file names sort in the order they apply:
 * `NNNN-area-what.ts`). Migrations use only Kysely's schema builder so they run on SQLite and PostgreSQL.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Feature modules add migrations side by side, each in its own number range: a database that already
  // ran a later range must still take an earlier-numbered migration added afterwards.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
