import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { BellIcon, PlusIcon, SearchIcon } from '../../components/icons';
import { trackClickButton } from '../../lib/analytics';
import { useRootData } from '../../lib/root-data';
import { useHomeHref, useLocalize } from '../../lib/use-paths';
import { openGameSearch } from '../games/search-typeahead';
import { useModals } from '../modals/modal-store';
import { Wordmark } from '../themes/wordmark';
import { BalanceSwitcher } from './balance-switcher';

export function Header() {
  const { t } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const home = useHomeHref();
  const open = useModals((s) => s.open);
  const player = root.player;

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-screen-2xl items-center gap-2 px-3 sm:px-4">
        {/* A guest's wordmark gives way (scales down) before the buttons do: Spanish labels in a wide display face fill a phone. */}
        <Link to={home} className={`flex items-center rounded-theme ${player ? 'shrink-0' : 'min-w-0 shrink'}`}>
          {player ? (
            <>
              <Wordmark theme={root.theme} compact className="h-8 w-8 sm:hidden" />
              <Wordmark theme={root.theme} className="hidden h-8 w-auto sm:block" />
            </>
          ) : (
            <Wordmark theme={root.theme} className="h-6 w-auto max-w-full min-[400px]:h-7 sm:h-8" />
          )}
        </Link>
        <div className="ml-auto flex shrink-0 items-center gap-1.5 sm:gap-2">
          {player ? (
            <>
              <button type="button" className="btn btn-ghost btn-icon hidden sm:inline-flex" aria-label={t('header.search')} onClick={openGameSearch}>
                <SearchIcon />
              </button>
              {/* The notification centre's watcher (features/notifications, lazy) puts the unread badge and its words in here. */}
              <button type="button" id="notifications-bell" className="btn btn-ghost btn-icon relative max-[359px]:hidden" onClick={() => open('notifications')}>
                <BellIcon />
                <span className="sr-only">{t('header.notifications')}</span>
              </button>
              <BalanceSwitcher player={player} locale={root.locale} />
              <a
                href="#/cash/deposit-by-money/"
                className="btn btn-primary"
                onClick={() => trackClickButton('buy', 'header')}
                aria-label={t('header.buy')}
              >
                <PlusIcon />
                <span className="hidden sm:inline">{t('header.buy')}</span>
              </a>
            </>
          ) : (
            <>
              {/* Below 360 px the bottom navigation's own Sign in is the one that fits (Spanish labels are longer). */}
              <Link to={localize('/signin/')} className="btn btn-ghost btn-sm whitespace-nowrap max-[399px]:px-2.5 max-[359px]:hidden sm:min-h-11 sm:px-4 sm:text-base" onClick={() => trackClickButton('sign_in', 'header')}>
                {t('auth.signIn')}
              </Link>
              <Link to={localize('/signup/')} className="btn btn-primary btn-sm whitespace-nowrap max-[399px]:px-2.5 sm:min-h-11 sm:px-4 sm:text-base" onClick={() => trackClickButton('sign_up', 'header')}>
                {t('auth.signUp')}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
