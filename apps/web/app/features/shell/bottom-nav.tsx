import { useTranslation } from '../../i18n/use-translation';
import { Link, NavLink } from 'react-router';
import { MenuIcon } from '../../components/icons';
import { Image } from '../../components/image';
import { useRootData } from '../../lib/root-data';
import { useLocalize } from '../../lib/use-paths';
import { useEndedFeatures } from '../../platform/feature-state';
import { openNavEntry } from '../modals/modal-store';
import { themedUrl } from '../themes/themes';
import { useShell } from './shell-store';

/** Mobile bottom navigation: the tapBar plus a Menu toggle for players; Sign in and Sign Up for guests. */
export function BottomNav() {
  const { t } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const { menuOpen, setMenuOpen } = useShell();
  // The server's tapBar first, then the features' own entries while visible; four at most plus Menu.
  const ended = useEndedFeatures((s) => s.ended);
  const featureEntries = (root.player?.nav.tapBar ?? []).filter((entry) => !ended[entry.feature]).slice(0, Math.max(0, 4 - root.shell.tapBar.length));
  const entryClass = 'flex min-h-14 w-full flex-col items-center justify-center px-1 text-xs font-semibold';

  return (
    <nav aria-label={t('bottomNav.label')} className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface pb-[env(safe-area-inset-bottom)] lg:hidden">
      {root.isGuest ? (
        <div className="grid grid-cols-2 gap-2 p-2">
          <Link to={localize('/signin/')} className="btn btn-ghost">
            {t('auth.signIn')}
          </Link>
          <Link to={localize('/signup/')} className="btn btn-primary">
            {t('auth.signUp')}
          </Link>
        </div>
      ) : (
        <ul className="flex items-stretch justify-around">
          {root.shell.tapBar.slice(0, 4).map((item) => (
            <li key={item.id} className="flex-1">
              {item.url.startsWith('/') && !item.url.includes('#') ? (
                <NavLink
                  to={localize(themedUrl(item.url, root.theme))}
                  className={({ isActive }) => `flex min-h-14 flex-col items-center justify-center px-1 text-xs font-semibold ${isActive ? 'text-fg' : 'text-muted'}`}
                >
                  {item.image && <Image src={item.image} alt="" width={22} height={22} className="size-[22px]" />}
                  {item.title}
                </NavLink>
              ) : (
                <a href={item.url.startsWith("/#") ? item.url.slice(1) : item.url} className="flex min-h-14 flex-col items-center justify-center px-1 text-xs font-semibold text-muted">
                  {item.image && <Image src={item.image} alt="" width={22} height={22} className="size-[22px]" />}
                  {item.title}
                </a>
              )}
            </li>
          ))}
          {featureEntries.map((entry) => (
            <li key={entry.key} className="flex-1">
              {entry.to ? (
                <NavLink to={localize(entry.to)} className={({ isActive }) => `${entryClass} ${isActive ? 'text-fg' : 'text-muted'}`}>
                  {t(entry.label)}
                </NavLink>
              ) : (
                <button type="button" className={`${entryClass} text-muted`} onClick={() => openNavEntry(entry)}>
                  {t(entry.label)}
                </button>
              )}
            </li>
          ))}
          <li className="flex-1">
            <button
              type="button"
              className="flex min-h-14 w-full flex-col items-center justify-center text-xs font-semibold text-muted"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen(!menuOpen)}
            >
              <MenuIcon />
              {t('bottomNav.menu')}
            </button>
          </li>
        </ul>
      )}
    </nav>
  );
}
