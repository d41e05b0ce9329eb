import { AppError, type ErrorCode } from '@sweepstack/contracts/errors';
import type { WheelDraw, WheelSpinAnswer, WheelSpinRequest } from '@sweepstack/contracts/wheel-of-treasure/spin';
import { WheelOfTreasureSpun } from '@sweepstack/contracts/wheel-of-treasure/events';
import { recordEvent } from '@sweepstack/db/repositories/domain-events';
import { writePlayerFeatureState } from '@sweepstack/db/repositories/feature-state';
import { findSeedById } from '@sweepstack/db/repositories/game-play';
import type { Player } from '@sweepstack/db/repositories/players';
import { childRewardDraws, findRewardDrawById, prizeTableById, type RewardDraw } from '@sweepstack/db/rewards/repository';
import type { Database } from '@sweepstack/db/schema';
import { findWheelSpin, insertWheelSpin, lockWheelState, saveWheelState, WHEEL_TABLES, wheelSettings, wheelStateOf } from '@sweepstack/db/wheel-of-treasure/repository';
import type { Prize } from '@sweepstack/domain/rewards/prize';
import { DomainError } from '@sweepstack/domain/shared/domain-error';
import { nextOperatorDayStartMs, operatorDay } from '@sweepstack/domain/shared/operator-day';
import { takeWheelSpin } from '@sweepstack/domain/wheel-of-treasure/wheel-rules';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../app-context';
import { drawDependencies } from '../../rewards/draw-dependencies';
import { drawPrize } from '../../rewards/draw-prize';
import { extraTableOf, FEATURE, isWheelActive, playerStatusOf, type WheelPlayerFeatureState } from './wheel-info';

/** Why an account that is not ACTIVE may not spin (docs/responsible-play.md). */
function refusal(accountStatus: Player['account_status']): ErrorCode {
  return accountStatus === 'COOLING_OFF' ? 'WHEEL_OF_TREASURE_COOLING_OFF' : accountStatus === 'SELF_EXCLUDED' ? 'WHEEL_OF_TREASURE_SELF_EXCLUDED' : 'WHEEL_OF_TREASURE_NOT_ALLOWED';
}

/** The spin's key: its draws' idempotency keys start with it, so a retried request pays once. */
export function spinKeyOf(playerId: number, requestKey: string): string {
  return `${FEATURE}:${playerId}:${requestKey}`;
}

/** A stored draw as the answer shows it: what /fairness needs to recompute it. */
async function wheelDrawOf(trx: Transaction<Database>, draw: RewardDraw): Promise<WheelDraw> {
  const [table, seed] = await Promise.all([prizeTableById(trx, Number(draw.table_id)), findSeedById(trx, Number(draw.seed_id))]);
  if (!table || !seed) throw new Error(`reward draw ${draw.id} lost its table or seed`);
  return {
    drawId: Number(draw.id),
    serverSeedHash: seed.server_seed_hash,
    clientSeed: seed.client_seed,
    nonce: Number(draw.nonce),
    ticket: Number(draw.ticket),
    segmentIndex: Number(draw.segment_index),
    table: table.slug,
    tableVersion: table.version,
    segmentPrize: table.segments[Number(draw.segment_index)]!.prize,
  };
}

/** The whole answer of a stored spin (a fresh one or a replay): its draws, the prize paid and the player's status. */
async function answerOf(trx: Transaction<Database>, spin: { kind: 'daily' | 'extra'; drawId: number; boosterDrawId: number | null }, player: number, deps: AppDeps, replayed: boolean): Promise<WheelSpinAnswer> {
  const main = (await findRewardDrawById(trx, spin.drawId))!;
  const boosterRow = spin.boosterDrawId === null ? undefined : await findRewardDrawById(trx, spin.boosterDrawId);
  const [child] = await childRewardDraws(trx, spin.drawId);
  const paidBy = child ?? main;
  const prize = JSON.parse(paidBy.prize_json) as Prize;
  const settings = await wheelSettings(trx);
  return {
    kind: spin.kind,
    replayed,
    booster: boosterRow ? await wheelDrawOf(trx, boosterRow) : null,
    boosterFactor: Number(main.multiplier),
    draw: await wheelDrawOf(trx, main),
    lootbox: child ? await wheelDrawOf(trx, child) : null,
    fellBack: Number(main.fell_back) === 1 || (child !== undefined && Number(child.fell_back) === 1),
    prize: prize.kind === 'lootbox' ? { kind: 'nothing' } : prize,
    status: playerStatusOf(await wheelStateOf(trx, player), settings, deps.clock.nowMs()),
  };
}

