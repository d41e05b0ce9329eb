import { chargeRewardBudget, childRewardDraws, currentPrizeTable, findRewardDrawByKey, insertRewardDraw, prizeTableById, type RewardDraw, type StoredPrizeTable } from '@sweepstack/db/rewards/repository';
import { ensureActiveSeed, lockActiveSeed } from '@sweepstack/db/repositories/game-play';
import { isSweepstakesRestrictedPlayer } from '@sweepstack/db/repositories/player-location';
import type { Database } from '@sweepstack/db/schema';
import { prizeCost, type FreeSpinStake } from '@sweepstack/domain/rewards/budget';
import { multiplyPrize, paysFortuneCoins, withoutFortuneCoins, type Prize } from '@sweepstack/domain/rewards/prize';
import { drawSegmentIndex } from '@sweepstack/domain/rewards/prize-table';
import type { Clock } from '@sweepstack/domain/shared/clock';
import { HmacRandomSource } from '@sweepstack/games/fairness/hmac-random';
import { sql, type Transaction } from 'kysely';
import { creditPlayer, notifyFortuneCoinsWithheld } from './credit-player';
import { nativeHmacSha256 } from '../games/play';

export interface DrawPrizeRequest {
  playerId: number;
  /** The feature drawing (its budget is charged; its name goes on the credit). */
  feature: string;
  /** The table's slug; its current version is used and recorded. */
  table: string;
  /** One draw per key: a retry answers the first draw and pays nothing again. */
  idempotencyKey: string;
  /** The booster: the drawn prize is multiplied by this (1: none). */
  multiplier?: number;
  /** The operator day whose budget is charged. */
  day: string;
  /**
   * Draw now (budget charged, draw stored), pay later with `payRewardDraw`: an outcome fixed before
   * it is shown (a scratch card). Not for tables with lootboxes.
   */
  deferPayment?: boolean;
}

export interface DrawOutcome {
  draw: RewardDraw;
  table: StoredPrizeTable;
  /** What was paid (after the booster, the fallback, or the lootbox's own draw). */
  prize: Prize;
  /** The draw a lootbox prize opened, if any. */
  opened?: { draw: RewardDraw; table: StoredPrizeTable; prize: Prize };
  replayed: boolean;
}

export interface DrawDependencies {
  clock: Clock;
  /** The stake of one free spin of a prize (from the game's bet steps). */
  freeSpinStake: FreeSpinStake;
  /** A fresh server seed commitment when the player has none yet (from the server's CSPRNG). */
  newSeed: () => { serverSeed: string; serverSeedHash: string; clientSeed: string };
}

/**
 * One provably fair draw from a prize table, paid in the caller's transaction (docs/rewards.md):
 * the player's committed seed pair and next nonce give one ticket over the table's total weight
 * (the games' HMAC-SHA256 source, rejection sampled), the ticket names the segment, the booster
 * multiplies it, the feature's daily budget is charged (the table's fallback is paid when it would be
 * passed) and `creditPlayer` pays it. A multiplier drawn (a booster wheel) is answered, not paid: the
 * caller passes it as `multiplier` to the draw it boosts. A lootbox prize opens with a second draw (next nonce) from the
 * box's table. The outcome is decided and stored before any animation starts.
 */
export async function drawPrize(trx: Transaction<Database>, request: DrawPrizeRequest, deps: DrawDependencies): Promise<DrawOutcome> {
  const existing = await findRewardDrawByKey(trx, request.idempotencyKey);
  if (existing) return replay(trx, existing);
  const table = await currentPrizeTable(trx, request.table);
  if (!table) throw new Error(`prize table ${request.table} does not exist`);
  const first = await drawOnce(trx, request, table, null, deps);
  if (first.prize.kind !== 'lootbox') {
    if (!request.deferPayment) await pay(trx, request, first.draw, first.prize, deps);
    return { draw: first.draw, table, prize: first.prize, replayed: false };
  }
  if (request.deferPayment) throw new Error(`a deferred draw cannot open a lootbox (table ${request.table})`);
  const boxTable = await currentPrizeTable(trx, first.prize.table);
  if (!boxTable) throw new Error(`lootbox table ${first.prize.table} does not exist`);
  const box = await drawOnce(trx, { ...request, idempotencyKey: `${request.idempotencyKey}:box`, multiplier: 1, feature: request.feature }, boxTable, Number(first.draw.id), deps);
  // A box inside a box pays nothing more: tables are checked for this when saved, this is the guard.
  const boxPrize: Prize = box.prize.kind === 'lootbox' || box.prize.kind === 'multiplier' ? { kind: 'nothing' } : box.prize;
  await pay(trx, request, box.draw, boxPrize, deps);
  return { draw: first.draw, table, prize: boxPrize, opened: { draw: box.draw, table: boxTable, prize: boxPrize }, replayed: false };
}

