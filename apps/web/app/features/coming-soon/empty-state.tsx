import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { featureKey } from './features';

/** A designed "coming soon" state: the feature's name, what it will do, and that it is on its way. */
export function ComingSoon({ feature, headingLevel = 1, bare = false, children }: { feature: string; headingLevel?: 1 | 2; bare?: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  const key = featureKey(feature);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className={bare ? 'text-center' : 'card relative overflow-hidden px-6 py-10 text-center sm:px-10'} aria-labelledby={`feature-${key}`} data-testid="coming-soon">
      <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" className="mx-auto mb-4">
        <circle cx="32" cy="32" r="28" fill="var(--surface-2)" stroke="var(--primary)" strokeWidth="3" />
        <path d="M32 16v17l10 6" stroke="var(--accent)" strokeWidth="4" strokeLinecap="round" fill="none" />
      </svg>
      <p className="text-sm font-bold uppercase tracking-widest text-accent">{t('comingSoon.badge')}</p>
      <Heading id={`feature-${key}`} className="mt-2 text-2xl font-extrabold sm:text-3xl">
        {t(`features.${key}.name`)}
      </Heading>
      <p className="mx-auto mt-3 max-w-prose text-muted">{t(`features.${key}.description`)}</p>
      <p className="mx-auto mt-4 max-w-prose text-sm text-muted">{t('comingSoon.text')}</p>
      {children && <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>}
    </section>
  );
}