/**
 * Spins the wheel of treasure (docs/features/wheel-of-treasure.md): today's free spin (first the
 * booster wheel when the player earned it, whose multiplier boosts the daily wheel's draw) or one
 * bought extra spin (the extended wheel of this theme, with the treasure chest where lootboxes are on).
 * Every draw is provably fair and decided here, before any animation; all in one transaction, so a
 * refusal moves nothing, and a retry with the same request key answers the first spin.
 */
export async function spinWheel(deps: AppDeps, playerId: number, request: WheelSpinRequest): Promise<WheelSpinAnswer> {
  const drawDeps = await drawDependencies(deps);
  const spinKey = spinKeyOf(playerId, request.requestKey);
  return deps.database.db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('players').select('account_status').where('id', '=', playerId).executeTakeFirstOrThrow();
    if (account.account_status !== 'ACTIVE') throw new AppError(refusal(account.account_status));
    const nowMs = deps.clock.nowMs();
    // The row lock comes first: a concurrent retry of the same key waits here, then finds the spin.
    const state = await lockWheelState(trx, playerId, nowMs);
    const existing = await findWheelSpin(trx, spinKey);
    if (existing) {
      if (existing.kind !== request.kind) throw new AppError('WHEEL_OF_TREASURE_KEY_REUSED');
      return answerOf(trx, { kind: existing.kind, drawId: Number(existing.draw_id), boosterDrawId: existing.booster_draw_id === null ? null : Number(existing.booster_draw_id) }, playerId, deps, true);
    }
    const settings = await wheelSettings(trx);
    // Bought extra spins stay spinnable when the feature ends: nothing paid for is lost.
    if (request.kind === 'daily' && !isWheelActive(settings, nowMs)) throw new AppError('WHEEL_OF_TREASURE_NOT_ACTIVE');
    const day = operatorDay(nowMs, settings.timeZone);
    let taken;
    try {
      taken = takeWheelSpin(state, request.kind, day, settings);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'WHEEL_NOT_AVAILABLE') throw new AppError(request.kind === 'daily' ? 'WHEEL_OF_TREASURE_DAILY_USED' : 'WHEEL_OF_TREASURE_NO_EXTRA_SPINS');
      throw error;
    }
    let boosterDrawId: number | null = null;
    let factor = 1;
    if (request.kind === 'daily' && taken.boosted) {
      const booster = await drawPrize(trx, { playerId, feature: FEATURE, table: WHEEL_TABLES.booster, idempotencyKey: `${spinKey}:booster`, day }, drawDeps);
      boosterDrawId = Number(booster.draw.id);
      if (booster.prize.kind === 'multiplier') factor = booster.prize.factor;
    }
    const table = request.kind === 'daily' ? WHEEL_TABLES.daily : extraTableOf(deps.config.THEME);
    const outcome = await drawPrize(trx, { playerId, feature: FEATURE, table, idempotencyKey: `${spinKey}:wheel`, multiplier: factor, day }, drawDeps);
    await saveWheelState(trx, playerId, taken.state, nowMs);
    // App init's featureTimes: the next daily spin opens with the next operator day.
    if (request.kind === 'daily') await writePlayerFeatureState(trx, playerId, FEATURE, { nextDailyAtMs: nextOperatorDayStartMs(nowMs, settings.timeZone) } satisfies WheelPlayerFeatureState, nowMs);
    await insertWheelSpin(trx, { key: spinKey, playerId, kind: request.kind, day, drawId: Number(outcome.draw.id), boosterDrawId, nowMs });
    const answer = await answerOf(trx, { kind: request.kind, drawId: Number(outcome.draw.id), boosterDrawId }, playerId, deps, false);
    await recordEvent(
      trx,
      { type: WheelOfTreasureSpun.name, playerId, payload: { kind: request.kind, drawId: answer.draw.drawId, boosterFactor: factor, lootboxOpened: answer.lootbox !== null, fellBack: answer.fellBack } },
      { clock: deps.clock },
    );
    return answer;
  });
}
