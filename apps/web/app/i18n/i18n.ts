import type { TranslationDictionary } from '@sweepstack/contracts/app/translations';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../lib/locale';

/** One i18next instance per locale and dictionary (the dictionary comes from the root loader). */
export function createI18n(locale: Locale, dictionary: TranslationDictionary): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: dictionary } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}
