import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { StarIcon } from '../../components/icons';
import { formatNumber } from '../../lib/format';
import { useRootData } from '../../lib/root-data';
import { useLocalize } from '../../lib/use-paths';
import { themeVisual } from '../themes/themes';
import { LanguageSwitcher } from './language-switcher';

const ABOUT_PARAGRAPHS = ['p1', 'p2', 'p3', 'p4', 'p5'] as const;

/** Rating widget: one decimal and five stars filled to the rate. */
export function Rating({ rate }: { rate: number }) {
  const { t, i18n } = useTranslation();
  // A kept number format (toLocaleString builds one per call, a fraction of a millisecond each time).
  const text = formatNumber(rate, 1, i18n.language);
  return (
    <div className="flex items-center gap-2" role="img" aria-label={t('footer.rating', { rate: text })} data-testid="rating">
      <span className="text-2xl font-extrabold" aria-hidden="true">
        {text}
      </span>
      <span className="flex text-primary" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <StarIcon key={i} filled={Math.max(0, Math.min(1, rate - i))} />
        ))}
      </span>
    </div>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const brand = themeVisual(root.theme).brand;
  const legalLinks = root.shell.footerMenu.flatMap((group) => group.second_column);
  const localUrl = (url: string) => (url.startsWith('/') ? localize(url) : url);

  return (
    <footer className="mt-12 border-t border-line bg-surface pb-24 lg:pb-8">
      <div className="mx-auto grid max-w-screen-xl gap-8 px-4 py-10 md:grid-cols-[2fr_1fr]">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="mb-3 text-lg font-bold">
            {t('footer.aboutTitle', { brand })}
          </h2>
          <div className="space-y-3 text-sm text-muted">
            {ABOUT_PARAGRAPHS.map((p) => (
              <p key={p}>{t(`footer.about.${p}`, { brand })}</p>
            ))}
          </div>
        </section>
        <div className="flex flex-col gap-6">
          {legalLinks.length > 0 && (
            <nav aria-label={t('footer.legal')}>
              <h2 className="mb-2 text-lg font-bold">{t('footer.legal')}</h2>
              <ul className="space-y-1 text-sm">
                {root.shell.footerMenu.map((group) =>
                  group.second_column.map((link) => (
                    <li key={`${group.title}-${link.url}`}>
                      {link.url.startsWith('/') ? (
                        <Link to={localUrl(link.url)} className="inline-block py-1 underline-offset-4 hover:underline">
                          {link.title}
                        </Link>
                      ) : (
                        <a href={link.url} className="inline-block py-1 underline-offset-4 hover:underline" rel="noopener noreferrer">
                          {link.title}
                        </a>
                      )}
                    </li>
                  )),
                )}
              </ul>
            </nav>
          )}
          {root.shell.socialNetworks.length > 0 && (
            <nav aria-label={t('footer.social')}>
              <h2 className="mb-2 text-lg font-bold">{t('footer.social')}</h2>
              <ul className="flex flex-wrap gap-2">
                {root.shell.socialNetworks.map((network) => (
                  <li key={network.id}>
                    <a href={network.url} className="btn btn-ghost min-h-10 text-sm capitalize" rel="noopener noreferrer" target="_blank">
                      {network.id}
                      <span className="sr-only"> {t('common.newWindow')}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {root.shell.rating !== null && (
            <section aria-labelledby="footer-rating">
              <h2 id="footer-rating" className="mb-2 text-lg font-bold">
                {t('footer.ratingTitle')}
              </h2>
              <Rating rate={root.shell.rating} />
            </section>
          )}
          <LanguageSwitcher />
        </div>
      </div>
      <p className="border-t border-line px-4 py-4 text-center text-sm text-muted">{t('footer.copyright', { year: new Date().getFullYear(), brand })}</p>
    </footer>
  );
}
