import type { z } from 'zod';
import type { Round as ContractRound, RoundsResponse, SpinResponse } from '@sweepstack/contracts/games/play';
import type { ZFreeSpins } from '@sweepstack/contracts/rewards/prize';
import type { CatalogueGame } from '@sweepstack/games/catalogue/types';
import { localName } from '@sweepstack/games/catalogue/names-es';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { formatFortuneCoins, formatGoldCoins } from '../../lib/format';
import { http, HttpError } from '../../lib/http';
import { isGameHostMessage, type GameClientMessage } from '../games/messages';
import { AUTOPLAY_COUNTS, autoplayStopReason, isValidAutoplay, type AutoplaySettings, type AutoplayStop } from './autoplay';
import { CelebrationScreen, useRollUp } from './celebration';
import './game-client.css';
import { rollUpMs, screensAfter, winTier, type Screen } from './presentation';
import { PUBLISHED_MATH } from './published-math';
import { anticipationFrom } from './reel-motion';
import { Reels, type ReelsHandle, type SymbolInfo } from './reels';
import { loadSoundChoice, saveSoundChoice, sounds } from './sound';
import { SymbolArt } from './symbol-art';

export interface GameClientProps {
  game: CatalogueGame;
  gameId: number;
  session: string;
  currency: 'GC' | 'FC';
  /** Smallest unit of the currency. */
  initialBalance: number;
  locale: string;
  /** The game's title in the page's language (operator data: content/games/titles-es.json in Spanish). */
  title: string;
  /** The operator's description of the game in the page's language (content/games/descriptions.json). */
  description?: string;
}

type FreeSpins = z.infer<typeof ZFreeSpins>;

/** A round as the spin answers it (a spin from a free-spin grant says how many are left) or the history lists it. */
type Round = ContractRound & Partial<Pick<SpinResponse['data'], 'freeSpinsRemain'>>;

/** Control buttons on the dark game background (white on ≥ 45% black: contrast above 7:1). */
const CTL = 'rounded-full border border-white/50 bg-black/55 px-3 py-1.5 text-sm font-bold text-white hover:bg-black/70 disabled:opacity-50 aria-pressed:bg-white aria-pressed:text-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';
const CARD = 'rounded-lg bg-white/10 p-2';

type Panel = 'none' | 'paytable' | 'history' | 'autoplay' | 'buy';

function post(message: GameClientMessage) {
  if (window.parent !== window) window.parent.postMessage(message, window.location.origin);
}

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

function reelStrips(game: CatalogueGame): string[][] {
  const c = game.config;
  if (c.engine === 'classic' || c.engine === 'holdAndLink') return c.reels;
  return c.reels.base;
}

function rowsOf(game: CatalogueGame): number {
  return game.config.engine === 'classic' ? 3 : game.config.rows;
}

/** The symbol and count that start the game's feature (for the reels' anticipation), or null. */
function featureTrigger(game: CatalogueGame): { symbol: string; count: number } | null {
  const c = game.config;
  if (c.engine === 'holdAndLink') return { symbol: c.symbols.find((s) => s.kind === 'money')?.id ?? 'M', count: c.trigger };
  if (c.engine === 'lines' || c.engine === 'ways') {
    const count = c.freeSpins.awards.findIndex((a) => a > 0);
    return count > 0 ? { symbol: c.symbols.find((s) => s.kind === 'scatter')?.id ?? 'S', count } : null;
  }
  return null;
}

function initialGrid(game: CatalogueGame): string[][] {
  const rows = rowsOf(game);
  return reelStrips(game).map((strip, reel) => Array.from({ length: rows }, (_, row) => strip[(reel * 7 + row) % strip.length] ?? ''));
}

