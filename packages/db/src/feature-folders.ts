import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** This package's `src/`: the central migrations and seeds, and one folder per feature beside them. */
export const DB_SOURCE_DIR = path.dirname(fileURLToPath(import.meta.url));

/** Folders of `src/` that belong to the shared layer, not to a feature. */
const CENTRAL_FOLDERS = new Set(['cli', 'migrations', 'repositories', 'seeds', 'tables']);

/** `NNNN-what.ts`: the files the migration and seed runners load (tests beside them are skipped). */
const NUMBERED_FILE = /^\d{4}-.+\.ts$/;

/** Where to look for features: this package's `src/`, plus any folder of the same shape (a test fixture). */
export interface FeatureRootsOption {
  /** Extra folders laid out like `src/` (`<feature>/migrations/`, `<feature>/seeds/`). */
  extraFeatureRoots?: readonly string[];
}

/**
 * The feature folders under `root`: every folder (other than the shared ones) with a `tables.ts`,
 * `migrations/`, `seeds/` or `repository.ts`. Adding a feature is adding such a folder; no list is edited.
 */
export function featureFolders(root: string = DB_SOURCE_DIR): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !CENTRAL_FOLDERS.has(entry.name))
    .map((entry) => path.join(root, entry.name))
    .filter((dir) => ['tables.ts', 'migrations', 'seeds', 'repository.ts'].some((name) => existsSync(path.join(dir, name))))
    .sort();
}

export interface NumberedFile {
  /** The file name without `.ts`: the migration's name in `kysely_migration`, and the sort key. */
  name: string;
  file: string;
}

function numberedFilesIn(dir: string, feature?: string): NumberedFile[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir)
    .filter((f) => NUMBERED_FILE.test(f) && !f.endsWith('.test.ts'))
    .map((f) => {
      // A feature's files carry its name after the number, so two features never make the same name.
      if (feature !== undefined && !f.slice(5).startsWith(`${feature}-`) && f.slice(5) !== `${feature}.ts`) {
        throw new Error(`${path.join(dir, f)}: a feature's numbered file is named NNNN-${feature}-what.ts`);
      }
      return { name: f.replace(/\.ts$/, ''), file: path.join(dir, f) };
    });
}

/**
 * The numbered files of the central `src/<kind>/` folder and of every feature's `<feature>/<kind>/`,
 * in one list sorted by name (so by number: features interleave with the central files). Two files of
 * the same name anywhere are refused: the name is the migration's identity in the database.
 */
export function numberedFiles(kind: 'migrations' | 'seeds', options: FeatureRootsOption = {}): NumberedFile[] {
  const roots = [DB_SOURCE_DIR, ...(options.extraFeatureRoots ?? [])];
  const files = [
    ...numberedFilesIn(path.join(DB_SOURCE_DIR, kind)),
    ...roots.flatMap((root) => featureFolders(root).flatMap((dir) => numberedFilesIn(path.join(dir, kind), path.basename(dir)))),
  ];
  const seen = new Map<string, string>();
  for (const { name, file } of files) {
    const other = seen.get(name);
    if (other !== undefined) throw new Error(`two ${kind} files are named ${name}: ${other} and ${file} (give one another number)`);
    seen.set(name, file);
  }
  return files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
