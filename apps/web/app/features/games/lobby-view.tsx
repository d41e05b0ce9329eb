import { memo, startTransition, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { AnimatedNumber } from '../../components/animated-number';
import { CoinIcon } from '../../components/icons';
import { Image } from '../../components/image';
import { formatFortuneCoins, formatGoldCoins } from '../../lib/format';
import { useRootData } from '../../lib/root-data';
import { useRealtime } from '../../lib/use-realtime';
import { useLocalize } from '../../lib/use-paths';
import { CarouselArrows, CarouselViewport, useCarousel } from './carousel';
import { FavoritesSeed } from './favorites';
import { GameTile, useGameHref } from './game-tile';
import { ROW_LIMIT } from './rows';
import type { LobbyData, LobbyGame, LobbySection } from './types';

function money(currency: 'GC' | 'FC', value: number, locale: string) {
  return currency === 'GC' ? formatGoldCoins(value, locale) : formatFortuneCoins(value / 100, locale);
}

/** Rows rendered on the server; the others are placeholders there and get their tiles right after hydration. */
const EAGER_ROWS = 2;

/**
 * How many rows have their tiles: the first rows from the server, then, right after hydration, one
 * more row per idle moment (at most 200 ms apart), so every row is filled well before a fast scroll
 * reaches it (no blank blocks) without one long task that would hold up input (the server renders
 * only the first rows: cheap pages).
 */
function useMountedRows(total: number) {
  const [count, setCount] = useState(EAGER_ROWS);
  useEffect(() => {
    if (count >= total) return;
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    // A transition: React renders the row in slices that yield to the browser (a row of tiles was one
    // long task of 80-350 ms on a phone-speed CPU).
    const handle = idle(() => startTransition(() => setCount((n) => n + 1)), { timeout: 200 });
    return () => cancel(handle);
  }, [count, total]);
  return count;
}

/** Groups a row's games into slides: columns of `rows` tiles, the first column holding the first games (spec §9). */
function toColumns<T>(items: readonly T[], rows: number): T[][] {
  const columns: T[][] = [];
  for (let i = 0; i < items.length; i += rows) columns.push(items.slice(i, i + rows));
  return columns;
}

/** A lobby row: a carousel of `rowsPerSlide` lines of tiles, as many columns as the width holds. */
export const GameRow = memo(function GameRow({ section, games, headingId, mounted = true }: { section: LobbySection; games: Record<string, LobbyGame>; headingId: string; mounted?: boolean }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const href = useGameHref();
  const carousel = useCarousel();
  const list = section.games
    .slice(0, ROW_LIMIT)
    .map((id) => games[id])
    .filter((g): g is LobbyGame => g !== undefined);
  const more = section.issue === 'all' ? '/library?category=all' : section.issue ? `/issues/${section.issue}` : null;
  const title = t(`lobby.sections.${section.key}`, { defaultValue: section.title });
  // Lines of tiles: the section's rows per slide, but only as many as the games fill at the widest
  // grid (8 columns): 12 games make one line of 12 (scrolled), not three lines of 4 with empty space.
  const rows = Math.min(section.rowsPerSlide, Math.max(1, Math.floor(list.length / 8)));
  return (
    <section aria-labelledby={headingId} data-testid={`game-row-${section.key}`} data-rows={section.rowsPerSlide} className="game-rail">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id={headingId} className="section-title min-w-0 truncate text-xl font-extrabold">
          {title}
        </h2>
        <div className="flex items-center gap-3">
          {more && (
            <Link to={localize(more)} className="text-sm font-semibold underline underline-offset-4">
              {t('lobby.seeAll')}
            </Link>
          )}
          <CarouselArrows carousel={carousel} name={title} />
        </div>
      </div>
      <CarouselViewport carousel={carousel} className="is-stacked">
        {mounted
          ? toColumns(list, rows).map((column) => (
              <div key={column[0]!.id}>
                {column.map((game) => (
                  <GameTile key={game.id} game={game} href={href(game.slug)} />
                ))}
              </div>
            ))
          : toColumns(list.slice(0, rows * 8), rows).map((column, i) => (
              <div key={i} aria-hidden="true" data-placeholder="">
                {column.map((game) => (
                  <div key={game.id}>
                    <div className="tile-art aspect-square" />
                    <div className="mt-1.5 h-5" />
                  </div>
                ))}
              </div>
            ))}
      </CarouselViewport>
    </section>
  );
});

/** Progressive pools, updated live by the `jackpot` push. */
export function JackpotTicker({ initial }: { initial: LobbyData['jackpots'] }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [pools, setPools] = useState(initial);
  useRealtime('jackpot', (push) => setPools((list) => list.map((p) => (p.currency === push.data.currency ? { ...p, value: push.data.value } : p))));
  if (pools.length === 0) return null;
  return (
    <section aria-labelledby="jackpot-title" className="card flex flex-wrap items-center gap-x-8 gap-y-3 p-4" data-testid="jackpot-ticker">
      <h2 id="jackpot-title" className="text-sm font-bold uppercase tracking-widest text-accent">
        {t('lobby.jackpot')}
      </h2>
      {pools.map((pool) => (
        <p key={pool.currency} className="flex items-center gap-2 text-2xl font-extrabold tabular-nums">
          <CoinIcon tone={pool.currency === 'GC' ? 'gold' : 'fortune'} className="size-6" />
          <span className="sr-only">{t(pool.currency === 'GC' ? 'balance.gold' : 'balance.fortune')}</span>
          <AnimatedNumber value={pool.value} format={(v) => money(pool.currency, Math.round(v), locale)} />
        </p>
      ))}
    </section>
  );
}

function Banners({ banners, isGuest }: { banners: LobbyData['banners']; isGuest: boolean }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const carousel = useCarousel();
  if (banners.length === 0) return null;
  return (
    <section aria-label={t('lobby.banners')} className="game-rail" data-testid="banner-carousel">
      <CarouselViewport carousel={carousel} className="is-banners">
        {banners.map((banner) => (
          <Link
            key={banner.key}
            to={isGuest ? localize('/signup/') : localize(banner.url)}
            preventScrollReset
            className="card relative flex min-h-36 items-center gap-4 overflow-hidden p-4"
            data-testid="lobby-banner"
          >
            <Image src={banner.image} alt="" width={112} height={112} className="size-24 shrink-0 rounded-theme sm:size-28" />
            <span className="min-w-0">
              {banner.promo && <span className="text-xs font-bold uppercase tracking-widest text-accent">{t('lobby.promo')}</span>}
              <span className="block text-lg font-extrabold">{banner.title}</span>
              <span className="mt-1 block text-sm text-muted">{banner.text}</span>
            </span>
          </Link>
        ))}
      </CarouselViewport>
      {banners.length > 1 && (
        <div className="mt-2 flex justify-end">
          <CarouselArrows carousel={carousel} name={t('lobby.banners')} />
        </div>
      )}
    </section>
  );
}

function GameOfWeek({ game }: { game: LobbyGame }) {
  const { t } = useTranslation();
  const href = useGameHref();
  return (
    <section aria-labelledby="gotw-title" className="card flex items-center gap-4 p-4" data-testid="game-of-week">
      <Image src={game.img} alt="" width={96} height={96} className="size-20 shrink-0 rounded-theme" />
      <div className="min-w-0 flex-1">
        <h2 id="gotw-title" className="text-xs font-bold uppercase tracking-widest text-accent">
          {t('lobby.gameOfWeek')}
        </h2>
        <p className="truncate text-lg font-extrabold">{game.title}</p>
      </div>
      <Link to={href(game.slug)} preventScrollReset className="btn btn-primary">
        {t('lobby.play')}
      </Link>
    </section>
  );
}

function LastWinners({ winners }: { winners: LobbyData['lastWinners'] }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  if (winners.length === 0) return null;
  return (
    <section aria-labelledby="winners-title">
      <h2 id="winners-title" className="mb-3 text-xl font-extrabold">
        {t('lobby.lastWinners')}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="last-winners">
        {winners.map((w) => (
          <li key={w.roundId} className="card flex items-center gap-3 p-2">
            <Image src={w.img} alt="" width={40} height={40} className="size-10 rounded-theme" />
            <span className="min-w-0 flex-1 text-sm">
              <span className="block truncate font-semibold">{w.name}</span>
              <span className="block truncate text-muted">{w.gameTitle}</span>
            </span>
            <span className="text-sm font-bold tabular-nums">
              {money(w.currency, w.amount, locale)} {w.currency === 'GC' ? 'GC' : 'FC'}
              {w.jackpot && <span className="ml-1 text-accent">★</span>}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Banners (promo first), jackpots, game of the week, the game rows and last winners. */
export function LobbyView({ data }: { data: LobbyData }) {
  const root = useRootData();
  const mountedRows = useMountedRows(data.sections.length);
  // The game of the week once: when a banner already features it, the banner is its place.
  const inBanner = data.gameOfWeek !== null && data.banners.some((b) => b.gameId === data.gameOfWeek);
  const gotw = data.gameOfWeek === null || inBanner ? undefined : data.games[data.gameOfWeek];
  return (
    <FavoritesSeed.Provider value={data.favorites}>
      <div className="flex flex-col gap-8">
        <Banners banners={data.banners} isGuest={root.isGuest} />
        <JackpotTicker initial={data.jackpots} />
        {gotw && <GameOfWeek game={gotw} />}
        {data.sections.map((section, index) => (
          <GameRow key={section.key} section={section} games={data.games} headingId={`row-${index}`} mounted={index < mountedRows} />
        ))}
        <LastWinners winners={data.lastWinners} />
      </div>
    </FavoritesSeed.Provider>
  );
}
