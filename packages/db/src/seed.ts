import type { Kysely } from 'kysely';
import type { Database } from './schema';

export interface SeedOptions {
  theme: string;
  /** Also create the demo account (the product's `npm start`, not the tests). */
  demo?: boolean;
}

type Seeder = (db: Kysely<Database>, options: SeedOptions) => Promise<void>;

/**
 * Seeds operator content from versioned files, idempotently (running it twice changes nothing).
 * Each area adds a seeder module under `seeds/` exporting `seed`; they run in file-name order.
 */
export async function seedDatabase(db: Kysely<Database>, options: SeedOptions): Promise<string[]> {
  const { readdirSync } = await import('node:fs');
  const path = await import('node:path');
  const { fileURLToPath, pathToFileURL } = await import('node:url');
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'seeds');
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}-.+\.ts$/.test(f) && !f.endsWith('.test.ts'))
    .sort();
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as { seed: Seeder };
    await module.seed(db, options);
  }
  return files;
}
