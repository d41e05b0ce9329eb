import { useTranslation } from '../i18n/use-translation';
import { Link, Outlet } from 'react-router';
import { LanguageSwitcher } from '../features/shell/language-switcher';
import { Wordmark } from '../features/themes/wordmark';
import { useRootData } from '../lib/root-data';
import { useHomeHref } from '../lib/use-paths';

/** Auth layout: the wordmark, one centred card, no sidebar or bottom navigation. */
export default function AuthLayout() {
  const { t } = useTranslation();
  const { theme } = useRootData();
  const home = useHomeHref();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between gap-3 px-4 py-4">
        <Link to={home} className="rounded-theme">
          <Wordmark theme={theme} className="h-8 w-auto" />
        </Link>
        <Link to={home} className="text-sm font-semibold underline underline-offset-4">
          {t('auth.backHome')}
        </Link>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-10 pt-4 sm:items-center">
        <div className="card w-full max-w-md p-6 sm:p-8">
          <Outlet />
        </div>
      </main>
      <footer className="flex justify-center px-4 pb-6">
        <LanguageSwitcher />
      </footer>
    </div>
  );
}