export function GameClient({ game, gameId, session, currency, initialBalance, locale, title, description }: GameClientProps) {
  const { t } = useTranslation();
  const math = PUBLISHED_MATH[game.slug];
  const rows = rowsOf(game);
  const strips = useMemo(() => reelStrips(game), [game]);
  const symbols = useMemo(() => Object.fromEntries(game.config.symbols.map((s) => [s.id, { name: localName(s.name, locale), kind: s.kind }])) as Record<string, SymbolInfo>, [game, locale]);
  const steps = game.bets[currency].steps;
  const buyConfig = 'bonusBuy' in game.config ? game.config.bonusBuy : undefined;
  const buyPrice = buyConfig ? buyConfig.priceUnits / game.config.betDivisor : null;

  const fmt = useCallback((v: number) => (currency === 'GC' ? formatGoldCoins(v, locale) : formatFortuneCoins(v / 100, locale)), [currency, locale]);
  const [balance, setBalance] = useState(initialBalance);
  const [betIndex, setBetIndex] = useState(() => Math.max(0, steps.findIndex((s) => s * 20 >= initialBalance) - 1) || 0);
  const bet = steps[Math.min(betIndex, steps.length - 1)] ?? game.bets[currency].min;
  const [grid, setGrid] = useState<string[][]>(() => initialGrid(game));
  const [last, setLast] = useState<Round | null>(null);
  const lastRef = useRef<Round | null>(null);
  useEffect(() => {
    lastRef.current = last;
  }, [last]);
  const [feature, setFeature] = useState<Round['feature']>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [turbo, setTurbo] = useState(false);
  const [sound, setSound] = useState(false);
  useEffect(() => setSound(loadSoundChoice()), []);
  const [screen, setScreen] = useState<Screen | null>(null);
  const screenDone = useRef<(() => void) | null>(null);
  const trigger = useMemo(() => featureTrigger(game), [game]);
  const [panel, setPanel] = useState<Panel>('none');
  const [autoplay, setAutoplay] = useState<{ settings: AutoplaySettings; played: number } | null>(null);
  const [autoStop, setAutoStop] = useState<AutoplayStop>(null);
  const [history, setHistory] = useState<Round[]>([]);
  const [historyState, setHistoryState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [spins, setSpins] = useState(0);
  // A free-spin grant of this game in this currency (docs/rewards.md): its own button plays it.
  const [freeSpins, setFreeSpins] = useState<FreeSpins | null>(null);
  const loadFreeSpins = useCallback(() => {
    void http<{ data: { freeSpins: FreeSpins[] } }>('/rest/free-spins/', { query: { gameId } })
      .then((answer) => setFreeSpins(answer.data.freeSpins.find((grant) => grant.currency === currency) ?? null))
      .catch(() => setFreeSpins(null));
  }, [currency, gameId]);
  useEffect(() => loadFreeSpins(), [loadFreeSpins]);
  const reels = useRef<ReelsHandle>(null);
  const busyRef = useRef(false);
  const soundRef = useRef(sound);
  useEffect(() => {
    soundRef.current = sound;
  }, [sound]);

  // Resume a feature left in progress (the latest round says so).
  useEffect(() => {
    void http<RoundsResponse>('/rest/game/{id}/rounds/', { params: { id: gameId }, query: { limit: 1 } })
      .then((answer) => {
        const latest = answer.data.rounds[0];
        if (latest?.feature) {
          setFeature(latest.feature);
          setGrid(latest.outcome.grid);
          const i = steps.indexOf(latest.feature.bet);
          if (i >= 0) setBetIndex(i);
        }
      })
      .catch(() => undefined);
  }, [gameId, steps]);

  const play = useCallback(
    async (buy: boolean, grant?: FreeSpins): Promise<Round | null> => {
      if (busyRef.current) return null;
      busyRef.current = true;
      setBusy(true);
      setMessage(null);
      if (soundRef.current) sounds.spin();
      const body = grant ? { session, bet: grant.bet, idempotencyKey: newKey(), freeSpinsId: grant.spinsId } : { session, bet: feature ? feature.bet : bet, idempotencyKey: newKey(), ...(buy ? { buy: true } : {}) };
      try {
        let round: Round;
        try {
          round = (await http<SpinResponse>('/rest/game/{id}/spin/', { method: 'POST', params: { id: gameId }, body })).data;
        } catch (error) {
          // A lost answer: the same key again returns the first round (idempotent).
          if (error instanceof HttpError) throw error;
          round = (await http<SpinResponse>('/rest/game/{id}/spin/', { method: 'POST', params: { id: gameId }, body })).data;
        }
        if (round.stake > 0) setBalance((b) => b - round.stake);
        // Hold and link respins keep their coins: only a spin that could start the feature anticipates it.
        const anticipateFrom = trigger && round.outcome.step !== 'respin' ? anticipationFrom(round.outcome.grid, trigger.symbol, trigger.count) : -1;
        // A respin keeps the coins already locked still; only the empty cells spin.
        const lockedBefore = round.outcome.step === 'respin' ? (lastRef.current?.outcome.coins?.values ?? []) : [];
        const held = new Set(lockedBefore.flatMap((value, i) => (value > 0 ? [`${Math.floor(i / rows)}-${i % rows}`] : [])));
        await reels.current?.spin(round.outcome.grid, {
          turbo,
          anticipateFrom,
          held,
          onReelStop: (r) => soundRef.current && sounds.reelStop(r),
          onAnticipation: () => soundRef.current && sounds.anticipation(),
        });
        setGrid(round.outcome.grid);
        setLast(round);
        setBalance(round.balance);
        setFeature(round.feature);
        if (grant && round.freeSpinsRemain !== undefined) setFreeSpins(round.freeSpinsRemain > 0 ? { ...grant, spinsRemain: round.freeSpinsRemain } : null);
        post({ type: 'sweepstack:balance', currency, balance: round.balance });
        setHistory((list) => (list.length ? [round, ...list].slice(0, 50) : list));
        if (soundRef.current) {
          if (round.outcome.jackpotWon) sounds.jackpot();
          else if (round.outcome.features.freeSpinsAwarded > 0 || round.outcome.features.holdAndLinkTriggered) sounds.feature();
          else if (round.win > 0) sounds.win(winTier(round.win, round.bet));
        }
        // The screens that follow the round (celebration, feature intro or total, jackpot), one after another.
        for (const next of screensAfter(round)) {
          await new Promise<void>((resolve) => {
            screenDone.current = resolve;
            setScreen(next);
          });
        }
        setSpins((n) => n + 1);
        return round;
      } catch (error) {
        const code = error instanceof HttpError ? error.code : 'NETWORK';
        if (code === 'WALLET_INSUFFICIENT_FUNDS') post({ type: 'sweepstack:insufficient-funds' });
        if (code === 'GAME_BET_OVER_MAX') post({ type: 'sweepstack:max-bet', max: game.bets[currency].max, currency });
        if (code === 'GEO_SWEEPSTAKES_RESTRICTED') post({ type: 'sweepstack:sweepstakes-restricted' });
        // Used up or expired meanwhile: the list says what is left.
        if (code === 'FREE_SPINS_NOT_AVAILABLE') loadFreeSpins();
        setMessage(error instanceof HttpError && error.messageKey ? t(error.messageKey, { defaultValue: error.message }) : t('gameClient.failed'));
        setAutoplay(null);
        return null;
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [bet, currency, feature, game, gameId, loadFreeSpins, session, rows, t, trigger, turbo],
  );

  // Features continue by themselves; autoplay plays its next paid spin after each round.
  useEffect(() => {
    if (busy || !last) return;
    const delay = turbo ? 250 : 900;
    if (feature) {
      const timer = setTimeout(() => void play(false), delay);
      return () => clearTimeout(timer);
    }
    if (!autoplay) return;
    const triggered = last.outcome.features.freeSpinsAwarded > 0 || last.outcome.features.holdAndLinkTriggered || last.outcome.step !== 'base';
    const win = last.outcome.step === 'base' ? last.win : Math.max(last.outcome.featureWin, last.win);
    const reason = autoplayStopReason(autoplay.settings, { played: autoplay.played }, { win, balance, featureTriggered: triggered, nextBet: bet });
    if (reason) {
      setAutoStop(reason);
      setAutoplay(null);
      return;
    }
    const timer = setTimeout(() => {
      setAutoplay((a) => (a ? { ...a, played: a.played + 1 } : a));
      void play(false);
    }, delay);
    return () => clearTimeout(timer);
    // Decides once per finished round.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [spins, busy]);

  const spin = useCallback(() => {
    if (busyRef.current) return;
    if (feature) {
      // A feature left in progress (e.g. after a reload) continues from the spin button.
      void play(false);
      return;
    }
    if (balance < bet) {
      post({ type: 'sweepstack:insufficient-funds' });
      setMessage(t('gameClient.insufficient'));
      return;
    }
    void play(false);
  }, [balance, bet, feature, play, t]);

  // The hosting page shows the reality-check reminder: autoplay stops (the player answers it first).
  const autoplaying = autoplay !== null;
  useEffect(() => {
    if (!autoplaying) return undefined;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== window.parent || !isGameHostMessage(event.data)) return;
      setAutoplay(null);
      setAutoStop('realityCheck');
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [autoplaying]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.code !== 'Space' || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (target && target.closest('button, input, select, textarea, a, [role="dialog"]')) return;
      event.preventDefault();
      if (autoplay) setAutoplay(null);
      else spin();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [autoplay, spin]);

  function changeBet(delta: number) {
    if (soundRef.current) sounds.click();
    const next = betIndex + delta;
    if (next >= steps.length) {
      post({ type: 'sweepstack:max-bet', max: game.bets[currency].max, currency });
      return;
    }
    setBetIndex(Math.max(0, next));
  }

  async function openHistory() {
    setPanel('history');
    setHistoryState('loading');
    try {
      const answer = await http<RoundsResponse>('/rest/game/{id}/rounds/', { params: { id: gameId }, query: { limit: 30 } });
      setHistory(answer.data.rounds);
      setHistoryState('idle');
    } catch {
      setHistoryState('failed');
    }
  }

  const wins = useMemo(() => last?.outcome.wins ?? [], [last]);
  const highlight = useMemo(() => new Set(wins.flatMap((w) => w.positions.map(([r, row]) => `${r}-${row}`))), [wins]);
  const lines = useMemo(() => wins.filter((w) => w.type === 'line').map((w) => [...w.positions].sort((a, b) => a[0] - b[0])), [wins]);
  const coinLabels = useMemo(() => {
    const values = last?.outcome.coins?.values ?? [];
    const tiers = last?.outcome.coins?.tiers ?? [];
    return values.map((v, i) => (tiers[i] ? String(tiers[i]).toUpperCase() : v > 0 ? fmt(v) : ''));
  }, [last, fmt]);
  const gridLabel = t('gameClient.gridLabel', { symbols: grid.map((col) => col.map((id) => symbols[id]?.name ?? id).join(', ')).join(' | ') });
  const featureText = feature
    ? feature.kind === 'freeSpins'
      ? t('gameClient.freeSpinsLeft', { count: feature.remaining })
      : t('gameClient.respinsLeft', { count: feature.respinsLeft })
    : null;
  const canPlay = !busy && !feature;
  const closeScreen = useCallback(() => {
    setScreen(null);
    const done = screenDone.current;
    screenDone.current = null;
    done?.();
  }, []);
  const lastTier = last ? winTier(last.win, last.bet) : 'none';
  const [rolled] = useRollUp(last?.win ?? 0, rollUpMs(lastTier === 'win' ? 'win' : 'none', turbo), last);
  const [embedded, setEmbedded] = useState(false);
  useEffect(() => setEmbedded(window.parent !== window), []);
  // A touch screen has no space bar to speak of: its hint says "Tap Spin" (coarse pointer or no hover).
  const [touch, setTouch] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(pointer: coarse), (hover: none)');
    setTouch(query.matches);
    const changed = () => setTouch(query.matches);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);

  return (
    // The window's height is shared out: header, the reels' stage (the rest), the controls. The stage never
    // grows taller than the reels at full width (no band above or under them on a phone), and the reels
    // fit inside it whatever the window's height (container query units), so the last row stays inside.
    <div className="game-client flex h-dvh flex-col overflow-y-auto text-white [container-type:inline-size]" style={{ background: `radial-gradient(120% 80% at 50% 0%, ${game.palette[0]}55, #0b0a14 70%)` }} data-testid="game-client" data-busy={busy || feature !== null ? 'true' : 'false'} data-spins={spins}>
      <header className="flex items-center gap-3 px-3 py-2">
        <h1 className="min-w-0 flex-1 truncate text-base font-extrabold sm:text-lg">
          <span className={embedded ? 'sr-only' : ''}>{title}</span>
        </h1>
        <p className="text-sm tabular-nums">
          <span className="text-white/75">{t('gameClient.balance')} </span>
          <span className="font-bold" data-testid="client-balance">
            {fmt(balance)} {currency}
          </span>
        </p>
      </header>
      <main className="flex min-h-0 flex-1 flex-col items-center justify-between gap-3 px-3 pb-3 [@media(orientation:landscape)_and_(max-height:520px)]:flex-row [@media(orientation:landscape)_and_(max-height:520px)]:justify-center">
        <div
          className="flex min-h-0 w-full flex-1 justify-center [container-type:size] max-h-[calc((100cqw-1.5rem)/var(--ratio))] [@media(orientation:landscape)_and_(max-height:520px)]:max-h-none [@media(orientation:landscape)_and_(max-height:520px)]:self-stretch"
          style={{ '--ratio': grid.length / rows } as React.CSSProperties}
          data-testid="reels-stage"
        >
        <div className="relative self-start" style={{ aspectRatio: `${grid.length} / ${rows}`, width: 'min(100cqw, calc(100cqh * var(--ratio)))' }}>
          <Reels ref={reels} slug={game.slug} grid={grid} rows={rows} strips={strips} symbols={symbols} highlight={busy && !screen ? new Set() : highlight} lines={busy && !screen ? [] : lines} coinLabels={coinLabels} label={gridLabel} />
          {!busy && !screen && last && last.win > 0 && (
            <p className="gc-banner pointer-events-none absolute inset-x-0 bottom-[6%] mx-auto w-fit rounded-full border-2 border-[#ffe066]/70 bg-black/80 px-5 py-1.5 text-center text-2xl font-black text-[#ffe066] shadow-lg [text-shadow:0_0_12px_rgba(255,210,80,.7)]" data-testid="win-banner">
              {last.outcome.jackpotWon ? `${t('gameClient.jackpot', { tier: last.outcome.jackpotWon.toUpperCase() })} ` : lastTier === 'big' || lastTier === 'mega' || lastTier === 'epic' ? `${t(`gameClient.celebrate.${lastTier}`)} ` : `${t('gameClient.win')} `}
              <span className="tabular-nums">{fmt(rolled)}</span>
            </p>
          )}
          {screen && <CelebrationScreen screen={screen} turbo={turbo} fmt={fmt} palette={game.palette} onDone={closeScreen} />}
        </div>
        </div>
        <div className="flex w-full max-w-3xl shrink-0 flex-col items-center gap-3 [@media(orientation:landscape)_and_(max-height:520px)]:w-auto [@media(orientation:landscape)_and_(max-height:520px)]:max-w-80">
        <div aria-live="polite" className="min-h-6 text-center text-sm font-semibold" data-testid="client-status">
          {message ?? featureText ?? (autoStop ? t(`gameClient.autoplayStopped.${autoStop}`) : last ? (last.win > 0 ? t('gameClient.lastWin', { amount: fmt(last.win) }) : t('gameClient.noWin')) : t(touch ? 'gameClient.readyTouch' : 'gameClient.ready'))}
          {feature && last && last.outcome.featureWin > 0 ? ` · ${t('gameClient.featureWin', { amount: fmt(last.outcome.featureWin) })}` : ''}
        </div>
        <div className="grid w-full grid-cols-[1fr_auto_1fr] items-center gap-2">
          <div className="flex items-center gap-1 justify-self-start">
            <button type="button" className={CTL} onClick={() => changeBet(-1)} disabled={!canPlay || betIndex === 0} aria-label={t('gameClient.betDown')}>
              −
            </button>
            <label className="flex flex-col items-center text-xs">
              <span className="text-white/75">{t('gameClient.bet')}</span>
              <select className="rounded bg-black/50 px-1 py-0.5 text-sm font-bold tabular-nums text-white" value={betIndex} disabled={!canPlay} onChange={(e) => setBetIndex(Number(e.target.value))} data-testid="bet-select">
                {steps.map((s, i) => (
                  <option key={s} value={i}>
                    {fmt(s)}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className={CTL} onClick={() => changeBet(1)} disabled={!canPlay} aria-label={t('gameClient.betUp')}>
              +
            </button>
          </div>
          <button
            type="button"
            className="size-20 rounded-full border-4 border-white/80 text-lg font-black uppercase shadow-xl disabled:opacity-60"
            style={{ background: `radial-gradient(circle at 40% 35%, ${game.palette[1]}, ${game.palette[0]})` }}
            onClick={() => (autoplay ? setAutoplay(null) : spin())}
            disabled={busy && !autoplay}
            aria-label={autoplay ? t('gameClient.stopAutoplay') : t('gameClient.spin')}
            data-testid="spin"
          >
            {autoplay ? '■' : '↻'}
          </button>
          <div className="flex flex-wrap items-center justify-end gap-1 justify-self-end">
            <button type="button" className={CTL} aria-pressed={autoplay !== null} onClick={() => (autoplay ? setAutoplay(null) : setPanel('autoplay'))} disabled={!!feature}>
              {t('gameClient.auto')}
            </button>
            <button type="button" className={CTL} aria-pressed={turbo} onClick={() => setTurbo((v) => !v)}>
              {t('gameClient.turbo')}
            </button>
            <button
              type="button"
              className={CTL}
              aria-pressed={sound}
              onClick={() =>
                setSound((v) => {
                  saveSoundChoice(!v);
                  return !v;
                })
              }
              aria-label={t('gameClient.sound')}
              data-testid="sound"
            >
              {sound ? '♪' : '♪̸'}
            </button>
          </div>
        </div>
        {freeSpins && !feature && (
          <div className="flex w-full max-w-md items-center justify-between gap-3 rounded-xl border-2 border-[#ffe066]/70 bg-black/60 px-3 py-2" data-testid="free-spins-card">
            <p className="text-sm">
              <span className="font-bold text-[#ffe066]">{t('gameClient.freeSpinsCard', { count: freeSpins.spinsRemain, bet: fmt(freeSpins.bet) })}</span>{' '}
              <span className="text-white/75">{t('gameClient.freeSpinsEnds', { date: new Date(freeSpins.endDate).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) })}</span>
            </p>
            <button type="button" className={CTL} onClick={() => void play(false, freeSpins)} disabled={busy || !!autoplay} data-testid="free-spin">
              {t('gameClient.playFreeSpin')}
            </button>
          </div>
        )}
        <nav className="flex flex-wrap justify-center gap-2" aria-label={t('gameClient.menu')}>
          {buyPrice !== null && (
            <button type="button" className={CTL} onClick={() => setPanel('buy')} disabled={!canPlay || !!autoplay} data-testid="bonus-buy">
              {t('gameClient.buy', { amount: fmt(bet * buyPrice) })}
            </button>
          )}
          <button type="button" className={CTL} onClick={() => setPanel('paytable')} data-testid="paytable">
            {t('gameClient.paytable')}
          </button>
          <button type="button" className={CTL} onClick={() => void openHistory()} data-testid="history">
            {t('gameClient.history')}
          </button>
        </nav>
        </div>
      </main>
      {panel !== 'none' && (
        <div role="dialog" aria-modal="true" aria-labelledby="panel-title" className="fixed inset-0 z-10 overflow-y-auto bg-[#0b0a14]/95 p-4" onKeyDown={(e) => e.key === 'Escape' && setPanel('none')}>
          <div className="mx-auto max-w-2xl">
            <div className="mb-3 flex items-center justify-between gap-3">
              <h2 id="panel-title" className="text-xl font-extrabold">
                {t(`gameClient.panels.${panel}`)}
              </h2>
              <button type="button" className={CTL} onClick={() => setPanel('none')} autoFocus>
                {t('common.close')}
              </button>
            </div>
            {panel === 'paytable' && <Paytable game={game} bet={bet} fmt={fmt} math={math} description={description} locale={locale} />}
            {panel === 'history' && <History rounds={history} state={historyState} fmt={fmt} currency={currency} />}
            {panel === 'autoplay' && (
              <AutoplayForm
                scale={currency === 'FC' ? 100 : 1}
                onStart={(settings) => {
                  setPanel('none');
                  setAutoStop(null);
                  setAutoplay({ settings, played: 1 });
                  void play(false);
                }}
              />
            )}
            {panel === 'buy' && buyPrice !== null && (
              <div>
                <p>{t('gameClient.buyText', { amount: fmt(bet * buyPrice), multiple: buyPrice, rtp: math?.bonusBuy ?? '' })}</p>
                <button
                  type="button"
                  className={`${CTL} mt-4`}
                  onClick={() => {
                    setPanel('none');
                    if (balance < bet * buyPrice) {
                      post({ type: 'sweepstack:insufficient-funds' });
                      return;
                    }
                    void play(true);
                  }}
                  data-testid="bonus-buy-confirm"
                >
                  {t('gameClient.buyConfirm')}
                </button>
              </div>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

function Paytable({ game, bet, fmt, math, description, locale }: { game: CatalogueGame; bet: number; fmt(v: number): string; math: (typeof PUBLISHED_MATH)[string] | undefined; description: string | undefined; locale: string }) {
  const { t } = useTranslation();
  const d = game.config.betDivisor;
  const c = game.config;
  const art = (id: string) => {
    const s = c.symbols.find((x) => x.id === id);
    return <SymbolArt slug={game.slug} id={id} kind={s?.kind ?? 'regular'} />;
  };
  return (
    <div className="flex flex-col gap-4 text-sm">
      {description && (
        <p className="text-base" data-testid="game-description">
          {description}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="published-math">
        <div className={CARD}>
          <dt className="text-white/75">{t('gameClient.rtp')}</dt>
          <dd className="text-lg font-bold">{math?.rtp ?? '—'}</dd>
        </div>
        <div className={CARD}>
          <dt className="text-white/75">{t('gameClient.volatility')}</dt>
          <dd className="text-lg font-bold">{t(`games.volatility.${game.volatility.replace(' ', '')}`, { defaultValue: game.volatility })}</dd>
        </div>
        <div className={CARD}>
          <dt className="text-white/75">{t('gameClient.maxWin')}</dt>
          <dd className="text-lg font-bold">{math?.maxWin ?? '—'}</dd>
        </div>
        <div className={CARD}>
          <dt className="text-white/75">{t('gameClient.hitFrequency')}</dt>
          <dd className="text-lg font-bold">{math?.hitFrequency ?? '—'}</dd>
        </div>
      </dl>
      <p>{t(`gameClient.rules.${c.engine}`)}</p>
      <p className="text-white/75">{t('gameClient.payNote', { bet: fmt(bet) })}</p>
      {c.engine === 'classic' ? (
        <table className="w-full text-left">
          <tbody>
            {c.rules.map((rule) => (
              <tr key={rule.name} className="border-b border-white/10">
                <th scope="row" className="py-1 font-semibold">
                  {localName(rule.name, locale)}
                </th>
                <td className="py-1 text-right tabular-nums">{fmt((rule.pay * bet) / d)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {Object.entries(c.pays).map(([id, pays]) => (
            <li key={id} className={`${CARD} flex items-center gap-3`}>
              <span className="size-12 shrink-0">{art(id)}</span>
              <span className="flex-1">
                <span className="block font-semibold">{localName(c.symbols.find((s) => s.id === id)?.name ?? id, locale)}</span>
                <span className="tabular-nums text-white/85">
                  {pays
                    .map((p, i) => (p > 0 ? `${i + 1}× ${fmt((p * bet) / d)}` : ''))
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="text-white/75">{t('gameClient.fairnessNote')}</p>
    </div>
  );
}

function History({ rounds, state, fmt, currency }: { rounds: Round[]; state: 'idle' | 'loading' | 'failed'; fmt(v: number): string; currency: string }) {
  const { t } = useTranslation();
  if (state === 'loading') return <p>{t('common.pleaseWait')}</p>;
  if (state === 'failed') return <p role="alert">{t('gameClient.failed')}</p>;
  if (rounds.length === 0) return <p>{t('gameClient.noRounds')}</p>;
  return (
    <table className="w-full text-left text-sm" data-testid="round-history">
      <thead>
        <tr className="text-white/75">
          <th scope="col">{t('gameClient.round')}</th>
          <th scope="col">{t('gameClient.bet')}</th>
          <th scope="col">{t('gameClient.win')}</th>
          <th scope="col">{t('gameClient.nonce')}</th>
          <th scope="col">
            <span className="sr-only">{t('gameClient.verify')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rounds.map((r) => (
          <tr key={r.roundId} className="border-b border-white/10" data-testid="history-row" data-round={r.roundId}>
            <td className="py-1">
              #{r.roundId} <span className="text-white/75">{t(`gameClient.steps.${r.outcome.step}`)}</span>
            </td>
            <td className="tabular-nums">{r.stake > 0 ? `${fmt(r.stake)} ${currency}` : '—'}</td>
            <td className="tabular-nums">{fmt(r.win)}</td>
            <td className="tabular-nums">{r.fairness.nonce}</td>
            <td>
              <a href={`/fairness?round=${r.roundId}`} target="_top" className="underline underline-offset-4">
                {t('gameClient.verify')}
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AutoplayForm({ onStart, scale }: { onStart(settings: AutoplaySettings): void; scale: number }) {
  const { t } = useTranslation();
  const [count, setCount] = useState<number>(AUTOPLAY_COUNTS[0]);
  const [win, setWin] = useState('');
  const [below, setBelow] = useState('');
  const [onFeature, setOnFeature] = useState(true);
  const toUnits = (text: string): number | null => {
    if (text.trim() === '') return null;
    const n = Number(text);
    return Number.isFinite(n) && n >= 0 ? Math.round(n * scale) : -1;
  };
  const settings: AutoplaySettings = { count, stopOnWinAbove: toUnits(win), stopOnBalanceBelow: toUnits(below), stopOnFeature: onFeature };
  const valid = isValidAutoplay(settings);
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onStart(settings);
      }}
    >
      <fieldset>
        <legend className="mb-1 font-semibold">{t('gameClient.autoCount')}</legend>
        <div className="flex flex-wrap gap-2">
          {AUTOPLAY_COUNTS.map((n) => (
            <label key={n} className={`${CTL} cursor-pointer has-[:checked]:bg-white has-[:checked]:text-black`}>
              <input type="radio" name="count" className="sr-only" checked={count === n} onChange={() => setCount(n)} />
              {n}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex flex-col gap-1">
        <span>{t('gameClient.autoWinAbove')}</span>
        <input inputMode="decimal" className="rounded bg-white px-2 py-1 text-black" value={win} onChange={(e) => setWin(e.target.value)} />
      </label>
      <label className="flex flex-col gap-1">
        <span>{t('gameClient.autoBalanceBelow')}</span>
        <input inputMode="decimal" className="rounded bg-white px-2 py-1 text-black" value={below} onChange={(e) => setBelow(e.target.value)} />
      </label>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={onFeature} onChange={(e) => setOnFeature(e.target.checked)} />
        <span>{t('gameClient.autoOnFeature')}</span>
      </label>
      {!valid && <p role="alert">{t('gameClient.autoInvalid')}</p>}
      <button type="submit" className={`${CTL} self-start`} disabled={!valid} data-testid="autoplay-start">
        {t('gameClient.autoStart', { count })}
      </button>
    </form>
  );
}
