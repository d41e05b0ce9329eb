import { pathToFileURL } from 'node:url';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { numberedFiles, type FeatureRootsOption } from './feature-folders';

/**
 * Loads `migrations/NNNN-*.ts` and every feature's `<feature>/migrations/NNNN-*.ts` with our own
 * import() so that tsx and Vitest both resolve TypeScript.
 */
function provider(options: FeatureRootsOption): MigrationProvider {
  return {
    async getMigrations() {
      const migrations: Record<string, Migration> = {};
      for (const { name, file } of numberedFiles('migrations', options)) {
        migrations[name] = (await import(pathToFileURL(file).href)) as Migration;
      }
      return migrations;
    },
  };
}

/**
 * Runs every pending migration of `migrations/` and of the feature folders (`<feature>/migrations/`),
 * in the order their names sort (`NNNN-area-what.ts`). Migrations use only Kysely's schema builder so
 * they run on SQLite and PostgreSQL.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>, options: FeatureRootsOption = {}): Promise<string[]> {
  // Feature modules add migrations side by side, each in its own number range (docs/adding-a-feature.md):
  // a database that already ran a later number must still take an earlier-numbered migration added
  // afterwards, so the migrator runs unordered (each pending one once, in name order).
  const migrator = new Migrator({ db, provider: provider(options), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
