/**
 * Operator content kept per language: a text is either one string (every language) or a record of
 * strings by language code (`{ "en": "…", "es": "…" }`). The visitor's language is served, English
 * when the content has none for it.
 */
export type LocalizedText = string | Readonly<Record<string, string>>;

export const FALLBACK_LOCALE = 'en';

/** The text of a localized value in `locale`, else in English, else ''. */
export function pickLocalized(value: unknown, locale: string): string {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return '';
  const record = value as Record<string, unknown>;
  const chosen = record[locale] ?? record[FALLBACK_LOCALE];
  return typeof chosen === 'string' ? chosen : '';
}

/** Why a content value is not a localized text (a non-empty string, or a record with a non-empty `en` and only strings), or undefined. */
export function localizedTextProblem(value: unknown): string | undefined {
  if (typeof value === 'string') return value.length > 0 ? undefined : 'must not be empty';
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'must be a string or an object of strings by language ({ "en": …, "es": … })';
  const record = value as Record<string, unknown>;
  if (typeof record[FALLBACK_LOCALE] !== 'string' || record[FALLBACK_LOCALE] === '') return `needs a non-empty "${FALLBACK_LOCALE}" text (the fallback)`;
  for (const [locale, text] of Object.entries(record)) {
    if (!/^[a-z]{2}$/.test(locale)) return `"${locale}" is not a language code`;
    if (typeof text !== 'string' || text === '') return `"${locale}" must be a non-empty string`;
  }
  return undefined;
}
