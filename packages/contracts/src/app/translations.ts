import { z } from 'zod';

/**
 * GET /api/rest/translations/{locale} — the whole message dictionary of one locale (en, es), as a
 * nested object of strings (i18next's default key separator '.'; arrays allowed, e.g. footer paragraphs). Answered with `Cache-Control`
 * and an `ETag`; an unknown or empty locale is 404 TRANSLATIONS_NOT_AVAILABLE.
 */
export interface TranslationDictionary {
  [key: string]: string | TranslationDictionary | Array<string | TranslationDictionary>;
}

// The id lets the OpenAPI generator emit the recursion as a $ref instead of failing on it.
export const ZTranslationDictionary: z.ZodType<TranslationDictionary> = z
  .lazy(() => z.record(z.string(), z.union([z.string(), z.array(z.union([z.string(), ZTranslationDictionary])), ZTranslationDictionary])))
  .meta({ id: 'TranslationDictionary' });

export const ZTranslationsParams = z.object({ locale: z.string().max(16) });

export const ZTranslationsResponse = ZTranslationDictionary;
export type TranslationsResponse = TranslationDictionary;
