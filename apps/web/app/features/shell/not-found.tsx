import { useTranslation } from '../../i18n/use-translation';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useHomeHref } from '../../lib/use-paths';

/** The 404 content (spec §2 and §8): title, 'Page Not Found: {path}' and the return-home button. */
export function NotFoundContent({ path: serverPath }: { path: string }) {
  const { t } = useTranslation();
  const home = useHomeHref();
  const location = useLocation();
  // The server's path renders first (hydration must match); then the address bar's exact path.
  const [path, setPath] = useState(serverPath);
  useEffect(() => setPath(location.pathname), [location.pathname]);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center py-12 text-center" aria-labelledby="not-found-title">
      <svg viewBox="0 0 120 60" width="160" height="80" aria-hidden="true" className="mb-6">
        <text x="60" y="48" textAnchor="middle" fontSize="52" fontWeight="900" fill="var(--primary)" style={{ fontFamily: 'var(--font-display-stack)' }}>
          404
        </text>
      </svg>
      <h1 id="not-found-title" className="text-3xl font-extrabold">
        {t('errorPage.title')}
      </h1>
      <p className="mt-3 break-all text-muted" data-testid="not-found-path">
        {t('errorPage.notFound', { path })}
      </p>
      <Link to={home} className="btn btn-primary mt-8">
        {t('errorPage.btn.text')}
      </Link>
    </section>
  );
}
