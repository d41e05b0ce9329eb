import { useEffect, useMemo } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { formatGoldCoins } from '../../../lib/format';
import { metaTitle } from '../../../lib/meta';
import { useRootData } from '../../../lib/root-data';
import { useRealtime } from '../../../lib/use-realtime';
import { useLocalize } from '../../../lib/use-paths';
import { formatCountdown, useCountdown } from '../../../platform/countdown';
import { useEndedFeatures } from '../../../platform/feature-state';
import { Medal } from './medal';
import { levelKey, localMs, usePrizeDrops } from './prize-drops-api';
import type { Route } from './+types/prize-drops-page';
import { FeaturePageHeader, FeaturePageStatus } from '../../../platform/feature-page-header';

/**
 * /prize-drops (spec §2): today's pool (spec §3 general), the tiers with what is left and what waits
 * now, the countdown to the next hourly block, the last winners (updated by every `prizeAssigned`
 * push), where the player stands (league level, wins) and how the draws work and can be checked.
 */
export default function PrizeDropsPage() {
  const { t, i18n } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const { info, load, failed, receivedAtMs } = usePrizeDrops();
  useEffect(() => {
    void load();
  }, [load]);
  useRealtime('prizeDrops', () => void load());
  const nextBlockAt = useMemo(() => (info ? receivedAtMs + info.nextPrizeWillAccrueIn * 1000 : null), [info, receivedAtMs]);
  const dayEndsAt = useMemo(() => (info ? localMs(info, receivedAtMs, info.general.finishedAt) : null), [info, receivedAtMs]);
  const nextBlock = useCountdown(nextBlockAt, () => void load());
  // Spec §4: prize drops turn off locally when the day's countdown ends (until the next page load).
  const dayLeft = useCountdown(dayEndsAt, () => useEndedFeatures.getState().end(['prize-drops']));
  // The 40 s toast before each block is the feature's visit work (ui/block-toast.ts), on this page as on every other.
  const fmt = (n: number) => formatGoldCoins(n, i18n.language);
  const ended = dayLeft === 0;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <FeaturePageHeader title={t('prizeDrops.page.title')} intro={t('prizeDrops.page.intro')} />
      {!info ? (
        <FeaturePageStatus>{t(failed ? 'prizeDrops.failed' : 'prizeDrops.loading')}</FeaturePageStatus>
      ) : (
        <>
          <section className="card grid gap-4 p-4 sm:grid-cols-3 sm:p-6" aria-labelledby="drops-pool">
            <h2 id="drops-pool" className="sr-only">
              {t('prizeDrops.page.pool')}
            </h2>
            <div>
              <p className="text-sm text-muted">{t('prizeDrops.general.dailyPrizePool')}</p>
              <p className="text-2xl font-extrabold" data-testid="drops-pool">
                {t('prizeDrops.gc', { amount: fmt(info.general.dailyPrizePool) })}
              </p>
            </div>
            <div>
              <p className="text-sm text-muted">{t('prizeDrops.general.highestPrizePerDay')}</p>
              <p className="text-2xl font-extrabold">{t('prizeDrops.gc', { amount: fmt(info.general.highestPrizePerDay) })}</p>
            </div>
            <div>
              <p className="text-sm text-muted">{t('prizeDrops.general.prizeCountPerDay')}</p>
              <p className="text-2xl font-extrabold">{fmt(info.general.prizeCountPerDay)}</p>
            </div>
            <p className="sm:col-span-3" data-testid="drops-next-block">
              {ended || !info.isActive ? (
                <strong>{t('prizeDrops.page.over')}</strong>
              ) : (
                <>
                  {t('prizeDrops.page.nextBlock')}{' '}
                  <time role="timer" aria-live="off" className="font-mono font-bold">
                    {nextBlock === null ? '—' : formatCountdown(nextBlock)}
                  </time>
                </>
              )}
            </p>
          </section>

          <section aria-labelledby="drops-tiers">
            <h2 id="drops-tiers" className="mb-3 text-xl font-bold">
              {t('prizeDrops.page.tiers')}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-3">
              {info.prizes.map((p) => (
                <li key={p.prizeLvl} className="card flex items-center gap-3 p-4" data-testid={`drops-tier-${p.prizeLvl}`}>
                  <Medal level={p.prizeLvl} />
                  <div>
                    <p className="font-bold">{t(`prizeDrops.level.${levelKey(p.prizeLvl)}`)}</p>
                    <p className="text-lg font-extrabold">{t('prizeDrops.gc', { amount: fmt(p.prizeValue) })}</p>
                    <p className="text-sm text-muted">{t('prizeDrops.page.left', { count: p.prizeLeft, available: p.available })}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>

          <section className="card p-4 sm:p-6" aria-labelledby="drops-me">
            <h2 id="drops-me" className="mb-2 text-xl font-bold">
              {t('prizeDrops.page.you')}
            </h2>
            {root.isGuest || !info.player ? (
              <>
                <p className="mb-3">{t('prizeDrops.guest')}</p>
                <Link to={localize('/signup/')} className="btn btn-primary">
                  {t('prizeDrops.page.signUp')}
                </Link>
              </>
            ) : (
              <>
                <p data-testid="drops-qualifies">{info.player.qualifies ? t('prizeDrops.page.qualifies') : t('prizeDrops.page.needLevel', { level: info.general.minimalLevelPlay, current: info.player.level })}</p>
                {info.player.wins.length > 0 && (
                  <ul className="mt-2 list-disc ps-5 text-sm">
                    {info.player.wins.map((w) => (
                      <li key={w.wonAt}>
                        {t('prizeDrops.page.myWin', { level: t(`prizeDrops.level.${levelKey(w.prizeLevel)}`), amount: fmt(w.prizeValue), time: new Date(w.wonAt).toLocaleTimeString(i18n.language) })}
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
          </section>

          <section className="card p-4 sm:p-6" aria-labelledby="drops-winners">
            <h2 id="drops-winners" className="mb-2 text-xl font-bold">
              {t('prizeDrops.page.lastWinners')}
            </h2>
            {info.lastWinners.length === 0 ? (
              <p className="text-muted">{t('prizeDrops.page.noWinners')}</p>
            ) : (
              <ol className="flex flex-col gap-2" data-testid="drops-winners" aria-live="polite">
                {info.lastWinners.map((w) => (
                  <li key={`${w.wonAt}-${w.playerName}`} className="flex items-center gap-3">
                    <Medal level={w.prizeLevel} size={28} />
                    <span className="font-bold">{w.playerName}</span>
                    <span>{t('prizeDrops.gc', { amount: fmt(w.prizeValue) })}</span>
                    <span className="ms-auto text-sm text-muted">{new Date(w.wonAt).toLocaleTimeString(i18n.language)}</span>
                  </li>
                ))}
              </ol>
            )}
          </section>

          <section className="card p-4 sm:p-6" aria-labelledby="drops-how">
            <h2 id="drops-how" className="mb-2 text-xl font-bold">
              {t('prizeDrops.how.title')}
            </h2>
            <ul className="list-disc space-y-1 ps-5">
              <li>{t('prizeDrops.how.blocks', { count: info.general.prizeCountPerDay })}</li>
              <li>{t('prizeDrops.how.chance', { stake: fmt(info.minimumStake), divisor: fmt(info.chanceDivisor) })}</li>
              <li>{t('prizeDrops.how.once')}</li>
              {/* 0: no level applies (the VIP league is off, or the operator asks for none). */}
              <li data-testid="drops-level-rule">{info.general.minimalLevelPlay > 0 ? t('prizeDrops.how.level', { level: info.general.minimalLevelPlay }) : t('prizeDrops.how.noLevel')}</li>
              <li>{t('prizeDrops.how.fair')}</li>
            </ul>
            <dl className="mt-3 grid gap-1 text-sm">
              <dt className="font-bold">{t('prizeDrops.how.todayHash', { day: info.fairness.day })}</dt>
              <dd className="break-all font-mono">{info.fairness.serverSeedHash ?? '—'}</dd>
              <dt className="font-bold">{t('prizeDrops.how.previousSeed', { day: info.fairness.previousDay })}</dt>
              <dd className="break-all font-mono">{info.fairness.previousServerSeed ?? '—'}</dd>
            </dl>
          </section>
        </>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'features.prizeDrops.name');
