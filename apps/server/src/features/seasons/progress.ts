import { SeasonsPremiumUnlocked, SeasonsPrizeAssigned, SeasonsProgressUpdated } from '@sweepstack/contracts/seasons/events';
import { recordEvents, type NewDomainEvent } from '@sweepstack/db/repositories/domain-events';
import { writePlayerFeatureState, writePlayerFeatureStates } from '@sweepstack/db/repositories/feature-state';
import type { Database } from '@sweepstack/db/schema';
import { addSeasonTotals, addSeasonTotalsOfMany, insertSeasonAward, saveSeasonProgress, saveSeasonProgressOfMany, seasonAwardsOf, SEASONS_FEATURE, unlockSeasonPremium, type Season, type SeasonPlayer } from '@sweepstack/db/seasons/repository';
import type { Clock } from '@sweepstack/domain/shared/clock';
import { levelOf, owedPrizes, SEASON_LEVEL_COUNT, seasonPoints, totalProgressPercents, type SeasonTotals, type SeasonTrack } from '@sweepstack/domain/seasons/season-progress';
import type { Transaction } from 'kysely';
import { pushEvent, recordPush } from '../../realtime/push';
import { creditPlayer } from '../../rewards/credit-player';

/** What app init reads of a player (`player_feature_state`, feature `seasons`). */
export interface SeasonPlayerState {
  slug: string;
  points: number;
  level: number;
  totalProgressPercents: number;
  premium: boolean;
}

/** The ledger / grant key of a level prize: paid once per season, player, level and track. */
export function seasonCreditKey(seasonId: number, playerId: number, level: number, track: SeasonTrack): string {
  return `seasons:${seasonId}:${playerId}:${level}:${track}`;
}

function progressOf(season: Season, points: number, level: number, premium: boolean) {
  return { slug: season.slug, points, currentLevel: level, totalProgressPercents: totalProgressPercents(points, season.levels), isPremium: premium };
}

/**
 * Pays every level prize the player is owed and has not been paid (docs/features/seasons.md): the
 * free prize of each level reached and, with the premium track, its premium prize. Each is a
 * `season_awards` row (its primary key makes it once) and a `creditPlayer` keyed by it, with a
 * `prizeAssigned` push. `notify`: credited without the player playing (a late unlock, the end sweep).
 */
export async function payOwedSeasonPrizes(
  trx: Transaction<Database>,
  season: Season,
  playerId: number,
  player: Pick<SeasonPlayer, 'points' | 'level' | 'premium'>,
  options: { clock: Clock; notify: boolean },
): Promise<{ level: number; track: SeasonTrack }[]> {
  const owed = owedPrizes(season.levels, player.level, player.premium && season.premiumPackageId !== null);
  if (owed.length === 0) return [];
  const paidBefore = await seasonAwardsOf(trx, season.id, playerId);
  const nowMs = options.clock.nowMs();
  const paid: { level: number; track: SeasonTrack }[] = [];
  for (const { level, track, prize } of owed) {
    if (paidBefore.has(`${level}:${track}`)) continue;
    const creditKey = seasonCreditKey(season.id, playerId, level, track);
    if (!(await insertSeasonAward(trx, { seasonId: season.id, playerId, level, track, prize, creditKey }, nowMs))) continue;
    await creditPlayer(trx, { playerId, feature: SEASONS_FEATURE, prize, idempotencyKey: creditKey, metadata: { season: season.slug, level, track }, notify: options.notify }, { clock: options.clock });
    const data = { ...progressOf(season, player.points, player.level, player.premium), level, track, prize, isLastLevel: level === SEASON_LEVEL_COUNT };
    await recordPush(trx, { eventType: SeasonsPrizeAssigned.name, playerId, payload: { slug: season.slug, level, track }, push: { type: 'season', action: 'prizeAssigned', data } }, { clock: options.clock });
    paid.push({ level, track });
  }
  return paid;
}

/**
 * Adds play or a purchase to a player's season (one transaction, the caller's): the totals, the points
 * and level they make at the season's rates, the premium unlock of a purchase of its package, every
 * prize that makes owed, the app-init state and the pushes (`progressUpdate` when the points moved,
 * `availableByDeposit` on the unlock, `prizeAssigned` per prize).
 */
