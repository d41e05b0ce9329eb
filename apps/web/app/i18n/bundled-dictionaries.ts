import type { TranslationDictionary } from '@sweepstack/contracts/app/translations';
import type { Locale } from '../lib/locale';
import { dictionaryFromFiles } from './dictionary-files';

/**
 * The dictionaries of content/translations as files in the repository (the seed puts the same in the
 * database): the server's fallback when the translations API fails, and what the tests read. Not for
 * the browser bundle: it holds every string.
 */
const FILES = import.meta.glob<TranslationDictionary>(
  ['../../../../content/translations/*.json', '../../../../content/translations/*/*.json', '../../../../content/translations/*/*/*.json'],
  { eager: true, import: 'default' },
);

export function bundledDictionary(locale: Locale): TranslationDictionary {
  return dictionaryFromFiles(FILES, locale);
}
