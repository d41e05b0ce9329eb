import type { Kysely } from 'kysely';
import type { FeatureRootsOption } from './feature-folders';
import type { Database } from './schema';

export interface SeedOptions extends FeatureRootsOption {
  theme: string;
  /** Also create the demo account (the product's `npm start`, not the tests). */
  demo?: boolean;
  /**
   * Start the seeded quests that their content file marks active (the product's `npm start`, as an
   * operator ships it). Off by default: a running quest pays prizes for rounds, which the tests that
   * compare exact balances do not expect; the quest tests ask for it (docs/features/quests.md).
   */
  questsRunning?: boolean;
}

type Seeder = (db: Kysely<Database>, options: SeedOptions) => Promise<void>;

/**
 * Seeds operator content from versioned files, idempotently (running it twice changes nothing).
 * Each area adds a seeder module under `seeds/` (or a feature under `<feature>/seeds/`) exporting
 * `seed`; they run in file-name order across all of them (by number, as migrations do).
 */
export async function seedDatabase(db: Kysely<Database>, options: SeedOptions): Promise<string[]> {
  const { numberedFiles } = await import('./feature-folders');
  const { pathToFileURL } = await import('node:url');
  const files = numberedFiles('seeds', options);
  for (const { file } of files) {
    const module = (await import(pathToFileURL(file).href)) as { seed: Seeder };
    await module.seed(db, options);
  }
  return files.map(({ name }) => `${name}.ts`);
}
