import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
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
 * The dictionary of one locale and the text its version is computed from: `translations/<locale>.json`
 * (the shell's namespaces) merged with one file per namespace, `translations/<locale>/<namespace>.json`
 * (what a feature adds as a file of its own), and with parts of a shared namespace,
 * `translations/<locale>/<namespace>/<part>.json` (a feature's keys in `errors`, say), whose keys are
 * added to the namespace. A namespace or a key in two places stops the seed. Undefined when the locale
 * has no file at all.
 */
export function readDictionary(contentDir: string, locale: string): { dictionary: Record<string, unknown>; text: string } | undefined {
  const file = `translations/${locale}.json`;
  const text = readContentText(contentDir, file);
  // No prototype: a "__proto__" key stays a key (and is refused by flattenDictionary).
  const dictionary = Object.create(null) as Record<string, unknown>;
  const texts: string[] = [];
  if (text !== undefined) {
    const whole = parseContentJson(text, file);
    if (!isRecord(whole)) fail(file, 'root must be an object');
    for (const [namespace, value] of Object.entries(whole)) dictionary[namespace] = value;
    texts.push(text);
  }
  const folder = path.join(contentDir, 'translations', locale);
  const entries = existsSync(folder) ? readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name)) : [];
  const names = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.json')).map((entry) => entry.name);
  for (const name of names) {
    const part = `translations/${locale}/${name}`;
    const namespace = name.slice(0, -'.json'.length);
    const partText = readContentText(contentDir, part) ?? '';
    if (namespace in dictionary) fail(part, `namespace ${namespace} is already defined in translations/${locale}.json or another file`);
    dictionary[namespace] = parseContentJson(partText, part);
    texts.push(`${name}\n${partText}`);
  }
  let parts = 0;
  for (const directory of entries.filter((entry) => entry.isDirectory())) {
    const namespace = directory.name;
    for (const name of readdirSync(path.join(folder, namespace)).filter((file) => file.endsWith('.json')).sort()) {
      const part = `translations/${locale}/${namespace}/${name}`;
      const partText = readContentText(contentDir, part) ?? '';
      const keys = parseContentJson(partText, part);
      if (!isRecord(keys)) fail(part, 'root must be an object');
      const target = dictionary[namespace] ?? Object.create(null);
      if (!isRecord(target)) fail(part, `namespace ${namespace} is not an object`);
      for (const [key, value] of Object.entries(keys)) {
        if (key === '__proto__' || key === 'constructor' || key === 'prototype') fail(part, `key "${key}" is reserved`);
        if (key in target) fail(part, `key ${namespace}.${key} is already defined`);
        target[key] = value;
      }
      dictionary[namespace] = target;
      texts.push(`${namespace}/${name}\n${partText}`);
      parts += 1;
    }
  }
  if (text === undefined && names.length === 0 && parts === 0) return undefined;
  return { dictionary, text: texts.join('\n') };
}

/**
 * UI messages from content/translations (written by the web app's authors; see readDictionary). A
 * locale without files is skipped: it then answers 404 TRANSLATIONS_NOT_AVAILABLE until they exist.
 */
export async function seed(db: Kysely<Database>, _options?: SeedOptions, contentDir: string = CONTENT_DIR): Promise<Record<string, string>> {
  const results: Record<string, string> = {};
  const now = Date.now();
  for (const locale of TRANSLATION_LOCALES) {
    const read = readDictionary(contentDir, locale);
    if (read === undefined) {
      results[locale] = 'missing';
      continue;
    }
    const rows = flattenDictionary(read.dictionary, `translations/${locale}`).map((row) => ({ locale, ...row }));
    results[locale] = await applyContentSet(db, `translations:${locale}`, contentVersion(read.text), now, async (trx) => {
      await trx.deleteFrom('translations').where('locale', '=', locale).execute();
      for (let i = 0; i < rows.length; i += 500) await trx.insertInto('translations').values(rows.slice(i, i + 500)).execute();
    });
  }
  return results;
}
