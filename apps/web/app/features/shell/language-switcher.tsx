import { useTranslation } from '../../i18n/use-translation';
import { useLocation } from 'react-router';
import { setBrowserCookie } from '../../lib/cookies';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, LOCALES, switchLocalePath, type Locale } from '../../lib/locale';
import { useRootData } from '../../lib/root-data';

const NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

/** Links to the same page in each language; the choice is remembered in the locale cookie (365 days). */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const location = useLocation();
  return (
    <nav aria-label={t('footer.language')} data-testid="language-switcher">
      <ul className="flex gap-2">
        {LOCALES.map((code) => (
          <li key={code}>
            <a
              href={`${switchLocalePath(location.pathname, code)}${location.search}`}
              hrefLang={code}
              lang={code}
              aria-current={code === locale ? 'true' : undefined}
              className={`btn min-h-9 px-3 text-sm ${code === locale ? 'btn-accent' : 'btn-ghost'}`}
              onClick={() => setBrowserCookie(LOCALE_COOKIE, code, { maxAgeS: LOCALE_COOKIE_MAX_AGE_S })}
            >
              {NAMES[code]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
