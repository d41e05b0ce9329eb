import { useTranslation } from '../../i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { Image } from '../../components/image';
import { useLocalize } from '../../lib/use-paths';
import { useRootData } from '../../lib/root-data';
import { toggleFavorite, useFavoriteIds, useFavorites } from './favorites';
import type { LobbyGame } from './types';

/** Where a game tile leads: guests to sign-up, players to the same page with the `game` query (opens the game modal). */
export function useGameHref(): (slug: string) => string {
  const localize = useLocalize();
  const location = useLocation();
  const { isGuest } = useRootData();
  return (slug) => {
    const params = new URLSearchParams(location.search);
    if (isGuest) return localize(`/signup/?game=${encodeURIComponent(slug)}`);
    params.set('game', slug);
    return `${location.pathname}?${params.toString()}`;
  };
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2">
      <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
    </svg>
  );
}

export function FavoriteButton({ game }: { game: LobbyGame }) {
  const { t } = useTranslation();
  const ids = useFavoriteIds();
  const busy = useFavorites((s) => s.busy.has(game.id));
  if (!ids) return null;
  const on = ids.has(game.id);
  // No backdrop blur: on 60% black it hardly shows, and each tile's blur was a compositor effect of
  // its own (a hundred in the lobby) that every frame re-layerized: 15% of the lobby's main-thread CPU.
  return (
    <button
      type="button"
      className="absolute right-1.5 top-1.5 grid size-9 place-items-center rounded-full bg-black/60 text-white transition-colors hover:bg-black/80"
      aria-pressed={on}
      aria-label={t(on ? 'games.favorite.remove' : 'games.favorite.add', { title: game.title })}
      disabled={busy}
      data-testid="favorite-toggle"
      onClick={() => void toggleFavorite(game.id, ids, { added: t('games.favorite.added', { title: game.title }), removed: t('games.favorite.removed', { title: game.title }), failed: t('games.favorite.failed') })}
    >
      <HeartIcon filled={on} />
    </button>
  );
}

/**
 * The JACKPOT badge, in the page's language and at a readable size on every tile width (it was drawn
 * into the art, where a 2-column phone grid shrank it to 7 px). Top left of the art (the heart sits top
 * right), beside the link rather than in it, so that the link's name stays the game's title.
 */
function JackpotBadge() {
  const { t } = useTranslation();
  return (
    <span className="tile-badge" data-testid="jackpot-badge">
      {t('games.badge.jackpot')}
    </span>
  );
}

/**
 * One game: its art (lazy; the art carries no title nor badge) with the JACKPOT badge top left, where
 * the favourite heart of the top right never reaches it, and its title once, on one line under the art
 * (ellipsis when long, the whole title in the tooltip and the link's name); a favorite toggle for players.
 */
export function GameTile({ game, href, priority = false }: { game: LobbyGame; href: string; priority?: boolean }) {
  return (
    <div className="group relative min-w-0" data-testid="game-tile" data-game={game.slug}>
      <Link to={href} preventScrollReset className="block rounded-theme focus-visible:outline-2 focus-visible:outline-offset-2" title={game.title}>
        <span className="tile-art">
          <Image src={game.img} alt="" width={240} height={240} priority={priority} className="aspect-square w-full object-cover" />
        </span>
        <span className="mt-1.5 block truncate text-sm font-semibold" data-testid="game-title">
          {game.title}
        </span>
      </Link>
      {game.jackpot && <JackpotBadge />}
      <FavoriteButton game={game} />
    </div>
  );
}
