import type { SeasonView } from '@sweepstack/contracts/seasons/season';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { seasonPrizeText } from './prize-text';

type Level = SeasonView['levels'][number];

/** A tower floor's crest: a filled star once reached, an outline above the player. */
function Crest({ reached, top }: { reached: boolean; top: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" className="shrink-0">
      <path
        d={top ? 'M4 18h16l-2-10-4 4-2-7-2 7-4-4z' : 'M12 2l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17l-6.1 3.4 1.5-6.8L2.2 9l6.9-.7z'}
        fill={reached ? 'var(--primary)' : 'none'}
        stroke={reached ? 'var(--primary)' : 'var(--muted)'}
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** One floor of the tower: its points, the free prize and (with a premium track) the premium one. */
function Floor({ level, points, premiumEnabled, isPremium, current }: { level: Level; points: number; premiumEnabled: boolean; isPremium: boolean; current: boolean }) {
  const { t, i18n } = useTranslation();
  const reached = level.isCompleted;
  const paid = (yes: boolean) => (yes ? t('seasons.tower.paid') : reached ? t('seasons.tower.locked') : '');
  return (
    <li
      className={`relative flex items-center gap-3 rounded-theme border p-2 ${current ? 'border-accent bg-raised ring-2 ring-accent' : reached ? 'border-line bg-raised' : 'border-line bg-surface'}`}
      aria-current={current ? 'step' : undefined}
      data-testid={`season-level-${level.level}`}
      data-state={reached ? 'completed' : 'upcoming'}
    >
      <Crest reached={reached} top={level.level === 12} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline justify-between gap-x-2">
          <span className="font-extrabold">{t('seasons.tower.level', { level: level.level })}</span>
          <span className="text-xs text-muted">{reached ? t('seasons.tower.reached') : t('seasons.tower.points', { count: Math.max(0, level.points - points), points: level.points })}</span>
        </p>
        <div className="mt-1 grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
          <p>
            <span className="text-xs font-semibold uppercase tracking-wide text-muted">{t('seasons.tower.free')} </span>
            <span className="font-bold">{seasonPrizeText(level.freePrize, t, i18n.language)}</span> <span className="text-xs text-muted">{level.freePaid ? t('seasons.tower.paid') : ''}</span>
          </p>
          {premiumEnabled && level.premiumPrize && (
            <p>
              <span className="text-xs font-semibold uppercase tracking-wide text-accent">{t('seasons.tower.premium')} </span>
              <span className={`font-bold ${isPremium ? '' : 'text-muted'}`}>{seasonPrizeText(level.premiumPrize, t, i18n.language)}</span>{' '}
              <span className="text-xs text-muted">{isPremium ? paid(level.premiumPaid) : t('seasons.tower.needsPass')}</span>
            </p>
          )}
        </div>
      </div>
    </li>
  );
}

/** The season tower (spec §2 "season tower"): 12 floors, level 12 on top, the player's floor marked. */
export function SeasonTower({ season }: { season: SeasonView }) {
  const { t } = useTranslation();
  const player = season.player;
  const current = player ? Math.min(12, player.currentLevel + 1) : 0;
  const list = useRef<HTMLOListElement>(null);
  // Level 12 is on top; the tower scrolls on its own so that the player's next floor is in view (once,
  // when it opens) while the progress above stays on screen.
  useEffect(() => {
    const tower = list.current;
    const floor = tower?.querySelector<HTMLElement>('[aria-current="step"]');
    if (tower && floor) tower.scrollTop = floor.offsetTop - tower.clientHeight / 2 + floor.clientHeight / 2;
  }, []);
  return (
    // Focusable so that a keyboard can scroll it (axe: scrollable-region-focusable). Floors are listed
    // from the top (level 12) down, as the tower is drawn.
    <ol ref={list} tabIndex={0} reversed className="relative flex max-h-[45vh] flex-col gap-2 overflow-y-auto rounded-theme p-1 sm:max-h-96" aria-label={t('seasons.tower.label')}>
      {[...season.levels].reverse().map((level) => (
        <Floor key={level.level} level={level} points={player?.points ?? 0} premiumEnabled={season.premium.enabled} isPremium={player?.isPremium ?? false} current={player !== null && level.level === current && player.currentLevel < 12} />
      ))}
    </ol>
  );
}