async function drawOnce(trx: Transaction<Database>, request: DrawPrizeRequest, table: StoredPrizeTable, parentDrawId: number | null, deps: DrawDependencies): Promise<{ draw: RewardDraw; prize: Prize }> {
  const nowMs = deps.clock.nowMs();
  await ensureActiveSeed(trx, request.playerId, deps.newSeed(), nowMs);
  const seed = (await lockActiveSeed(trx, request.playerId))!;
  const nonce = Number(seed.next_nonce);
  const source = new HmacRandomSource({ serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce }, nativeHmacSha256);
  const { index, ticket } = drawSegmentIndex(table, source);
  const moved = await trx.updateTable('fairness_seeds').set({ next_nonce: sql`next_nonce + 1` }).where('id', '=', seed.id).where('next_nonce', '=', nonce).executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw new Error('fairness seed nonce taken concurrently');
  const multiplier = request.multiplier ?? 1;
  let prize = multiplier > 1 ? multiplyPrize(table.segments[index]!.prize, multiplier) : table.segments[index]!.prize;
  // A player without Fortune Coin play (a restricted state) is paid a segment's Gold Coins only: the
  // draw records (and the budget is charged) what is paid, as creditPlayer would pay it.
  const awarded = prize;
  const withheld = paysFortuneCoins(prize) && (await isSweepstakesRestrictedPlayer(trx, request.playerId));
  if (withheld) prize = withoutFortuneCoins(prize);
  let fellBack = false;
  if (!(await chargeRewardBudget(trx, request.feature, request.day, prizeCost(prize, deps.freeSpinStake)))) {
    fellBack = true;
    prize = table.segments[table.fallbackSegment]!.prize;
    // The fallback pays Gold Coins or nothing; when even that does not fit, nothing.
    if (!(await chargeRewardBudget(trx, request.feature, request.day, prizeCost(prize, deps.freeSpinStake)))) prize = { kind: 'nothing' };
  }
  const id = await insertRewardDraw(trx, {
    playerId: request.playerId,
    feature: request.feature,
    tableId: table.id,
    segmentIndex: index,
    ticket,
    prize,
    multiplier,
    fellBack,
    seedId: Number(seed.id),
    nonce,
    parentDrawId,
    idempotencyKey: request.idempotencyKey,
    nowMs,
  });
  const draw = (await trx.selectFrom('reward_draws').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as RewardDraw;
  // The player is told what was withheld (the segment's prize), once per draw.
  if (withheld) await notifyFortuneCoinsWithheld(trx, { playerId: request.playerId, feature: request.feature, prize: awarded, key: `reward-draw:${id}` }, deps);
  return { draw, prize };
}

async function pay(trx: Transaction<Database>, request: DrawPrizeRequest, draw: RewardDraw, prize: Prize, deps: Pick<DrawDependencies, 'clock'>): Promise<void> {
  // A booster's multiplier is not paid: the caller applies it to its next draw (`multiplier`).
  if (prize.kind === 'multiplier') return;
  await creditPlayer(trx, { playerId: request.playerId, feature: request.feature, prize, idempotencyKey: `reward-draw:${draw.id}`, metadata: { drawId: Number(draw.id) } }, { clock: deps.clock });
}

/**
 * Pays a draw made with `deferPayment` (its stored prize, after any fallback): once, whatever the
 * number of calls, since the credit's key is the draw's.
 */
export async function payRewardDraw(trx: Transaction<Database>, draw: RewardDraw, clock: Clock): Promise<Prize> {
  const prize = JSON.parse(draw.prize_json) as Prize;
  await pay(trx, { playerId: Number(draw.player_id), feature: draw.feature, table: '', idempotencyKey: draw.idempotency_key, day: '' }, draw, prize, { clock });
  return prize;
}

async function replay(trx: Transaction<Database>, draw: RewardDraw): Promise<DrawOutcome> {
  const table = (await prizeTableById(trx, Number(draw.table_id)))!;
  const prize = JSON.parse(draw.prize_json) as Prize;
  if (prize.kind !== 'lootbox') return { draw, table, prize, replayed: true };
  const [child] = await childRewardDraws(trx, Number(draw.id));
  if (!child) return { draw, table, prize: { kind: 'nothing' }, replayed: true };
  const boxTable = (await prizeTableById(trx, Number(child.table_id)))!;
  const boxPrize = JSON.parse(child.prize_json) as Prize;
  return { draw, table, prize: boxPrize, opened: { draw: child, table: boxTable, prize: boxPrize }, replayed: true };
}
