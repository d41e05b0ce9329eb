import type { Kysely } from 'kysely';
import { applyContentSet, contentVersion } from '../repositories/content';
import type { Database } from '../schema';
import type { SeedOptions } from '../seed';
import { CONTENT_DIR, fail, isRecord, parseContentJson, readContentText } from './content-files';

/** The locales the product speaks (spec §5: en and es only). */
export const TRANSLATION_LOCALES = ['en', 'es'] as const;

/**
 * Flattens a nested dictionary into dotted keys (`errorPage.title`). Arrays are flattened by index
 * (`footer.about.0`) and rebuilt as arrays on read. Numbers and booleans become strings.
 */
export function flattenDictionary(value: unknown, file: string, prefix = '', out: Array<{ key: string; value: string }> = []) {
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : isRecord(value) ? Object.entries(value) : undefined;
  if (!entries) fail(file, `${prefix || 'root'} must be an object`);
  for (const [key, child] of entries) {
    if (key.length === 0 || key.includes('.')) fail(file, `key "${prefix}${key}" must be non-empty and contain no dot`);
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') fail(file, `key "${prefix}${key}" is reserved`);
    const dotted = prefix + key;
    if (dotted.length > 300) fail(file, `key ${dotted.slice(0, 40)}… is longer than 300 characters`);
    if (typeof child === 'string' || typeof child === 'number' || typeof child === 'boolean') out.push({ key: dotted, value: String(child) });
    else if (child !== null && typeof child === 'object') flattenDictionary(child, file, `${dotted}.`, out);
    else fail(file, `${dotted} must be a string, an object or an array`);
  }
  return out;
}

/**
 * UI messages from content/translations/{en,es}.json (written by the web app's authors). A missing
 * file is skipped: the locale then answers 404 TRANSLATIONS_NOT_AVAILABLE until it exists.
 */
export async function seed(db: Kysely<Database>, _options?: SeedOptions, contentDir: string = CONTENT_DIR): Promise<Record<string, string>> {
  const results: Record<string, string> = {};
  const now = Date.now();
  for (const locale of TRANSLATION_LOCALES) {
    const file = `translations/${locale}.json`;
    const text = readContentText(contentDir, file);
    if (text === undefined) {
      results[locale] = 'missing';
      continue;
    }
    const rows = flattenDictionary(parseContentJson(text, file), file).map((row) => ({ locale, ...row }));
    results[locale] = await applyContentSet(db, `translations:${locale}`, contentVersion(text), now, async (trx) => {
      await trx.deleteFrom('translations').where('locale', '=', locale).execute();
      for (let i = 0; i < rows.length; i += 500) await trx.insertInto('translations').values(rows.slice(i, i + 500)).execute();
    });
  }
  return results;
}
