import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** This package's `src/`: one folder per area or feature. */
export const CONTRACTS_SOURCE_DIR = path.dirname(fileURLToPath(import.meta.url));

/** The files of an area's folder that declare into the shared catalogues when imported. */
const DECLARATION_FILES = ['events.ts', 'pushes.ts', 'errors.ts'] as const;

/**
 * Imports every `<area>/events.ts`, `<area>/pushes.ts` and `<area>/errors.ts` of this package (and of
 * `extraRoots`, folders of the same shape: test fixtures), so that the event, push and error catalogues
 * hold every declaration (Node only: the server calls it at start; the web imports the same files with
 * Vite's import.meta.glob). Answers the files loaded, in order.
 */
export async function loadContractDeclarations(extraRoots: readonly string[] = []): Promise<string[]> {
  const loaded: string[] = [];
  for (const root of [CONTRACTS_SOURCE_DIR, ...extraRoots]) {
    const areas = readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    for (const area of areas) {
      for (const name of DECLARATION_FILES) {
        const file = path.join(root, area, name);
        if (!existsSync(file)) continue;
        await import(pathToFileURL(file).href);
        loaded.push(file);
      }
    }
  }
  return loaded;
}
