import * as Dialog from '@radix-ui/react-dialog';
import type { GameMode } from '@sweepstack/contracts/app/app-init';
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useLocation, useNavigate } from 'react-router';
import { CloseIcon } from '../../components/icons';
import { Image } from '../../components/image';
import { formatFortuneCoins, formatGoldCoins } from '../../lib/format';
import { http, HttpError } from '../../lib/http';
import { useRootData } from '../../lib/root-data';
import { useLocalize } from '../../lib/use-paths';
import { registry } from '../../platform/registry';
import { useModals, type ModalEntry } from '../modals/modal-store';
import { useLiveBalance } from '../shell/live-balance';
import { findCatalogueGame, loadCatalogueGames, searchGames } from './catalogue-client';
import { isGameClientMessage } from './messages';
import type { LobbyGame } from './types';
import { takeSearchTypeahead } from './search-typeahead';

const SWITCH_PATH: Record<GameMode, string> = {
  TournamentPoints: '/rest/player/game-mode/switch-to-tournament-points/',
  SweepStakes: '/rest/player/game-mode/switch-to-sweep-stakes/',
};
/** The server's refusal of Fortune Coin play from a restricted state (docs/geo-restriction.md). */
const SWEEPSTAKES_RESTRICTED = 'GEO_SWEEPSTAKES_RESTRICTED';

/** Features' parts of the game window (`gameWindow` in their feature.ts), each its own lazy chunk. */
const gameWindowParts = registry.gameWindowParts.map(({ feature, load }) => ({ feature, Part: lazy(load) }));

function useBalances() {
  const root = useRootData();
  const live = useLiveBalance((s) => s.balance);
  const liveMode = useLiveBalance((s) => s.gameMode);
  return { balance: live ?? root.player?.balance ?? { tourPoints: 0, entries: 0 }, mode: liveMode ?? root.player?.gameMode ?? 'TournamentPoints' };
}

/** Removes `game` and `isMoney` from the address when the game modal closes. */
function useClearGameQuery() {
  const location = useLocation();
  const navigate = useNavigate();
  return () => {
    const params = new URLSearchParams(location.search);
    if (!params.has('game') && !params.has('isMoney')) return;
    params.delete('game');
    params.delete('isMoney');
    const search = params.toString();
    void navigate(`${location.pathname}${search ? `?${search}` : ''}${location.hash}`, { replace: true, preventScrollReset: true });
  };
}

