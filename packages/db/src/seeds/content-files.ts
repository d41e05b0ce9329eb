import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The versioned content folder at the repository root (`content/`). */
export const CONTENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../content');

export class ContentFileError extends Error {}

/** The text of a content file, or undefined when it does not exist. */
export function readContentText(contentDir: string, relativePath: string): string | undefined {
  const file = path.join(contentDir, relativePath);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/** Parses a JSON content file; a broken file stops the seed with its name (never a half-seeded set). */
export function parseContentJson(text: string, relativePath: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ContentFileError(`content/${relativePath}: invalid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

export function fail(relativePath: string, message: string): never {
  throw new ContentFileError(`content/${relativePath}: ${message}`);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A `{ "en": "…", "es": "…" }` title (en required), or a plain string (used for every locale). */
export function readTitles(value: unknown, where: string, relativePath: string): Record<string, string> {
  if (typeof value === 'string' && value.length > 0) return { en: value };
  if (!isRecord(value) || typeof value.en !== 'string' || value.en.length === 0) fail(relativePath, `${where}: title needs an "en" text`);
  const titles: Record<string, string> = {};
  for (const [locale, text] of Object.entries(value)) {
    if (!/^[a-z]{2}$/.test(locale) || typeof text !== 'string') fail(relativePath, `${where}: bad title for locale ${locale}`);
    titles[locale] = text;
  }
  return titles;
}

/** The items array of a `{ "items": [...] }` file. */
export function readItems(data: unknown, key: string, relativePath: string): unknown[] {
  if (!isRecord(data) || !Array.isArray(data[key])) fail(relativePath, `expected { "${key}": [...] }`);
  return data[key] as unknown[];
}
