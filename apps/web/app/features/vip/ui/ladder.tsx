import type { RankLeagueInfo } from '@sweepstack/contracts/rank-league/info';
import { useTranslation } from '../../../i18n/use-translation';
import { formatNumber } from '../../../lib/format';
import { prizeText, sectionName } from './prize-text';

/** Every section with its benefits, the player's marked (spec §2: the ladder on /vip). */
export function Ladder({ sections, currentSection }: { sections: RankLeagueInfo['sections']; currentSection: number | null }) {
  const { t, i18n } = useTranslation();
  return (
    <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="vip-ladder">
      {sections.map((section) => {
        const current = section.index === currentSection;
        const total = section.levels.reduce((sum, l) => sum + l.neededExperience, 0);
        return (
          <li key={section.slug} className={`card flex flex-col gap-2 p-4 ${current ? 'ring-2 ring-accent' : ''}`} aria-current={current ? 'step' : undefined} data-testid={`vip-section-${section.slug}`}>
            <h3 className="flex items-center justify-between gap-2 text-lg font-bold">
              <span>{sectionName(section, i18n.language)}</span>
              {current && <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-on-accent">{t('vip.ladder.you')}</span>}
            </h3>
            <p className="text-sm text-muted">{t('vip.ladder.levels', { count: section.levels.length, experience: formatNumber(total, 0, i18n.language) })}</p>
            <ul className="flex flex-col gap-1 text-sm">
              <li>{t('vip.ladder.cashback', { percent: formatNumber(section.cashbackPercent, section.cashbackPercent % 1 === 0 ? 0 : 2, i18n.language) })}</li>
              {section.reward && <li>{t('vip.ladder.reward', { prize: prizeText(section.reward, t, i18n.language) })}</li>}
              {section.dailyWheelPrize && <li>{t('vip.ladder.wheel', { prize: prizeText(section.dailyWheelPrize, t, i18n.language) })}</li>}
              {section.keepExperience > 0 && <li className="text-muted">{t('vip.ladder.keep', { experience: formatNumber(section.keepExperience, 0, i18n.language) })}</li>}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
