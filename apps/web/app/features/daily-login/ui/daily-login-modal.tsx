import type { DailyLoginInfo, DailyLoginPrize } from '@sweepstack/contracts/daily-login/info';
// Declares the `dailyLogin` push (its type, and in the browser its schema, so this tab accepts it).
import '@sweepstack/contracts/daily-login/pushes';
import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useRevalidator } from 'react-router';
import { formatFortuneCoins, formatGoldCoins } from '../../../lib/format';
import { HttpError } from '../../../lib/http';
import { useRealtime } from '../../../lib/use-realtime';
import { useLocalize } from '../../../lib/use-paths';
import { formatCountdown, useCountdown } from '../../../platform/countdown';
import type { ModalProps } from '../../../platform/feature';
import { applyDailyPrize, loadDailyLoginInfo, type LoadedInfo } from './daily-login-api';
import { PrizeArt } from './prize-art';
import { localTargetMs } from './server-time';

/** Error codes of a claim the modal explains in its own words (anything else: the generic text). */
const KNOWN_ERRORS = new Set(['DAILY_LOGIN_ALREADY_CLAIMED', 'DAILY_LOGIN_NOT_ACTIVE', 'DAILY_LOGIN_SELF_EXCLUDED', 'DAILY_LOGIN_COOLING_OFF', 'DAILY_LOGIN_NOT_ALLOWED', 'DAILY_LOGIN_UNAVAILABLE_TODAY', 'AUTH_REQUIRED']);

type LevelState = 'claimed' | 'today' | 'upcoming';

function levelState(info: DailyLoginInfo, level: number): LevelState {
  if (info.activeLevel === 0) return 'upcoming';
  if (level < info.activeLevel || (level === info.activeLevel && info.claimedToday)) return 'claimed';
  return level === info.activeLevel ? 'today' : 'upcoming';
}

function PrizeLines({ prize }: { prize: DailyLoginPrize }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="flex flex-col items-center gap-0.5 text-sm font-bold">
      {prize.coins > 0 && <li>{t('dailyLogin.prize.coins', { amount: formatGoldCoins(prize.coins, i18n.language) })}</li>}
      {prize.entries > 0 && <li className="text-accent">{t('dailyLogin.prize.entries', { amount: formatFortuneCoins(prize.entries, i18n.language) })}</li>}
      {prize.freeSpinCount > 0 && <li>{t('dailyLogin.prize.freeSpins', { count: prize.freeSpinCount })}</li>}
    </ul>
  );
}

function LevelCard({ prize, state, wide }: { prize: DailyLoginPrize; state: LevelState; wide: boolean }) {
  const { t } = useTranslation();
  const tone = state === 'today' ? 'border-accent bg-raised ring-2 ring-accent' : state === 'claimed' ? 'border-line bg-surface opacity-80' : 'border-line bg-surface';
  return (
    <li className={`flex min-h-28 flex-col items-center justify-between gap-1 rounded-theme border p-2 text-center ${tone} ${wide ? 'col-span-3 sm:col-span-2' : ''}`} aria-current={state === 'today' ? 'step' : undefined} data-testid={`daily-login-level-${prize.level}`} data-state={state}>
      <span className="text-xs font-semibold uppercase tracking-wide text-muted">{t('dailyLogin.level', { level: prize.level })}</span>
      <span className="flex h-8 items-center">
        <PrizeArt claimed={state === 'claimed'} freeSpins={prize.freeSpinCount > 0} fortune={prize.entries > 0} />
      </span>
      <PrizeLines prize={prize} />
      <span className={`text-xs font-semibold ${state === 'today' ? 'text-accent' : 'text-muted'}`}>{t(`dailyLogin.state.${state}`)}</span>
    </li>
  );
}

/**
 * The daily login modal (spec §2, §3): the ladder's levels with what each pays, today's prize and
 * the claim button, the claimed state and the next claim's countdown (every second, on the server's
 * clock). With free spins, home and promotions are fetched again. Opened as the day's welcome with
 * nothing to claim, it closes itself.
 */