function GameModal({ entry, onDone }: { entry: ModalEntry; onDone(): void }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const open = useModals((s) => s.open);
  const { balance, mode } = useBalances();
  const clearQuery = useClearGameQuery();
  // The game client speaks the page's language: its address carries the language segment.
  const localize = useLocalize();
  const [game, setGame] = useState<LobbyGame | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const close = onDone;
  // However the modal closes (button, Escape, the client's close message), `game` leaves the address.
  const clearRef = useRef(clearQuery);
  useEffect(() => {
    clearRef.current = clearQuery;
  });
  useEffect(() => () => clearRef.current(), []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const found = findCatalogueGame(await loadCatalogueGames(locale), entry.game ?? '');
        if (!found) {
          setError(t('games.modal.notFound'));
          return;
        }
        setGame(found);
        let playMode: GameMode = mode;
        // isMoney=true plays in Fortune Coins: switch the mode first when needed.
        if (entry.isMoney && mode !== 'SweepStakes') {
          await http(SWITCH_PATH.SweepStakes);
          useLiveBalance.getState().setGameMode('SweepStakes');
          playMode = 'SweepStakes';
        }
        const empty = playMode === 'SweepStakes' ? balance.entries <= 0 : balance.tourPoints <= 0;
        if (empty) {
          onDone();
          open('demo-mode', { game: found.slug, isMoney: playMode === 'SweepStakes' });
          return;
        }
        const launch = await http<{ data: { url: string } }>('/rest/game/{id}/play/', { params: { id: found.id }, query: { isMoney: playMode === 'SweepStakes' ? 'true' : 'false' } });
        setUrl(localize(launch.data.url));
      } catch (failure) {
        if (failure instanceof HttpError && failure.code === SWEEPSTAKES_RESTRICTED) {
          onDone();
          open('sweepstakes-restricted', { game: entry.game ?? '' });
          return;
        }
        setError(failure instanceof HttpError && failure.messageKey ? t(failure.messageKey, { defaultValue: failure.message }) : t('games.modal.failed'));
      }
    })();
  });

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isGameClientMessage(event.data)) return;
      const message = event.data;
      if (message.type === 'sweepstack:balance') {
        const current = useLiveBalance.getState().balance ?? balance;
        useLiveBalance.getState().setBalance(message.currency === 'GC' ? { ...current, tourPoints: message.balance } : { ...current, entries: message.balance / 100 });
      } else if (message.type === 'sweepstack:insufficient-funds') open('insufficient-funds');
      else if (message.type === 'sweepstack:max-bet') open('game-max-bet-limit', { feature: `${message.currency}:${message.max}` });
      else if (message.type === 'sweepstack:sweepstakes-restricted') {
        close();
        open('sweepstakes-restricted', { game: entry.game ?? '' });
      }
      else close();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  });

  return (
    <>
      <div className="flex items-center gap-3 border-b border-line px-3 py-2">
        <Dialog.Title className="min-w-0 flex-1 truncate text-lg font-extrabold">{game?.title ?? t('games.modal.loading')}</Dialog.Title>
        <button type="button" className="btn btn-ghost btn-icon" aria-label={t('common.close')} onClick={close} data-testid="game-modal-close">
          <CloseIcon />
        </button>
      </div>
      {game && !error && (
        <Suspense fallback={null}>
          {gameWindowParts.map(({ feature, Part }) => (
            <Part key={feature} gameId={game.id} />
          ))}
        </Suspense>
      )}
      <div className="relative flex-1 bg-black">
        {error ? (
          <p role="alert" className="p-6 text-white">
            {error}
          </p>
        ) : url ? (
          <iframe title={game?.title ?? 'game'} src={url} className="absolute inset-0 size-full border-0" allow="autoplay; fullscreen" data-testid="game-frame" />
        ) : (
          <p className="p-6 text-white">{t('common.pleaseWait')}</p>
        )}
      </div>
    </>
  );
}

