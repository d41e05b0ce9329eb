import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { DAYS_365_S, setBrowserCookie } from '../../lib/cookies';
import { CONSENT_COOKIES, CONSENT_ENABLED_COOKIE, CONSENT_GIVEN_COOKIE, serializeEnabledIds } from './consent';

/** The CSS variable the page's bottom padding reads (app.css, body). */
const INSET_VARIABLE = '--consent-inset';

/**
 * While the banner is open the page gets as much room at its end as the banner covers (from the
 * banner's top to the bottom of the screen), so that whatever is under it can be scrolled above it:
 * nothing on any page waits for an answer to the banner (a small phone's sign-up form fits the
 * screen exactly and could not scroll at all).
 */
function useReservedSpace(section: React.RefObject<HTMLElement | null>, open: boolean) {
  useEffect(() => {
    const element = section.current;
    if (!open || !element) return undefined;
    const root = document.documentElement;
    const update = () => {
      const covered = Math.max(0, Math.ceil(window.innerHeight - element.getBoundingClientRect().top));
      root.style.setProperty(INSET_VARIABLE, `${covered}px`);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
      root.style.removeProperty(INSET_VARIABLE);
    };
  }, [section, open]);
}

/** Cookie consent: necessary cookies always on, optional ones chosen (or all accepted) once. */
export function CookieConsentBanner({ initial }: { initial: string[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const [customizing, setCustomizing] = useState(false);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(initial));
  const titleId = useId();
  const section = useRef<HTMLElement>(null);
  useReservedSpace(section, open);

  if (!open) return null;

  function save(ids: Iterable<string>) {
    setBrowserCookie(CONSENT_ENABLED_COOKIE, serializeEnabledIds(ids), { maxAgeS: DAYS_365_S });
    setBrowserCookie(CONSENT_GIVEN_COOKIE, 'true', { maxAgeS: DAYS_365_S });
    setOpen(false);
  }

  return (
    <section
      ref={section}
      aria-labelledby={titleId}
      data-testid="cookie-consent"
      className="fixed inset-x-2 bottom-20 z-50 mx-auto max-w-2xl rounded-theme-lg border border-line bg-raised p-3 text-fg shadow-2xl sm:p-4 lg:bottom-4"
    >
      <h2 id={titleId} className="text-base font-bold">
        {t('consent.title')}
      </h2>
      <p className="mt-1 text-xs text-muted sm:text-sm">{t('consent.text')}</p>
      {customizing && (
        <fieldset className="mt-3 space-y-2">
          <legend className="sr-only">{t('consent.choose')}</legend>
          {CONSENT_COOKIES.map((cookie) => (
            <label key={cookie.id} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1 size-4 accent-[var(--primary)]"
                checked={cookie.necessary || chosen.has(cookie.id)}
                disabled={cookie.necessary}
                onChange={(event) => {
                  const next = new Set(chosen);
                  if (event.target.checked) next.add(cookie.id);
                  else next.delete(cookie.id);
                  setChosen(next);
                }}
              />
              <span>
                <span className="font-semibold">{t(`consent.cookies.${cookie.id}.name`)}</span>
                <span className="block text-muted">{t(`consent.cookies.${cookie.id}.description`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="mt-2 flex flex-wrap gap-2 sm:mt-3">
        <button type="button" className="btn btn-primary btn-sm" onClick={() => save(CONSENT_COOKIES.map((c) => c.id))}>
          {t('consent.acceptAll')}
        </button>
        {customizing ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => save(chosen)}>
            {t('consent.save')}
          </button>
        ) : (
          <>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => save([])}>
              {t('consent.necessaryOnly')}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setCustomizing(true)}>
              {t('consent.customize')}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
