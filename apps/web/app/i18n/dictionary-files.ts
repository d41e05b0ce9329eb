import type { TranslationDictionary } from '@sweepstack/contracts/app/translations';

/**
 * One locale's dictionary from its files, as the seed builds it (packages/db seed 0022): the whole
 * file `<locale>.json` merged with one file per namespace, `<locale>/<namespace>.json` (a namespace
 * defined twice throws). `files` are the answers of `import.meta.glob(…, { eager: true, import:
 * 'default' })` over both patterns.
 */
export function dictionaryFromFiles(files: Record<string, TranslationDictionary>, locale: string): TranslationDictionary {
  const entries = Object.entries(files);
  const dictionary: TranslationDictionary = { ...(entries.find(([file]) => file.endsWith(`/${locale}.json`))?.[1] ?? {}) };
  for (const [file, content] of entries.sort(([a], [b]) => a.localeCompare(b))) {
    const namespace = new RegExp(`/${locale}/([^/]+)\\.json$`).exec(file)?.[1];
    if (namespace === undefined) continue;
    if (namespace in dictionary) throw new Error(`${file}: namespace ${namespace} is defined twice`);
    dictionary[namespace] = content;
  }
  return dictionary;
}
