import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AnimatedNumber } from '../../components/animated-number';
import { CoinIcon } from '../../components/icons';
import { Image } from '../../components/image';
import { formatFortuneCoins, formatGoldCoins } from '../../lib/format';
import { useRootData } from '../../lib/root-data';
import { useRealtime } from '../../lib/use-realtime';
import { useLocalize } from '../../lib/use-paths';
import { FavoritesSeed } from './favorites';
import { GameTile, useGameHref } from './game-tile';
import { ROW_LIMIT } from './rows';
import type { LobbyData, LobbyGame, LobbySection } from './types';

const TILE_COLUMN = 'clamp(7.5rem, 28vw, 10rem)';


function money(currency: 'GC' | 'FC', value: number, locale: string) {
  return currency === 'GC' ? formatGoldCoins(value, locale) : formatFortuneCoins(value / 100, locale);
}

/** Rows rendered on the server; the others mount their tiles when they come near the viewport. */
const EAGER_ROWS = 2;

/** Whether the element is (or has been) within 800 px of the viewport. */
function useNearViewport(eager: boolean) {
  const ref = useRef<HTMLElement>(null);
  const [near, setNear] = useState(eager);
  useEffect(() => {
    if (near) return;
    const el = ref.current;
    if (!el || typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setNear(true);
        observer.disconnect();
      }
    }, { rootMargin: '800px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

/** A horizontally scrolled row: `rowsPerSlide` rows of tiles, filled column by column (spec §9). */
export function GameRow({ section, games, headingId, eager = true }: { section: LobbySection; games: Record<string, LobbyGame>; headingId: string; eager?: boolean }) {
  const { ref, near } = useNearViewport(eager);
  const { t } = useTranslation();
  const localize = useLocalize();
  const href = useGameHref();
  const list = section.games
    .slice(0, ROW_LIMIT)
    .map((id) => games[id])
    .filter((g): g is LobbyGame => g !== undefined);
  const more = section.issue === 'all' ? '/library?category=all' : section.issue ? `/issues/${section.issue}` : null;
  return (
    <section ref={ref} aria-labelledby={headingId} data-testid={`game-row-${section.key}`} data-rows={section.rowsPerSlide} className="[contain-intrinsic-size:auto_36rem] [content-visibility:auto]">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-xl font-extrabold">
          {t(`lobby.sections.${section.key}`, { defaultValue: section.title })}
        </h2>
        {more && (
          <Link to={localize(more)} className="text-sm font-semibold underline underline-offset-4">
            {t('lobby.seeAll')}
          </Link>
        )}
      </div>
      <div
        className="grid snap-x snap-mandatory grid-flow-col gap-3 overflow-x-auto overscroll-x-contain pb-2 [scrollbar-width:thin]"
        style={{ gridTemplateRows: `repeat(${Math.min(section.rowsPerSlide, Math.max(1, Math.ceil(list.length / 3)))}, auto)`, gridAutoColumns: TILE_COLUMN }}
      >
        {near
          ? list.map((game) => (
              <div key={game.id} className="snap-start">
                <GameTile game={game} href={href(game.slug)} />
              </div>
            ))
          : Array.from({ length: Math.min(list.length, section.rowsPerSlide * 3) }, (_, i) => (
              <div key={i} aria-hidden="true">
                <div className="aspect-square rounded-theme bg-raised" />
                <div className="mt-1.5 h-5" />
              </div>
            ))}
      </div>
    </section>
  );
}

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
  if (banners.length === 0) return null;
  return (
    <section aria-label={t('lobby.banners')} className="grid snap-x snap-mandatory auto-cols-[min(88%,36rem)] grid-flow-col gap-3 overflow-x-auto pb-2">
      {banners.map((banner) => (
        <Link
          key={banner.key}
          to={isGuest ? localize('/signup/') : localize(banner.url)}
          preventScrollReset
          className="card relative flex min-h-36 snap-start items-center gap-4 overflow-hidden p-4"
          data-testid="lobby-banner"
        >
          <Image src={banner.image} alt="" width={112} height={112} className="size-24 shrink-0 rounded-theme sm:size-28" />
          <span>
            {banner.promo && <span className="text-xs font-bold uppercase tracking-widest text-accent">{t('lobby.promo')}</span>}
            <span className="block text-lg font-extrabold">{banner.title}</span>
            <span className="mt-1 block text-sm text-muted">{banner.text}</span>
          </span>
        </Link>
      ))}
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
  const gotw = data.gameOfWeek === null ? undefined : data.games[data.gameOfWeek];
  return (
    <FavoritesSeed.Provider value={data.favorites}>
      <div className="flex flex-col gap-8">
        <Banners banners={data.banners} isGuest={root.isGuest} />
        <JackpotTicker initial={data.jackpots} />
        {gotw && <GameOfWeek game={gotw} />}
        {data.sections.map((section, index) => (
          <GameRow key={section.key} section={section} games={data.games} headingId={`row-${index}`} eager={index < EAGER_ROWS} />
        ))}
        <LastWinners winners={data.lastWinners} />
      </div>
    </FavoritesSeed.Provider>
  );
}
