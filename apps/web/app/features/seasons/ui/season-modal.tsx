import type { SeasonView } from '@sweepstack/contracts/seasons/season';
// Declares the `season` push (its type, and in the browser its schema, so this tab accepts it).
import '@sweepstack/contracts/seasons/pushes';
import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { formatFortuneCoins, formatGoldCoins } from '../../../lib/format';
import { useRealtime } from '../../../lib/use-realtime';
import { formatCountdown, useCountdown } from '../../../platform/countdown';
import { formatUsd } from '../../cash/limits';
import { loadSeason } from './season-api';
import { SeasonTower } from './season-tower';

/** The player's progress toward level 12: a bar with the figures beside it. */
function Progress({ season }: { season: SeasonView }) {
  const { t } = useTranslation();
  const player = season.player;
  if (!player) return null;
  return (
    <div className="flex flex-col gap-1" data-testid="season-progress">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-bold">{t('seasons.progress.level', { level: player.currentLevel })}</span>
        <span className="text-muted">{t('seasons.progress.points', { count: player.points })}</span>
      </div>
      <div role="progressbar" aria-label={t('seasons.progress.label')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={player.totalProgressPercents} className="h-3 overflow-hidden rounded-full border border-line bg-surface">
        <div className="h-full rounded-full bg-primary transition-[width] duration-700" style={{ width: `${player.totalProgressPercents}%` }} />
      </div>
      <p className="text-xs text-muted">{player.currentLevel >= 12 ? t('seasons.progress.top') : t('seasons.progress.next', { count: player.pointsToNextLevel })}</p>
    </div>
  );
}

/**
 * The season modal (spec §2 "season"): the default season's tower with every level's free and premium
 * prizes, the player's progress (live: the `season` push refreshes it), the published rates, the
 * countdown to its end (or start) and the premium pass's purchase.
 */
export default function SeasonModal() {
  const { t, i18n } = useTranslation();
  const [season, setSeason] = useState<SeasonView | null | undefined>(undefined);
  const refresh = useCallback(async () => setSeason(await loadSeason()), []);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  useRealtime('season', () => void refresh());

  const target = season ? Date.parse(season.status === 'scheduled' ? season.startsAt : season.endsAt) : null;
  const left = useCountdown(season && season.status !== 'ended' ? target : null, () => void refresh());
  const locale = i18n.language;

  return (
    <div className="flex flex-col gap-4" aria-busy={season === undefined}>
      <div>
        <Dialog.Title className="text-2xl font-extrabold">{season ? season.title : t('seasons.title')}</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-muted">{t('seasons.description')}</Dialog.Description>
      </div>
      {season === undefined ? (
        <p role="status" className="text-muted">
          {t('seasons.loading')}
        </p>
      ) : season === null ? (
        <p className="rounded-theme border border-line bg-surface p-4 text-center text-muted" data-testid="season-empty">
          {t('seasons.empty')}
        </p>
      ) : (
        <>
          <p className="text-sm" data-testid="season-status">
            {season.status === 'ended' ? (
              t('seasons.status.ended')
            ) : (
              <>
                {t(season.status === 'scheduled' ? 'seasons.status.startsIn' : 'seasons.status.endsIn')}{' '}
                {left !== null && (
                  <time role="timer" aria-live="off" className="font-mono font-bold" dateTime={season.status === 'scheduled' ? season.startsAt : season.endsAt}>
                    {formatCountdown(left)}
                  </time>
                )}
              </>
            )}
          </p>
          <Progress season={season} />
          {season.premium.enabled && season.player && !season.player.isPremium && season.status !== 'ended' && season.premium.packageId && (
            <div className="flex flex-col gap-2 rounded-theme border border-accent bg-raised p-3">
              <p className="text-sm">{t('seasons.premium.pitch')}</p>
              <a href={`#/cash/deposit-by-money/${encodeURIComponent(season.premium.packageId)}/preset/`} className="btn btn-accent w-full whitespace-normal text-center sm:w-auto sm:self-start" data-testid="season-buy-pass">
                {season.premium.price !== null ? t('seasons.premium.buyFor', { price: formatUsd(Math.round(season.premium.price * 100), locale) }) : t('seasons.premium.buy')}
              </a>
            </div>
          )}
          {season.player?.isPremium && <p className="text-sm font-semibold text-accent">{t('seasons.premium.unlocked')}</p>}
          <SeasonTower season={season} />
          <section className="rounded-theme border border-line bg-surface p-3 text-sm" aria-labelledby="season-rates">
            <h3 id="season-rates" className="font-bold">
              {t('seasons.rates.title')}
            </h3>
            <ul className="mt-1 list-disc pl-5 text-muted">
              <li>{t('seasons.rates.gc', { amount: formatGoldCoins(season.rates.gcWageredPerPoint, locale) })}</li>
              <li>{t('seasons.rates.fc', { amount: formatFortuneCoins(season.rates.fcCentsWageredPerPoint / 100, locale) })}</li>
              {season.rates.pointsPerDollar > 0 && <li>{t('seasons.rates.purchase', { count: season.rates.pointsPerDollar })}</li>}
              <li>{t('seasons.rates.paid')}</li>
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
