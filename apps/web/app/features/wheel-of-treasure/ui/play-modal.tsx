// Declares the `wheelOfTreasure` push (its type, and in the browser its schema, so this tab accepts it).
import '@sweepstack/contracts/wheel-of-treasure/pushes';
// The rank league's push: its section bonus paid beside a daily spin (docs/features/rank-league.md).
import '@sweepstack/contracts/rank-league/pushes';
import type { PrizeTableOdds, PrizeView } from '@sweepstack/contracts/rewards/prize';
import type { WheelSpinAnswer } from '@sweepstack/contracts/wheel-of-treasure/spin';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { HttpError } from '../../../lib/http';
import { useRealtime } from '../../../lib/use-realtime';
import { useLocalize } from '../../../lib/use-paths';
import type { ModalProps } from '../../../platform/feature';
import { useModals } from '../../modals/modal-store';
import { prizeText } from './prize-text';
import { formatCountdown, useCountdown } from './use-countdown';
import { Wheel, type WheelHandle } from './wheel';
import { newRequestKey, spinWheel, useWheel } from './wheel-api';

/** Error codes the modal explains in its own words (anything else: the generic text). */
const KNOWN_ERRORS = new Set(['WHEEL_OF_TREASURE_NOT_ACTIVE', 'WHEEL_OF_TREASURE_DAILY_USED', 'WHEEL_OF_TREASURE_NO_EXTRA_SPINS', 'WHEEL_OF_TREASURE_SELF_EXCLUDED', 'WHEEL_OF_TREASURE_COOLING_OFF', 'WHEEL_OF_TREASURE_NOT_ALLOWED', 'AUTH_REQUIRED']);

type Phase = 'ready' | 'drawing' | 'booster' | 'wheel' | 'chest' | 'done';

/**
 * The play modal (spec §2): today's free spin (the booster wheel first when earned) or an extra spin.
 * The server draws before anything moves; each wheel then turns to its drawn segment and rests on it.
 * Buttons work by keyboard; the result is announced; the header balance follows the balance push.
 */