function DemoMode({ entry, onDone }: { entry: ModalEntry; onDone(): void }) {
  const { t } = useTranslation();
  const open = useModals((s) => s.open);
  const [busy, setBusy] = useState(false);
  const inFortune = entry.isMoney === true;
  async function playGold() {
    setBusy(true);
    try {
      await http(SWITCH_PATH.TournamentPoints);
      useLiveBalance.getState().setGameMode('TournamentPoints');
      onDone();
      open('game', { game: entry.game ?? '', isMoney: false });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div data-testid="demo-mode">
      <Dialog.Title className="text-2xl font-extrabold">{t('games.demo.title')}</Dialog.Title>
      <p className="mt-2 text-muted">{t(inFortune ? 'games.demo.textFortune' : 'games.demo.textGold')}</p>
      <div className="mt-6 flex flex-col gap-2">
        <a className="btn btn-primary" href="#/cash/deposit-by-money/" onClick={onDone}>
          {t('games.demo.buy')}
        </a>
        {inFortune && (
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void playGold()}>
            {t('games.demo.playGold')}
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * Fortune Coin play is not offered in the player's state: the switch to SweepStakes, a launch or a
 * spin was refused. Gold Coins stay open: the button switches back and reopens the game if there was one.
 */
function SweepstakesRestricted({ entry, onDone }: { entry: ModalEntry; onDone(): void }) {
  const { t } = useTranslation();
  const open = useModals((s) => s.open);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  async function playGold() {
    setBusy(true);
    setFailed(false);
    try {
      await http(SWITCH_PATH.TournamentPoints);
      useLiveBalance.getState().setGameMode('TournamentPoints');
      onDone();
      if (entry.game) open('game', { game: entry.game, isMoney: false });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div data-testid="sweepstakes-restricted">
      <Dialog.Title className="text-2xl font-extrabold">{t('games.restricted.title')}</Dialog.Title>
      <p className="mt-2 text-muted">{t('games.restricted.text')}</p>
      {failed && (
        <p role="alert" className="field-error mt-3">
          {t('balance.switchFailed')}
        </p>
      )}
      <div className="mt-6 flex flex-col gap-2">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void playGold()}>
          {busy ? t('common.pleaseWait') : t('games.restricted.playGold')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t('common.close')}
        </button>
      </div>
    </div>
  );
}

function InsufficientFunds({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="insufficient-funds">
      <Dialog.Title className="text-2xl font-extrabold">{t('games.insufficient.title')}</Dialog.Title>
      <p className="mt-2 text-muted">{t('games.insufficient.text')}</p>
      <div className="mt-6 flex flex-col gap-2">
        <a className="btn btn-primary" href="#/cash/deposit-by-money/" onClick={onDone}>
          {t('games.demo.buy')}
        </a>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t('games.insufficient.lowerBet')}
        </button>
      </div>
    </div>
  );
}

function MaxBetLimit({ entry, onDone }: { entry: ModalEntry; onDone(): void }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [currency, raw] = (entry.feature ?? 'GC:0').split(':');
  const max = Number(raw ?? 0);
  const shown = currency === 'FC' ? `${formatFortuneCoins(max / 100, locale)} FC` : `${formatGoldCoins(max, locale)} GC`;
  return (
    <div data-testid="max-bet-limit">
      <Dialog.Title className="text-2xl font-extrabold">{t('games.maxBet.title')}</Dialog.Title>
      <p className="mt-2 text-muted">{t('games.maxBet.text', { max: shown })}</p>
      <button type="button" className="btn btn-primary mt-6 w-full" onClick={onDone}>
        {t('common.ok')}
      </button>
    </div>
  );
}

function GameSearch({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const location = useLocation();
  const localize = useLocalize();
  const [games, setGames] = useState<LobbyGame[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  useLayoutEffect(() => {
    // Keys typed while this dialog's code was loading (features/games/search-typeahead.ts).
    const typed = takeSearchTypeahead();
    if (typed) setQuery(typed);
  }, []);
  useEffect(() => {
    loadCatalogueGames(locale).then(setGames, () => setFailed(true));
  }, [locale]);
  const results = useMemo(() => (games ? searchGames(games, query) : []), [games, query]);
  const hrefOf = (slug: string) => {
    const params = new URLSearchParams(location.search);
    params.set('game', slug);
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <div data-testid="game-search">
      <Dialog.Title className="text-2xl font-extrabold">{t('games.search.title')}</Dialog.Title>
      <label className="field-label mt-4 block" htmlFor="game-search-input">
        {t('games.search.label')}
      </label>
      <input id="game-search-input" type="search" autoComplete="off" className="field-input mt-1 w-full" value={query} onChange={(e) => setQuery(e.target.value)} autoFocus />
      {failed && (
        <p role="alert" className="field-error mt-3">
          {t('games.modal.failed')}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {query ? t('games.search.count', { count: results.length }) : ''}
      </p>
      <ul className="mt-4 flex flex-col gap-1">
        {results.map((game) => (
          <li key={game.id}>
            <Link to={hrefOf(game.slug)} preventScrollReset onClick={onDone} className="flex items-center gap-3 rounded-theme p-1.5 hover:bg-raised">
              <Image src={game.img} alt="" width={40} height={40} className="size-10 rounded-theme" />
              <span className="font-semibold">{game.title}</span>
            </Link>
          </li>
        ))}
      </ul>
      {query && games && results.length === 0 && <p className="mt-4 text-muted">{t('games.search.none')}</p>}
      <Link to={localize('/library?category=providers')} onClick={onDone} className="mt-4 inline-block text-sm underline underline-offset-4">
        {t('games.providers.title')}
      </Link>
    </div>
  );
}

/** The games' modals, loaded on first use. */
export default function GameModals({ entry, onDone }: { entry: ModalEntry; onDone(): void }) {
  switch (entry.name) {
    case 'game':
      return <GameModal entry={entry} onDone={onDone} />;
    case 'demo-mode':
      return <DemoMode entry={entry} onDone={onDone} />;
    case 'insufficient-funds':
      return <InsufficientFunds onDone={onDone} />;
    case 'game-max-bet-limit':
      return <MaxBetLimit entry={entry} onDone={onDone} />;
    case 'sweepstakes-restricted':
      return <SweepstakesRestricted entry={entry} onDone={onDone} />;
    default:
      return <GameSearch onDone={onDone} />;
  }
}
