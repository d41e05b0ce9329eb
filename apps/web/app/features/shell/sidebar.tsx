import { visibleSidebarItems } from '@sweepstack/domain/shell/sidebar-visibility';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { NavLink, useLocation } from 'react-router';
import { CloseIcon } from '../../components/icons';
import { Image } from '../../components/image';
import { trackClickButton } from '../../lib/analytics';
import { http } from '../../lib/http';
import { useRootData, type PlayerView } from '../../lib/root-data';
import { useLocalize } from '../../lib/use-paths';
import { themedUrl } from '../themes/themes';
import { useEndedFeatures } from '../../platform/feature-state';
import { NavAvailability } from '../../platform/nav-availability';
import { openNavEntry } from '../modals/modal-store';
import { useShell } from './shell-store';

/** The path of a menu or nav address, without query, hash or trailing slash: `/vip/?x` → `/vip`. */
const pathOf = (url: string) => url.replace(/[?#].*$/, '').replace(/\/+$/, '');
const activeIcon = (icon: string) => icon.replace(/\.svg$/, '-active.svg');
/**
 * A feature entry's icon, as its feature.ts declares it: the server sends it with the entry, so the
 * feature registry (every feature's declarations and push schemas, 35 KB gzipped) stays out of the
 * first-load JavaScript (JavaScript for `/` at or below 145 KB gzipped, issue 12).
 */
const iconOf = (entry: { icon?: string }) => entry.icon;

/** The icon column: every row has one (an empty slot when the item has none), so the labels line up. */
function ItemIcon({ src }: { src: string | undefined }) {
  return src ? <Image src={src} alt="" width={24} height={24} className="size-6 shrink-0" /> : <span aria-hidden="true" className="size-6 shrink-0" />;
}

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center gap-3 rounded-theme px-3 py-2 font-semibold ${isActive ? 'bg-raised text-fg' : 'text-muted hover:bg-raised hover:text-fg'}`;

function SidebarContent({ player, onNavigate }: { player: PlayerView; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const [loggingOut, setLoggingOut] = useState(false);
  const ended = useEndedFeatures((s) => s.ended);
  const shown = player.nav.sidebar.filter((entry) => !ended[entry.feature]);
  // The server left the lottery items out of the menu unless a lottery is running (spec §5).
  const items = visibleSidebarItems(root.shell.menu, { isGuest: false, hasDeposits: player.hasDeposits, gameMode: player.gameMode, lotteryActive: true });
  // A feature page the operator's menu already links (Tournaments, VIP club, Wheel of treasure) is not
  // listed twice: the menu item carries the feature's availability instead.
  const menuPaths = new Set(items.filter((item) => item.url.startsWith('/')).map((item) => pathOf(item.url)));
  const featureEntries = shown.filter((entry) => !entry.to || !menuPaths.has(pathOf(entry.to)));
  const availabilityOf = (url: string) => shown.find((entry) => entry.to && entry.availableAtMs !== undefined && pathOf(entry.to) === pathOf(url))?.availableAtMs;

  async function logout() {
    trackClickButton('logout', 'sidebar');
    setLoggingOut(true);
    try {
      await http('/rest/logout/');
    } catch {
      // The session cookie is cleared by the reload either way; nothing to show.
    }
    window.location.assign(localize('/'));
  }

  return (
    <nav aria-label={t('sidebar.label')} className="flex flex-col gap-1 p-3">
      <ul className="flex flex-col gap-1">
        {items.map((item) => (
          <li key={item.id}>
            {item.url.startsWith('/') && !item.url.includes('#') ? (
              <NavLink to={localize(themedUrl(item.url, root.theme))} className={itemClass} onClick={onNavigate} end>
                {({ isActive }) => {
                  const availableAtMs = availabilityOf(item.url);
                  return (
                    <>
                      <ItemIcon src={(isActive && item.image_active) || item.image || undefined} />
                      <span>{item.title}</span>
                      {availableAtMs !== undefined ? (
                        <NavAvailability availableAtMs={availableAtMs} />
                      ) : (
                        item.is_new && <span className="ml-auto rounded-full bg-accent px-2 text-xs font-bold text-on-accent">{t('sidebar.new')}</span>
                      )}
                    </>
                  );
                }}
              </NavLink>
            ) : (
              <a href={item.url.startsWith("/#") ? item.url.slice(1) : item.url} className={itemClass({ isActive: false })} onClick={onNavigate}>
                <ItemIcon src={item.image || undefined} />
                <span>{item.title}</span>
              </a>
            )}
          </li>
        ))}
        {featureEntries.map((entry) => (
          <li key={entry.key}>
            {entry.to ? (
              <NavLink to={localize(entry.to)} className={itemClass} onClick={onNavigate}>
                {({ isActive }) => (
                  <>
                    <ItemIcon src={isActive ? iconOf(entry) && activeIcon(iconOf(entry)!) : iconOf(entry)} />
                    <span>{t(entry.label)}</span>
                    {entry.availableAtMs !== undefined && <NavAvailability availableAtMs={entry.availableAtMs} />}
                  </>
                )}
              </NavLink>
            ) : (
              <button type="button" className={`${itemClass({ isActive: false })} w-full text-left`} onClick={() => openNavEntry(entry)}>
                <ItemIcon src={iconOf(entry)} />
                <span>{t(entry.label)}</span>
                {entry.availableAtMs !== undefined && <NavAvailability availableAtMs={entry.availableAtMs} />}
              </button>
            )}
          </li>
        ))}
      </ul>
      <hr className="my-2 border-line" />
      <NavLink to={localize('/affiliates/')} className={itemClass} onClick={onNavigate}>
        <ItemIcon src={undefined} />
        <span>{t('sidebar.affiliate')}</span>
      </NavLink>
      <button type="button" data-testid="logout" className={`${itemClass({ isActive: false })} w-full text-left`} onClick={() => void logout()} disabled={loggingOut}>
        <ItemIcon src={undefined} />
        <span>{loggingOut ? t('sidebar.loggingOut') : t('sidebar.logout')}</span>
      </button>
    </nav>
  );
}

/** Players' sidebar: a column on wide screens, a drawer opened by the mobile Menu button. */
export function Sidebar({ player }: { player: PlayerView }) {
  const { t } = useTranslation();
  const { menuOpen, setMenuOpen } = useShell();
  const location = useLocation();

  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname, setMenuOpen]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen, setMenuOpen]);

  return (
    <>
      <aside className="hidden w-64 shrink-0 border-r border-line bg-surface lg:block">
        <div className="sticky top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto">
          <SidebarContent player={player} />
        </div>
      </aside>
      {menuOpen && (
        <div className="fixed inset-0 z-40 lg:hidden" id="mobile-menu">
          <button type="button" className="absolute inset-0 bg-black/60" aria-label={t('common.close')} tabIndex={-1} onClick={() => setMenuOpen(false)} />
          <div role="dialog" aria-modal="true" aria-label={t('sidebar.label')} className="absolute inset-y-0 left-0 w-72 max-w-[85vw] overflow-y-auto bg-surface pb-20 shadow-2xl">
            <div className="flex justify-end p-2">
              <button type="button" className="btn btn-ghost btn-icon" aria-label={t('common.close')} onClick={() => setMenuOpen(false)} autoFocus>
                <CloseIcon />
              </button>
            </div>
            <SidebarContent player={player} onNavigate={() => setMenuOpen(false)} />
          </div>
        </div>
      )}
    </>
  );
}