export default function PlayModal({ onDone }: ModalProps) {
  const { t, i18n } = useTranslation();
  const localize = useLocalize();
  const open = useModals((s) => s.open);
  const { info, load, setStatus, receivedAtMs } = useWheel();
  const [phase, setPhase] = useState<Phase>('ready');
  const [kind, setKind] = useState<'daily' | 'extra' | null>(null);
  const [answer, setAnswer] = useState<WheelSpinAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const boosterWheel = useRef<WheelHandle>(null);
  const mainWheel = useRef<WheelHandle>(null);
  const chestWheel = useRef<WheelHandle>(null);
  const result = useRef<HTMLParagraphElement>(null);
  const requestKey = useRef<string | null>(null);

  useEffect(() => {
    void load();
  }, [load]);
  useRealtime('wheelOfTreasure', () => {
    if (phase === 'ready' || phase === 'done') void load();
  });
  const [vipBonus, setVipBonus] = useState<PrizeView | null>(null);
  useRealtime('rankLeague', (message) => {
    if (message.action === 'daily wheel prize') setVipBonus(message.data.prize);
  });

  // The result takes the focus once shown: the spin button was disabled under it, and the prize is read out.
  useEffect(() => {
    if (phase === 'done') result.current?.focus();
  }, [phase]);

  const player = info?.player ?? null;
  const seconds = useCountdown(player?.nextDailyAtMs, receivedAtMs, player?.serverTimeMs ?? null);
  const busy = phase !== 'ready' && phase !== 'done';
  const showKind = kind ?? (player?.dailyAvailable ? 'daily' : player && player.extraSpins > 0 ? 'extra' : 'daily');
  const mainTable: PrizeTableOdds | null = info ? (showKind === 'daily' ? info.tables.daily : info.tables.extra) : null;
  const showBooster = Boolean(info?.tables.booster && ((busy && answer?.booster) || (!busy && showKind === 'daily' && player?.boosterEarned && player.dailyAvailable) || (phase === 'done' && answer?.booster)));

  async function spin(which: 'daily' | 'extra') {
    setKind(which);
    setError(null);
    setAnswer(null);
    setPhase('drawing');
    requestKey.current ??= newRequestKey();
    try {
      const drawn = await spinWheel(which, requestKey.current);
      requestKey.current = null;
      setAnswer(drawn);
      // Let React draw the wheels of this answer (the booster's, the chest's) before they turn.
      await new Promise((resolve) => requestAnimationFrame(resolve));
      if (drawn.booster) {
        setPhase('booster');
        await boosterWheel.current?.spinTo(drawn.booster.segmentIndex);
      }
      setPhase('wheel');
      await mainWheel.current?.spinTo(drawn.draw.segmentIndex);
      if (drawn.lootbox) {
        setPhase('chest');
        await new Promise((resolve) => requestAnimationFrame(resolve));
        await chestWheel.current?.spinTo(drawn.lootbox.segmentIndex);
      }
      setStatus(drawn.status);
      setPhase('done');
    } catch (failure) {
      // A refusal is final: the next try is a new request. A network failure keeps the key (no double spin).
      if (failure instanceof HttpError) requestKey.current = null;
      const code = failure instanceof HttpError ? failure.code : 'NETWORK';
      setError(KNOWN_ERRORS.has(code) ? `wheelOfTreasure.errors.${code}` : 'wheelOfTreasure.errors.generic');
      setPhase('ready');
      void load();
    }
  }

  return (
    <div className="flex flex-col gap-4" aria-busy={busy}>
      <div>
        <Dialog.Title className="text-2xl font-extrabold">{t('wheelOfTreasure.play.title')}</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-muted">{t('wheelOfTreasure.play.description')}</Dialog.Description>
      </div>

      {!info ? (
        <p role="status" className="text-muted">
          {t('wheelOfTreasure.loading')}
        </p>
      ) : !player ? (
        <p className="text-muted">{t('wheelOfTreasure.guest')}</p>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-center gap-4">
            {showBooster && info.tables.booster && <Wheel ref={boosterWheel} table={info.tables.booster} size={150} label={t('wheelOfTreasure.tables.booster')} />}
            {mainTable && <Wheel key={mainTable.slug} ref={mainWheel} table={mainTable} label={t(showKind === 'daily' ? 'wheelOfTreasure.tables.daily' : 'wheelOfTreasure.tables.extra')} />}
            {answer?.lootbox && info.tables.lootbox && (phase === 'chest' || phase === 'done') && <Wheel ref={chestWheel} table={info.tables.lootbox} size={150} label={t('wheelOfTreasure.tables.lootbox')} />}
          </div>

          <div aria-live="polite" className="min-h-6 text-center">
            {phase === 'drawing' && <p className="text-muted">{t('wheelOfTreasure.play.drawing')}</p>}
            {phase === 'booster' && <p className="font-semibold">{t('wheelOfTreasure.play.boosterSpinning')}</p>}
            {answer && answer.boosterFactor > 1 && phase !== 'booster' && <p className="font-semibold text-accent">{t('wheelOfTreasure.play.boosted', { factor: answer.boosterFactor })}</p>}
            {phase === 'chest' && <p className="font-semibold">{t('wheelOfTreasure.play.chestOpening')}</p>}
            {phase === 'done' && answer && (
              <p ref={result} tabIndex={-1} className="text-xl font-extrabold outline-none" data-testid="wheel-result">
                {answer.prize.kind === 'nothing' ? t('wheelOfTreasure.play.nothing') : t('wheelOfTreasure.play.won', { prize: prizeText(answer.prize, t, i18n.language) })}
              </p>
            )}
            {phase === 'done' && vipBonus && (
              <p className="font-semibold" data-testid="wheel-vip-bonus">
                {t('wheelOfTreasure.play.vipBonus', { prize: prizeText(vipBonus, t, i18n.language) })}
              </p>
            )}
            {phase === 'done' && answer?.fellBack && <p className="text-sm text-muted">{t('wheelOfTreasure.play.fellBack')}</p>}
            {error && (
              <p role="alert" className="font-semibold">
                {t(error)}
              </p>
            )}
          </div>

          <div className="flex flex-col gap-2">
            {player.dailyAvailable && (
              <button type="button" className="btn btn-primary w-full" disabled={busy} onClick={() => void spin('daily')} data-testid="wheel-spin-daily">
                {player.boosterEarned ? t('wheelOfTreasure.play.spinBoosted') : t('wheelOfTreasure.play.spinFree')}
              </button>
            )}
            {player.extraSpins > 0 && (
              <button type="button" className={`btn ${player.dailyAvailable ? 'btn-ghost' : 'btn-primary'} w-full`} disabled={busy} onClick={() => void spin('extra')} data-testid="wheel-spin-extra">
                {t('wheelOfTreasure.play.spinExtra', { count: player.extraSpins })}
              </button>
            )}
            {!player.dailyAvailable && player.extraSpins === 0 && !busy && (
              <div className="rounded-theme border border-line bg-surface p-3 text-center" data-testid="wheel-next">
                <p className="font-semibold">{t('wheelOfTreasure.play.usedToday')}</p>
                {seconds !== null && (
                  <p className="mt-1 text-muted">
                    {t('wheelOfTreasure.nextIn')}{' '}
                    <time role="timer" aria-live="off" className="font-mono text-lg font-bold text-fg">
                      {formatCountdown(seconds)}
                    </time>
                  </p>
                )}
              </div>
            )}
            <div className="flex flex-wrap justify-center gap-2">
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => open('wheel-of-treasure-how-it-works')} disabled={busy}>
                {t('wheelOfTreasure.howItWorks.open')}
              </button>
              {phase === 'done' && answer && (
                <Link to={`${localize('/fairness/')}?draw=${answer.lootbox?.drawId ?? answer.draw.drawId}`} className="btn btn-ghost btn-sm" onClick={onDone}>
                  {t('wheelOfTreasure.play.verify')}
                </Link>
              )}
            </div>
          </div>
        </>
      )}
    </div>
  );
}