export default function DailyLoginModal({ entry, onDone }: ModalProps) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const revalidator = useRevalidator();
  const [loaded, setLoaded] = useState<LoadedInfo | null>(null);
  const [claiming, setClaiming] = useState(false);
  const [won, setWon] = useState<DailyLoginPrize | null>(null);
  const [error, setError] = useState<string | null>(null);
  const claimButton = useRef<HTMLButtonElement>(null);
  const asWelcome = entry.feature === 'daily-login';

  const refresh = useCallback(async () => {
    const next = await loadDailyLoginInfo();
    setLoaded(next);
    return next;
  }, []);

  useEffect(() => {
    let cancelled = false;
    void loadDailyLoginInfo().then((next) => {
      if (cancelled) return;
      // The day's welcome only matters when there is something to claim.
      if (asWelcome && !next.info.isAvailable) onDone();
      else setLoaded(next);
    });
    return () => {
      cancelled = true;
    };
    // Loaded once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A claim in another tab (or paid at the feature's end) updates this one.
  useRealtime('dailyLogin', () => {
    void refresh();
  });

  const info = loaded?.info;
  const nextTargetMs = info && !info.isAvailable && info.nextClaimAt && loaded ? localTargetMs(info.nextClaimAt, info.serverTime, loaded.receivedAtMs) : null;
  const secondsLeft = useCountdown(nextTargetMs, () => {
    void refresh();
  });

  async function claim() {
    setClaiming(true);
    setError(null);
    try {
      const answer = await applyDailyPrize();
      setWon(answer.prizes);
      setLoaded({ info: answer.info, receivedAtMs: Date.now(), failed: false });
      // Spec §7: with free spins, home and promotions are fetched again (the route loaders).
      if (answer.prizes.freeSpinCount > 0) void revalidator.revalidate();
    } catch (failure) {
      const code = failure instanceof HttpError ? failure.code : 'NETWORK';
      setError(KNOWN_ERRORS.has(code) ? `dailyLogin.errors.${code}` : 'dailyLogin.errors.generic');
      await refresh();
    } finally {
      setClaiming(false);
    }
  }

  useEffect(() => {
    if (info?.isAvailable && !claiming) claimButton.current?.focus();
  }, [info?.isAvailable, claiming]);

  const todayPrize = info && info.activeLevel > 0 ? info.prizes[info.activeLevel - 1] : undefined;

  return (
    <div className="flex flex-col gap-4" aria-busy={loaded === null}>
      <div>
        <Dialog.Title className="text-2xl font-extrabold">{t('dailyLogin.title')}</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-muted">{t('dailyLogin.description')}</Dialog.Description>
      </div>

      {loaded === null ? (
        <p className="text-muted" role="status">
          {t('dailyLogin.loading')}
        </p>
      ) : info && info.prizes.length === 0 ? (
        <p className="rounded-theme border border-line bg-surface p-4 text-center text-muted" data-testid="daily-login-empty">
          {t(info.reasonType === 'guest' ? 'dailyLogin.empty.guest' : 'dailyLogin.empty.none')}
        </p>
      ) : info ? (
        <>
          <ol className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={t('dailyLogin.ladderLabel', { count: info.levels })}>
            {info.prizes.map((prize) => (
              // Seven levels in rows of three (phone) or four: the last, biggest prize takes the rest of its row.
              <LevelCard key={prize.level} prize={prize} state={levelState(info, prize.level)} wide={info.prizes.length === 7 && prize.level === 7} />
            ))}
          </ol>

          {info.restarted && info.isAvailable && <p className="text-sm text-muted">{t('dailyLogin.restarted')}</p>}

          <div aria-live="polite" className="flex flex-col gap-1 text-center">
            {won && (
              <p className="text-lg font-extrabold" data-testid="daily-login-won">
                {t('dailyLogin.won', { level: won.level })}
              </p>
            )}
            {error && (
              <p role="alert" className="font-semibold">
                {t(error)}
              </p>
            )}
            {!info.isAvailable && info.reasonType && info.reasonType !== 'claimed' && <p className="text-muted">{t(`dailyLogin.reason.${info.reasonType}`)}</p>}
          </div>

          {won && won.freeSpinCount > 0 && won.link && (
            <Link to={localize(won.link)} className="btn btn-ghost w-full" onClick={onDone}>
              {t('dailyLogin.playFreeSpins', { count: won.freeSpinCount })}
            </Link>
          )}

          {info.isAvailable ? (
            <button ref={claimButton} type="button" className="btn btn-primary w-full" onClick={() => void claim()} disabled={claiming} data-testid="daily-login-claim">
              {claiming ? t('dailyLogin.claiming') : todayPrize ? t('dailyLogin.claimLevel', { level: todayPrize.level }) : t('dailyLogin.claim')}
            </button>
          ) : info.claimedToday ? (
            <div className="rounded-theme border border-line bg-surface p-3 text-center" data-testid="daily-login-next">
              <p className="font-semibold">{t('dailyLogin.claimedToday')}</p>
              {secondsLeft !== null && (
                <p className="mt-1 text-muted">
                  {t('dailyLogin.nextIn')}{' '}
                  <time role="timer" aria-live="off" className="font-mono text-lg font-bold text-fg" dateTime={info.nextClaimAt ?? undefined}>
                    {formatCountdown(secondsLeft)}
                  </time>
                </p>
              )}
              <p className="mt-1 text-xs text-muted">{t('dailyLogin.dayTurnsOver', { timeZone: info.timeZone.replace(/_/g, ' ') })}</p>
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
