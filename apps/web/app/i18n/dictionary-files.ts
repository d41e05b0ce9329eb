import type { TranslationDictionary } from '@sweepstack/contracts/app/translations';

/**
 * One locale's dictionary from its files, as the seed builds it (packages/db seed 0022): the whole
 * file `<locale>.json` merged with one file per namespace, `<locale>/<namespace>.json`, and parts of a
 * namespace, `<locale>/<namespace>/<part>.json`, whose keys join it (a namespace or key defined twice
 * throws). `files` are the answers of `import.meta.glob(…, { eager: true, import: 'default' })` over
 * the three patterns.
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
  for (const [file, content] of entries) {
    const namespace = new RegExp(`/${locale}/([^/]+)/[^/]+\\.json$`).exec(file)?.[1];
    if (namespace === undefined) continue;
    const target = { ...((dictionary[namespace] as TranslationDictionary | undefined) ?? {}) };
    for (const [key, value] of Object.entries(content)) {
      if (key in target) throw new Error(`${file}: key ${namespace}.${key} is defined twice`);
      target[key] = value;
    }
    dictionary[namespace] = target;
  }
  return dictionary;
}
