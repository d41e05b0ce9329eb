import { RankLeagueProgressed, RankLeagueSectionUp } from '@sweepstack/contracts/rank-league/events';
import { RANK_LEAGUE_FEATURE, setLeaguePosition, type LeaguePlayerRow, type RankLeaguePlayerState } from '@sweepstack/db/rank-league/repository';
import { writePlayerFeatureState } from '@sweepstack/db/repositories/feature-state';
import type { Database } from '@sweepstack/db/schema';
import { progressOf, sectionsEntered, type LeagueRules } from '@sweepstack/domain/rank-league/rules';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Transaction } from 'kysely';
import { recordPush } from '../../realtime/push';
import { creditPlayer } from '../../rewards/credit-player';
import { leagueSliceOf } from './views';

/** The idempotency key of a section's reward: once per player and section, ever (a demoted player re-entering is not paid again). */
export function sectionRewardKey(playerId: number, slug: string): string {
  return `rank-league:section:${playerId}:${slug}`;
}

/** Writes the player's row for app init and other features (`level` is the overall 1-based level). */
export async function writeLeagueState(trx: Transaction<Database>, state: RankLeaguePlayerState & { playerId: number }, nowMs: number): Promise<void> {
  await writePlayerFeatureState(trx, state.playerId, RANK_LEAGUE_FEATURE, { level: state.level, section: state.section, experienceMilli: state.experienceMilli } satisfies RankLeaguePlayerState, nowMs);
}

/**
 * After a player's experience changed (`row`: the new total with the level and section stored
 * before): stores the new level, pays each section entered its reward once (rewards engine, keyed per
 * player and section), and pushes `sectionUp` for each and `progressData` once, all in `trx`.
 */
export async function settleProgress(trx: Transaction<Database>, rules: LeagueRules, row: LeaguePlayerRow, clock: Clock): Promise<void> {
  const nowMs = clock.nowMs();
  const progress = progressOf(rules, Math.floor(row.experienceMilli / 1000), row.level);
  const state = { playerId: row.playerId, level: progress.level, section: progress.section, experienceMilli: row.experienceMilli };
  if (progress.level !== row.level || progress.section !== row.section) {
    await setLeaguePosition(trx, row.playerId, { level: progress.level, section: progress.section, sectionChanged: progress.section !== row.section }, nowMs);
  }
  await writeLeagueState(trx, state, nowMs);
  const slice = leagueSliceOf(rules, state);
  for (const index of sectionsEntered(row.section, progress.section)) {
    const section = rules.sections[index - 1]!;
    const credit = section.reward ? await creditPlayer(trx, { playerId: row.playerId, feature: RANK_LEAGUE_FEATURE, prize: section.reward, idempotencyKey: sectionRewardKey(row.playerId, section.slug), metadata: { section: section.slug } }, { clock }) : undefined;
    const reward = section.reward && credit && !credit.replayed ? section.reward : null;
    await recordPush(trx, { eventType: RankLeagueSectionUp.name, playerId: row.playerId, payload: { section: index, slug: section.slug }, push: { type: 'rankLeague', action: 'sectionUp', data: { section: index, title: section.title, reward, progress: slice } } }, { clock });
  }
  await recordPush(trx, { eventType: RankLeagueProgressed.name, playerId: row.playerId, payload: { level: progress.level, section: progress.section, experience: Math.floor(row.experienceMilli / 1000) }, push: { type: 'rankLeague', action: 'progressData', data: slice } }, { clock });
}
