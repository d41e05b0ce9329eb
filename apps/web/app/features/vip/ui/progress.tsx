import type { RankLeagueInfo } from '@sweepstack/contracts/rank-league/info';
import { useTranslation } from '../../../i18n/use-translation';
import { formatNumber } from '../../../lib/format';
import { sectionName } from './prize-text';

type PlayerStanding = NonNullable<RankLeagueInfo['player']>;

/** The reasons the page explains (docs/features/rank-league.md); an unknown one shows nothing. */
const BLOCKED_REASONS = ['selfExcluded', 'coolingOff', 'accountNotActive', 'leagueOff'] as const;

/** The player's section, level and the bar toward the next level (moves live with progressData pushes). */
export function LeagueProgress({ player, sections }: { player: PlayerStanding; sections: RankLeagueInfo['sections'] }) {
  const { t, i18n } = useTranslation();
  const section = sections[(player.currentSection ?? 1) - 1];
  const current = player.currentLevel?.currentExperience ?? 0;
  const needed = player.currentLevel?.neededExperience ?? 1;
  const percent = Math.min(100, Math.round((current / Math.max(1, needed)) * 100));
  // Why nothing moves (the server's progressBlockedReason; completion has its own line above).
  const blocked = BLOCKED_REASONS.find((reason) => reason === player.progressBlockedReason);
  return (
    <div className="flex flex-col gap-2" data-testid="vip-progress" data-level={player.level} data-section={player.currentSection ?? 1}>
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-lg font-bold" data-testid="vip-section">
          {sectionName(section, i18n.language)}
        </span>
        <span className="font-semibold" data-testid="vip-level">
          {t('vip.progress.level', { level: player.level })}
        </span>
      </p>
      <div
        className="h-3 overflow-hidden rounded-full bg-raised"
        role="progressbar"
        aria-label={t('vip.progress.label')}
        aria-valuemin={0}
        aria-valuemax={needed}
        aria-valuenow={current}
        aria-valuetext={t('vip.progress.valueText', { current: formatNumber(current, 0, i18n.language), needed: formatNumber(needed, 0, i18n.language) })}
      >
        <div className="h-full bg-accent transition-[width] duration-500 motion-reduce:transition-none" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-muted" aria-live="polite" data-testid="vip-experience">
        {player.playerFullCompletedLeague ? t('vip.progress.completed') : t('vip.progress.valueText', { current: formatNumber(current, 0, i18n.language), needed: formatNumber(needed, 0, i18n.language) })}
      </p>
      {blocked && (
        <p className="text-sm font-semibold" role="status" data-testid="vip-progress-blocked" data-reason={player.progressBlockedReason}>
          {t(`vip.progress.blocked.${blocked}`)}
        </p>
      )}
    </div>
  );
}
