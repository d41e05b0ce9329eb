import type { DailyLoginApplyPrizeResponse } from '@sweepstack/contracts/daily-login/apply-prize';
import { DailyLoginPrizeClaimed } from '@sweepstack/contracts/daily-login/events';
import { AppError } from '@sweepstack/contracts/errors';
import { addOutageDay, currentLadder, DAILY_LOGIN_FEATURE, type DailyLoginPlayerState, gameSlugs, insertClaim, ladderStateOf, outageDaysSince, type DailyLoginLadder } from '@sweepstack/db/daily-login/repository';
import { writePlayerFeatureState } from '@sweepstack/db/repositories/feature-state';
import type { Player } from '@sweepstack/db/repositories/players';
import { readOperatorTimeZone } from '@sweepstack/db/rewards/operator-time-zone';
import { chargeRewardBudget } from '@sweepstack/db/rewards/repository';
import type { Database } from '@sweepstack/db/schema';
import { claimLevel, ladderStatus } from '@sweepstack/domain/daily-login/ladder';
import { prizeCost } from '@sweepstack/domain/rewards/budget';
import type { Prize } from '@sweepstack/domain/rewards/prize';
import type { Clock } from '@sweepstack/domain/shared/clock';
import { nextDay, operatorDay, operatorDayStartMs } from '@sweepstack/domain/shared/operator-day';
import type { Kysely, Transaction } from 'kysely';
import { recordPush } from '../../realtime/push';
import { creditPlayer } from '../../rewards/credit-player';
import { accountRefusal, claimKey, ladderRunning } from './eligibility';
import { freeSpinStakeOf } from './free-spin-stake';
import { infoOf } from './read-info';
import { prizeView } from './views';

/** The budget refused today's claim: the transaction rolls back, the day becomes an outage day. */
class BudgetSpent extends Error {}

/**
 * Pays one claim (a player's, or the finish job's for a claim left open) in `trx`: the claim row
 * (unique per player and operator day: a second claim inserts nothing and pays nothing), the
 * feature's budget, the prize through `creditPlayer` keyed `daily-login:<player>:<day>`, the player's
 * feature state for app init and the `dailyLogin` push. Answers false when the day was claimed already.
 */
export async function payClaim(
  trx: Transaction<Database>,
  claim: { playerId: number; day: string; level: number; ladder: DailyLoginLadder; prize: Prize; automatic: boolean },
  options: { clock: Clock; chargeBudget: 'required' | 'when-it-fits' },
): Promise<{ paid: boolean; freeSpinGrantId?: number }> {
  const nowMs = options.clock.nowMs();
  const inserted = await insertClaim(trx, { playerId: claim.playerId, day: claim.day, level: claim.level, ladderId: claim.ladder.id, prize: claim.prize, nowMs, automatic: claim.automatic });
  if (!inserted) return { paid: false };
  const cost = prizeCost(claim.prize, await freeSpinStakeOf(trx, claim.prize));
  const charged = await chargeRewardBudget(trx, DAILY_LOGIN_FEATURE, claim.day, cost);
  if (!charged && options.chargeBudget === 'required') throw new BudgetSpent();
  const key = claimKey(claim.playerId, claim.day);
  const credit = await creditPlayer(trx, { playerId: claim.playerId, feature: DAILY_LOGIN_FEATURE, prize: claim.prize, idempotencyKey: key, metadata: { day: claim.day, level: claim.level, automatic: claim.automatic }, notify: claim.automatic }, { clock: options.clock });
  // When the next claim opens (the next operator day's start), for app init's featureTimes.
  const nextClaimAtMs = operatorDayStartMs(nextDay(claim.day), await readOperatorTimeZone(trx));
  await writePlayerFeatureState(trx, claim.playerId, DAILY_LOGIN_FEATURE, { level: claim.level, lastClaimDay: claim.day, nextClaimAtMs } satisfies DailyLoginPlayerState, nowMs);
  const data = { day: claim.day, level: claim.level, freeSpinCount: claim.prize.kind === 'free_spins' ? claim.prize.count : 0, automatic: claim.automatic };
  await recordPush(trx, { eventType: DailyLoginPrizeClaimed.name, playerId: claim.playerId, push: { type: 'dailyLogin', action: 'claimed', data }, payload: data }, { clock: options.clock });
  return { paid: true, ...(credit.freeSpinGrantId !== undefined ? { freeSpinGrantId: credit.freeSpinGrantId } : {}) };
}

/**
 * GET /rest/daily-login/apply-prize/ (spec §7): claims today's prize, once per operator day. Refused
 * with nothing moved: an account that is not ACTIVE (self-excluded, cooling off…), the feature off or
 * finished, a second claim the same day (under concurrency too: the claim's unique key decides).
 * When the day's budget cannot pay it, the day is marked an outage day (it never breaks a streak) and
 * the claim is refused.
 */
export async function claimDailyPrize(db: Kysely<Database>, player: Pick<Player, 'id' | 'account_status'>, clock: Clock): Promise<DailyLoginApplyPrizeResponse> {
  const refusal = accountRefusal(player.account_status);
  if (refusal) throw new AppError(refusal.code);
  const timeZone = await readOperatorTimeZone(db);
  try {
    return await db.transaction().execute(async (trx) => {
      const nowMs = clock.nowMs();
      const ladder = await currentLadder(trx);
      if (!ladder || !ladderRunning(ladder, nowMs)) throw new AppError('DAILY_LOGIN_NOT_ACTIVE');
      const day = operatorDay(nowMs, timeZone);
      const state = await ladderStateOf(trx, player.id);
      const outages = await outageDaysSince(trx, state.lastClaimDay ?? day);
      if (!ladderStatus(state, day, outages, ladder.rules).isAvailable) throw new AppError('DAILY_LOGIN_ALREADY_CLAIMED');
      const { level } = claimLevel(state, day, outages, ladder.rules);
      const prize = ladder.levels[level - 1]!;
      const paid = await payClaim(trx, { playerId: player.id, day, level, ladder, prize, automatic: false }, { clock, chargeBudget: 'required' });
      // Two claims at once: the second one's insert found the first's row.
      if (!paid.paid) throw new AppError('DAILY_LOGIN_ALREADY_CLAIMED');
      const grant = paid.freeSpinGrantId === undefined ? undefined : await trx.selectFrom('free_spin_grants').selectAll().where('id', '=', paid.freeSpinGrantId).executeTakeFirst();
      const slugs = await gameSlugs(trx, prize.kind === 'free_spins' ? [prize.gameId] : []);
      return {
        success: true as const,
        prizes: prizeView(level, prize, { gameSlugs: slugs, grant }),
        level,
        day,
        info: await infoOf(trx, ladder, player, nowMs, timeZone),
      };
    });
  } catch (error) {
    if (!(error instanceof BudgetSpent)) throw error;
    const nowMs = clock.nowMs();
    await addOutageDay(db, operatorDay(nowMs, timeZone), 'daily login budget spent', { nowMs });
    throw new AppError('DAILY_LOGIN_UNAVAILABLE_TODAY');
  }
}
