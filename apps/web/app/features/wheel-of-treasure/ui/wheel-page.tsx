// Declares the `wheelOfTreasure` push (its type, and in the browser its schema, so this tab accepts it).
import '@sweepstack/contracts/wheel-of-treasure/pushes';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { formatGoldCoins } from '../../../lib/format';
import { metaTitle } from '../../../lib/meta';
import { useRootData } from '../../../lib/root-data';
import { useRealtime } from '../../../lib/use-realtime';
import { useLocalize } from '../../../lib/use-paths';
import { formatUsd } from '../../cash/limits';
import { useModals } from '../../modals/modal-store';
import { HowItWorks } from './how-it-works';
import { formatCountdown, useCountdown } from './use-countdown';
import { Wheel } from './wheel';
import { useWheel } from './wheel-api';
import type { Route } from './+types/wheel-page';
import { FeaturePageHeader, FeaturePageStatus } from '../../../platform/feature-page-header';

/**
 * /wheel-of-treasure (spec §2): the daily wheel as it is (segments as wide as their chances), where the
 * player stands (today's free spin or when the next opens, the booster's rounds, extra spins), the
 * extra-wheel package, and how it works with every wheel's odds, for guests too.
 */
export default function WheelPage() {
  const { t, i18n } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const open = useModals((s) => s.open);
  const { info, load, failed, receivedAtMs } = useWheel();
  useEffect(() => {
    void load();
  }, [load]);
  useRealtime('wheelOfTreasure', () => void load());
  const player = info?.player ?? null;
  const seconds = useCountdown(player?.nextDailyAtMs, receivedAtMs, player?.serverTimeMs ?? null);
  const offer = info?.offers[0];

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <FeaturePageHeader title={t('wheelOfTreasure.page.title')} intro={t('wheelOfTreasure.page.intro')} />

      {!info ? (
        <FeaturePageStatus>{t(failed ? 'wheelOfTreasure.failed' : 'wheelOfTreasure.loading')}</FeaturePageStatus>
      ) : (
        <>
          <section className="card grid items-center gap-6 p-4 sm:p-6 md:grid-cols-2" aria-labelledby="wheel-status">
            <div className="flex justify-center">
              <Wheel table={info.tables.daily} label={t('wheelOfTreasure.tables.daily')} />
            </div>
            <div className="flex flex-col gap-3">
              <h2 id="wheel-status" className="text-xl font-bold">
                {t('wheelOfTreasure.page.status')}
              </h2>
              {!info.isActive && <p className="text-muted">{t('wheelOfTreasure.page.inactive')}</p>}
              {root.isGuest || !player ? (
                <>
                  <p>{t('wheelOfTreasure.guest')}</p>
                  <Link to={localize('/signup/')} className="btn btn-primary">
                    {t('wheelOfTreasure.page.signUp')}
                  </Link>
                </>
              ) : (
                <>
                  <p data-testid="wheel-daily-status">
                    {player.dailyAvailable ? (
                      <strong>{t('wheelOfTreasure.page.dailyOpen')}</strong>
                    ) : (
                      <>
                        {t('wheelOfTreasure.nextIn')}{' '}
                        <time role="timer" aria-live="off" className="font-mono font-bold">
                          {seconds === null ? '—' : formatCountdown(seconds)}
                        </time>
                      </>
                    )}
                  </p>
                  {info.tables.booster && (
                    <div>
                      <p className="text-sm">{player.boosterEarned ? t('wheelOfTreasure.page.boosterEarned') : t('wheelOfTreasure.page.boosterProgress', { count: player.roundsToBooster })}</p>
                      <div className="mt-1 h-2 overflow-hidden rounded-full bg-raised" role="progressbar" aria-label={t('wheelOfTreasure.page.boosterLabel')} aria-valuemin={0} aria-valuemax={info.boosterRounds} aria-valuenow={Math.min(player.roundsToday, info.boosterRounds)}>
                        <div className="h-full bg-accent" style={{ width: `${Math.min(100, (player.roundsToday / Math.max(1, info.boosterRounds)) * 100)}%` }} />
                      </div>
                    </div>
                  )}
                  <p className="text-sm" data-testid="wheel-extra-spins">
                    {t('wheelOfTreasure.page.extraSpins', { count: player.extraSpins })}
                  </p>
                  <button type="button" className="btn btn-primary" onClick={() => open('wheel-of-treasure')} data-testid="wheel-open-play">
                    {player.dailyAvailable || player.extraSpins > 0 ? t('wheelOfTreasure.page.spin') : t('wheelOfTreasure.page.openWheel')}
                  </button>
                </>
              )}
              <button type="button" className="btn btn-ghost" onClick={() => open('wheel-of-treasure-how-it-works')}>
                {t('wheelOfTreasure.howItWorks.open')}
              </button>
            </div>
          </section>

          {offer && info.tables.extra && (
            <section className="card flex flex-col gap-3 p-4 sm:p-6" aria-labelledby="wheel-offer">
              <h2 id="wheel-offer" className="text-xl font-bold">
                {t('wheelOfTreasure.offer.title')}
              </h2>
              <p className="text-muted">{t(info.lootboxes ? 'wheelOfTreasure.offer.textChest' : 'wheelOfTreasure.offer.text', { count: offer.spins, coins: formatGoldCoins(offer.coins, i18n.language) })}</p>
              {!root.isGuest && (
                <a href={`#/cash/deposit-by-money/${encodeURIComponent(offer.id)}/preset/`} className="btn btn-accent self-start" data-testid="wheel-buy">
                  {t('wheelOfTreasure.offer.buy', { count: offer.spins, price: formatUsd(offer.priceCents, i18n.language) })}
                </a>
              )}
            </section>
          )}

          <section className="card p-4 sm:p-6" aria-labelledby="wheel-how">
            <h2 id="wheel-how" className="mb-3 text-xl font-bold">
              {t('wheelOfTreasure.howItWorks.title')}
            </h2>
            <HowItWorks info={info} />
          </section>
        </>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'features.wheelOfTreasure.name');
