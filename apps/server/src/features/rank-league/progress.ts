import { RankLeagueProgressed, RankLeagueSectionUp } from '@sweepstack/contracts/rank-league/events';
import { RANK_LEAGUE_FEATURE, setLeaguePosition, type LeaguePlayerRow, type RankLeaguePlayerState } from '@sweepstack/db/rank-league/repository';
import { recordEvents, type NewDomainEvent } from '@sweepstack/db/repositories/domain-events';
import { writePlayerFeatureState, writePlayerFeatureStates } from '@sweepstack/db/repositories/feature-state';
import type { Database } from '@sweepstack/db/schema';
import { progressOf, sectionsEntered, type LeagueRules } from '@sweepstack/domain/rank-league/rules';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Transaction } from 'kysely';
import { pushEvent } from '../../realtime/push';
import { creditPlayer } from '../../rewards/credit-player';
import { leagueSliceOf, sectionTitles } from './views';

/** The idempotency key of a section's reward: once per player and section, ever (a demoted player re-entering is not paid again). */
export function sectionRewardKey(playerId: number, slug: string): string {
  return `rank-league:section:${playerId}:${slug}`;
}

/** Writes the player's row for app init and other features (`level` is the overall 1-based level). */
export async function writeLeagueState(trx: Transaction<Database>, state: RankLeaguePlayerState & { playerId: number }, nowMs: number): Promise<void> {
  await writePlayerFeatureState(trx, state.playerId, RANK_LEAGUE_FEATURE, { level: state.level, section: state.section, experienceMilli: state.experienceMilli } satisfies RankLeaguePlayerState, nowMs);
}

/** The whole percentage of the level bar (what the /vip bar shows) at an experience and stored level. */
function barPercent(rules: LeagueRules, experienceMilli: number, level: number): number {
  const progress = progressOf(rules, Math.floor(experienceMilli / 1000), level);
  return progress.neededExperience > 0 ? Math.floor((progress.currentExperience * 100) / progress.neededExperience) : 100;
}

/**
 * After players' experience changed (`rows`: each new total with the level and section stored
 * before; `gainedMilli`: what this change added): stores each new level, pays each section entered
 * its reward once (rewards engine, keyed per player and section), writes every player's app-init row
 * in one statement, and pushes `sectionUp` for each section entered and `progressData` when what the
 * player sees moves (a level, a section, or the bar's whole percentage: not every round of a long
 * level), all in `trx`, the pushes in one insert.
 */
export async function settleProgressOfMany(trx: Transaction<Database>, rules: LeagueRules, rows: readonly LeaguePlayerRow[], gainedMilli: ReadonlyMap<number, number>, clock: Clock): Promise<void> {
  const nowMs = clock.nowMs();
  const states = new Map<number, RankLeaguePlayerState>();
  const pushes: NewDomainEvent[] = [];
  for (const row of [...rows].sort((a, b) => a.playerId - b.playerId)) {
    const progress = progressOf(rules, Math.floor(row.experienceMilli / 1000), row.level);
    const state = { playerId: row.playerId, level: progress.level, section: progress.section, experienceMilli: row.experienceMilli };
    const moved = progress.level !== row.level || progress.section !== row.section;
    if (moved) await setLeaguePosition(trx, row.playerId, { level: progress.level, section: progress.section, sectionChanged: progress.section !== row.section }, nowMs);
    states.set(row.playerId, { level: state.level, section: state.section, experienceMilli: state.experienceMilli });
    const slice = leagueSliceOf(rules, state);
    for (const index of sectionsEntered(row.section, progress.section)) {
      const section = rules.sections[index - 1]!;
      const credit = section.reward ? await creditPlayer(trx, { playerId: row.playerId, feature: RANK_LEAGUE_FEATURE, prize: section.reward, idempotencyKey: sectionRewardKey(row.playerId, section.slug), metadata: { section: section.slug } }, { clock }) : undefined;
      const reward = section.reward && credit && !credit.replayed ? section.reward : null;
      pushes.push(pushEvent({ eventType: RankLeagueSectionUp.name, playerId: row.playerId, payload: { section: index, slug: section.slug }, push: { type: 'rankLeague', action: 'sectionUp', data: { section: index, title: section.title, titles: sectionTitles(section), reward, progress: slice } } }));
    }
    const beforeMilli = row.experienceMilli - (gainedMilli.get(row.playerId) ?? 0);
    if (moved || barPercent(rules, beforeMilli, row.level) !== barPercent(rules, row.experienceMilli, progress.level)) {
      pushes.push(pushEvent({ eventType: RankLeagueProgressed.name, playerId: row.playerId, payload: { level: progress.level, section: progress.section, experience: Math.floor(row.experienceMilli / 1000) }, push: { type: 'rankLeague', action: 'progressData', data: slice } }));
    }
  }
  await writePlayerFeatureStates(trx, RANK_LEAGUE_FEATURE, states, nowMs);
  await recordEvents(trx, pushes, { clock });
}
