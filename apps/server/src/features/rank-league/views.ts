import { RANK_LEAGUE_OFF, type AccountStatus, type AppInitData } from '@sweepstack/contracts/app/app-init';
import type { CoinsPrize } from '@sweepstack/contracts/rank-league/cashback';
import type { LeagueSectionView } from '@sweepstack/contracts/rank-league/info';
import { rulesAt, type RankLeaguePlayerState, type RankLeagueStatus } from '@sweepstack/db/rank-league/repository';
import { leagueLevels, progressOf, sumAllLevelsPoints, type LeagueRules, type LeagueSection } from '@sweepstack/domain/rank-league/rules';

export const FEATURE = 'rank-league';

type RankLeague = AppInitData['rankLeague'];

/** App init's `rankLeague` when the league is off (or for a guest): the contract's. */
export const LEAGUE_OFF: RankLeague = RANK_LEAGUE_OFF;

/** App init's `rankLeague` for a signed-in player while the league is off. */
const LEAGUE_OFF_FOR_PLAYERS: RankLeague = Object.freeze({ ...RANK_LEAGUE_OFF, progressBlockedReason: 'leagueOff' satisfies ProgressBlockedReason });

/** The languages the league's reads answer in (`?locale=`, as the tournaments' reads). */
export type LeagueLocale = 'en' | 'es';

/** A section's name in each language (operator data): its Spanish title, else the English one. */
export function sectionTitles(section: Pick<LeagueSection, 'title' | 'titleEs'>): { en: string; es: string } {
  return { en: section.title, es: section.titleEs ?? section.title };
}

/**
 * One section with its benefits (spec §2: the ladder on /vip; `nextSectionBenefits`): `title` in
 * `locale` (English for app init and pushes, which serve pages in either language), `titles` in both.
 */
export function sectionView(rules: LeagueRules, index: number, locale: LeagueLocale = 'en'): LeagueSectionView {
  const section = rules.sections[index - 1]!;
  const levels = leagueLevels(rules).filter((l) => l.section === index);
  const titles = sectionTitles(section);
  return {
    index,
    slug: section.slug,
    title: titles[locale],
    titles,
    levels: levels.map((l) => ({ level: l.level, neededExperience: l.neededExperience })),
    reward: section.reward,
    cashbackPercent: section.cashbackBp / 100,
    keepExperience: section.keepExperience,
    dailyWheelPrize: section.dailyWheelPrize,
  };
}

/**
 * Why a player's league progress is blocked (app init's `progressBlockedReason`,
 * docs/features/rank-league.md): `leagueCompleted` at the top of the league; an account that cannot
 * play earns no experience: `selfExcluded`, `coolingOff` (responsible play), `accountNotActive`
 * (any other status that is not ACTIVE; blocked and closed accounts have no session, so they never
 * read it); `leagueOff` while the operator has switched the league off.
 * Null: nothing blocks it. No other rule gates experience (no verification is needed to earn it).
 */
export type ProgressBlockedReason = 'leagueCompleted' | 'selfExcluded' | 'coolingOff' | 'accountNotActive' | 'leagueOff';

/** The reason of an account status that stops play, or null for an active account (or unknown: a push made by play). */
export function accountBlockedReason(accountStatus: AccountStatus | null | undefined): ProgressBlockedReason | null {
  if (!accountStatus || accountStatus === 'ACTIVE') return null;
  return accountStatus === 'SELF_EXCLUDED' ? 'selfExcluded' : accountStatus === 'COOLING_OFF' ? 'coolingOff' : 'accountNotActive';
}

/** Where a player with `state` stands under `rules` (app init's `rankLeague`, the progressData push). */
export function leagueSliceOf(rules: LeagueRules, state: Pick<RankLeaguePlayerState, 'level' | 'experienceMilli'>, accountStatus?: AccountStatus | null): RankLeague {
  const progress = progressOf(rules, Math.floor(state.experienceMilli / 1000), state.level);
  const levels = leagueLevels(rules);
  const section = rules.sections[progress.section - 1]!;
  const next = progress.completed ? undefined : levels[progress.level];
  return {
    enabled: true,
    currentSection: progress.section,
    currentLevel: { currentExperience: progress.currentExperience, neededExperience: progress.neededExperience },
    nextLevel: next ? { level: next.level, section: next.section, neededExperience: next.neededExperience } : null,
    nextSectionBenefits: progress.section < rules.sections.length ? { ...sectionView(rules, progress.section + 1) } : null,
    coinsBack: section.cashbackBp / 100,
    playerFullCompletedLeague: progress.completed,
    sumAllLevelsPoints: sumAllLevelsPoints(rules),
    availableWheel: section.dailyWheelPrize !== null,
    progressBlockedReason: progress.completed ? 'leagueCompleted' : accountBlockedReason(accountStatus),
    sectionsCount: rules.sections.length,
    rankLeagueDailyWheelPrize: section.dailyWheelPrize ? { ...section.dailyWheelPrize } : null,
  };
}

/** App init's slice from the feature's two rows: pure and cheap (it runs on every answer). */
export function appInitSlice(status: RankLeagueStatus | null, state: RankLeaguePlayerState | null, signedIn: boolean, accountStatus: AccountStatus | null | undefined, nowMs: number): RankLeague {
  if (!signedIn) return LEAGUE_OFF;
  const rules = status?.enabled ? rulesAt(status, nowMs) : undefined;
  // Switched off (or no rules yet): off, and a signed-in player is told why nothing moves.
  if (!rules) return LEAGUE_OFF_FOR_PLAYERS;
  return leagueSliceOf(rules, state ?? { level: 1, experienceMilli: 0 }, accountStatus);
}

/** Ledger units to the API's coins: Gold Coins whole, Fortune Coins with two decimals. */
export function coinsPrize(goldCoins: number, fortuneCents: number): CoinsPrize {
  return { coins: goldCoins, entries: fortuneCents / 100 };
}
