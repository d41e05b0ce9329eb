import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { MenuIcon } from '../../components/icons';
import { Image } from '../../components/image';
import { useRootData } from '../../lib/root-data';
import { useLocalize } from '../../lib/use-paths';
import { themedUrl } from '../themes/themes';
import { useShell } from './shell-store';

/** Mobile bottom navigation: the tapBar plus a Menu toggle for players; Sign in and Sign Up for guests. */
export function BottomNav() {
  const { t } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const { menuOpen, setMenuOpen } = useShell();

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