export async function addSeasonProgress(
  trx: Transaction<Database>,
  season: Season,
  playerId: number,
  delta: SeasonTotals,
  options: { clock: Clock; unlockPaymentId?: string },
): Promise<{ points: number; level: number; premium: boolean; paid: { level: number; track: SeasonTrack }[] }> {
  const nowMs = options.clock.nowMs();
  const row = await addSeasonTotals(trx, season.id, playerId, delta, nowMs);
  const points = seasonPoints(row, season.rates);
  const level = levelOf(points, season.levels);
  const unlocked = options.unlockPaymentId !== undefined && season.premiumPackageId !== null && !row.premium && (await unlockSeasonPremium(trx, season.id, playerId, options.unlockPaymentId, nowMs));
  const premium = row.premium || unlocked;
  const moved = points !== row.points || level !== row.level;
  if (moved) await saveSeasonProgress(trx, season.id, playerId, { points, level }, nowMs);
  const progress = progressOf(season, points, level, premium);
  if (moved || unlocked) {
    const state: SeasonPlayerState = { slug: season.slug, points, level, totalProgressPercents: progress.totalProgressPercents, premium };
    await writePlayerFeatureState(trx, playerId, SEASONS_FEATURE, state, nowMs);
  }
  if (points !== row.points) {
    await recordPush(trx, { eventType: SeasonsProgressUpdated.name, playerId, payload: { slug: season.slug, points, level }, push: { type: 'season', action: 'progressUpdate', data: progress } }, { clock: options.clock });
  }
  let paid: { level: number; track: SeasonTrack }[] = [];
  if (unlocked) {
    // A late unlock pays the premium prizes of the levels already passed (with the notice of a credit made for the player).
    paid = await payOwedSeasonPrizes(trx, season, playerId, { points, level, premium }, { clock: options.clock, notify: false });
    const levelsPaid = paid.filter((p) => p.track === 'premium').length;
    await recordPush(trx, {
      eventType: SeasonsPremiumUnlocked.name,
      playerId,
      payload: { slug: season.slug, paymentId: options.unlockPaymentId!, levelsPaid },
      push: { type: 'season', action: 'availableByDeposit', data: { ...progress, levelsPaid } },
    }, { clock: options.clock });
  } else if (level !== row.level) {
    paid = await payOwedSeasonPrizes(trx, season, playerId, { points, level, premium }, { clock: options.clock, notify: false });
  }
  return { points, level, premium, paid };
}

/**
 * Play of many players in one season (a batch of rounds, one transaction): their totals in one
 * statement, the points and levels that moved in one more, their app-init rows in one, and the
 * `progressUpdate` pushes in one insert. A push goes out when what the player sees moves: a level, or
 * the whole percentage of the season's progress (the tower and the modal's bar), not every round.
 * A level reached pays its prizes as `addSeasonProgress` does.
 */
export async function addSeasonPlayOfMany(trx: Transaction<Database>, season: Season, deltas: ReadonlyMap<number, SeasonTotals>, options: { clock: Clock }): Promise<void> {
  if (deltas.size === 0) return;
  const nowMs = options.clock.nowMs();
  const rows = await addSeasonTotalsOfMany(trx, season.id, deltas, nowMs);
  const moved = new Map<number, { points: number; level: number }>();
  const states = new Map<number, SeasonPlayerState>();
  const pushes: NewDomainEvent[] = [];
  const levelUps: { playerId: number; player: { points: number; level: number; premium: boolean } }[] = [];
  for (const [playerId, row] of [...rows].sort(([a], [b]) => a - b)) {
    const points = seasonPoints(row, season.rates);
    const level = levelOf(points, season.levels);
    if (points === row.points && level === row.level) continue;
    moved.set(playerId, { points, level });
    const progress = progressOf(season, points, level, row.premium);
    states.set(playerId, { slug: season.slug, points, level, totalProgressPercents: progress.totalProgressPercents, premium: row.premium });
    if (level !== row.level || Math.floor(progress.totalProgressPercents) !== Math.floor(totalProgressPercents(row.points, season.levels))) {
      pushes.push(pushEvent({ eventType: SeasonsProgressUpdated.name, playerId, payload: { slug: season.slug, points, level }, push: { type: 'season', action: 'progressUpdate', data: progress } }));
    }
    if (level !== row.level) levelUps.push({ playerId, player: { points, level, premium: row.premium } });
  }
  await saveSeasonProgressOfMany(trx, season.id, moved, nowMs);
  await writePlayerFeatureStates(trx, SEASONS_FEATURE, states, nowMs);
  await recordEvents(trx, pushes, { clock: options.clock });
  for (const { playerId, player } of levelUps) await payOwedSeasonPrizes(trx, season, playerId, player, { clock: options.clock, notify: false });
}
