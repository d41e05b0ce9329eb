import { DEFAULT_LOTTERY_RATES, type LotteryRates, type LotteryType, type TicketSource } from '@sweepstack/domain/lottery/rules';
import { parsePrize, type Prize } from '@sweepstack/domain/rewards/prize';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { readSetting } from '../repositories/settings';
import type { Database } from '../schema';
import type { LotteryDrawsTable, LotteryRewardsTable } from './tables';
import './tables';

type Db = Kysely<Database> | Transaction<Database>;

export const LOTTERY_FEATURE = 'lottery';
export const LOTTERY_SETTINGS_KEY = 'lottery.settings';

export type DrawRow = Selectable<LotteryDrawsTable>;
export type RewardRow = Selectable<LotteryRewardsTable>;

export interface LotterySettings {
  weekly: { enabled: boolean; prizes: Prize[] };
  monthly: { enabled: boolean; prizes: Prize[] };
  rates: LotteryRates;
}

const gc = (amount: number): Prize => ({ kind: 'gold_coins', amount });
const fc = (amountCents: number): Prize => ({ kind: 'fortune_coins', amountCents });

export const DEFAULT_LOTTERY_SETTINGS: LotterySettings = {
  weekly: { enabled: true, prizes: [fc(5_000), fc(2_000), fc(1_000), ...Array.from({ length: 7 }, () => gc(250_000))] },
  monthly: { enabled: true, prizes: [fc(25_000), fc(10_000), fc(5_000), ...Array.from({ length: 17 }, () => gc(1_000_000))] },
  rates: DEFAULT_LOTTERY_RATES,
};

/** The operator's lottery settings (prizes by place per type, ticket rates); the defaults when unset or not valid. */
export async function readLotterySettings(db: Db): Promise<LotterySettings> {
  const value = await readSetting(db, LOTTERY_SETTINGS_KEY);
  if (typeof value !== 'object' || value === null) return DEFAULT_LOTTERY_SETTINGS;
  try {
    const v = value as LotterySettings;
    return {
      weekly: { enabled: v.weekly.enabled === true, prizes: v.weekly.prizes.map((p) => parsePrize(p)) },
      monthly: { enabled: v.monthly.enabled === true, prizes: v.monthly.prizes.map((p) => parsePrize(p)) },
      rates: { ...DEFAULT_LOTTERY_RATES, ...v.rates },
    };
  } catch {
    return DEFAULT_LOTTERY_SETTINGS;
  }
}

export async function writeLotterySettings(db: Db, settings: LotterySettings, nowMs: number): Promise<void> {
  const value_json = JSON.stringify(settings);
  await db
    .insertInto('settings')
    .values({ key: LOTTERY_SETTINGS_KEY, value_json, updated_at_ms: nowMs })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value_json, updated_at_ms: nowMs }))
    .execute();
}

export const prizesOf = (draw: Pick<DrawRow, 'prizes_json'>): Prize[] => JSON.parse(draw.prizes_json) as Prize[];
export const ratesOf = (draw: Pick<DrawRow, 'rates_json'>): LotteryRates => JSON.parse(draw.rates_json) as LotteryRates;
export const winnersOf = (draw: Pick<DrawRow, 'winners_json'>): number[] => (draw.winners_json === null ? [] : (JSON.parse(draw.winners_json) as number[]));

/** The draw of a type taking tickets at `nowMs`, if any. */
export async function openDraw(db: Db, type: LotteryType, nowMs: number): Promise<DrawRow | undefined> {
  return db.selectFrom('lottery_draws').selectAll().where('type', '=', type).where('status', '=', 'open').where('opens_at_ms', '<=', nowMs).where('closes_at_ms', '>', nowMs).orderBy('id', 'desc').executeTakeFirst();
}

export async function drawById(db: Db, id: number): Promise<DrawRow | undefined> {
  return db.selectFrom('lottery_draws').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The latest drawn draw of a type (its results). */
export async function lastDrawn(db: Db, type: LotteryType): Promise<DrawRow | undefined> {
  return db.selectFrom('lottery_draws').selectAll().where('type', '=', type).where('status', '=', 'drawn').orderBy('closes_at_ms', 'desc').executeTakeFirst();
}

/** Creates a draw for a period; undefined when that period's draw exists (another node made it). */
export async function insertDraw(db: Db, draw: { type: LotteryType; opensAtMs: number; closesAtMs: number; seed: string; seedHash: string; prizes: Prize[]; rates: LotteryRates; nowMs: number }): Promise<DrawRow | undefined> {
  return db
    .insertInto('lottery_draws')
    .values({ type: draw.type, status: 'open', opens_at_ms: draw.opensAtMs, closes_at_ms: draw.closesAtMs, seed: draw.seed, seed_hash: draw.seedHash, prizes_json: JSON.stringify(draw.prizes), rates_json: JSON.stringify(draw.rates), created_at_ms: draw.nowMs })
    .onConflict((oc) => oc.columns(['type', 'opens_at_ms']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function progressOf(db: Db, drawId: number, playerId: number): Promise<{ tickets: number; carryCents: number }> {
  const row = await db.selectFrom('lottery_progress').select(['tickets', 'wager_carry_cents']).where('draw_id', '=', drawId).where('player_id', '=', playerId).executeTakeFirst();
  return { tickets: row?.tickets ?? 0, carryCents: row?.wager_carry_cents ?? 0 };
}

export async function saveProgress(db: Db, drawId: number, playerId: number, progress: { tickets: number; carryCents: number }): Promise<void> {
  await db
    .insertInto('lottery_progress')
    .values({ draw_id: drawId, player_id: playerId, tickets: progress.tickets, wager_carry_cents: progress.carryCents })
    .onConflict((oc) => oc.columns(['draw_id', 'player_id']).doUpdateSet({ tickets: progress.tickets, wager_carry_cents: progress.carryCents }))
    .execute();
}

/**
 * Issues `count` tickets of an open draw to a player: numbers are taken by one guarded increment of
 * the draw's count (a closed draw takes none: the close holds the row), then the ticket rows.
 * Answers the numbers issued.
 */
export async function issueTickets(trx: Transaction<Database>, t: { drawId: number; playerId: number; source: TicketSource; sourceKey: string; count: number; nowMs: number }): Promise<number[]> {
  if (t.count <= 0) return [];
  const updated = await trx
    .updateTable('lottery_draws')
    .set((eb) => ({ ticket_count: eb('ticket_count', '+', t.count) }))
    .where('id', '=', t.drawId)
    .where('status', '=', 'open')
    .returning('ticket_count')
    .executeTakeFirst();
  if (!updated) return [];
  const last = Number(updated.ticket_count);
  const numbers = Array.from({ length: t.count }, (_, i) => last - t.count + 1 + i);
  await trx
    .insertInto('lottery_tickets')
    .values(numbers.map((number) => ({ draw_id: t.drawId, number, player_id: t.playerId, source: t.source, source_key: t.sourceKey, created_at_ms: t.nowMs })))
    .execute();
  return numbers;
}

/** Whether a source already earned tickets in a draw (a replayed payment or free entry earns none twice). */
export async function sourceUsed(db: Db, drawId: number, sourceKey: string): Promise<boolean> {
  return (await db.selectFrom('lottery_tickets').select('id').where('draw_id', '=', drawId).where('source_key', '=', sourceKey).executeTakeFirst()) !== undefined;
}

/** Every ticket of a draw in number order with its holder's uuid (the published list is built from it). */
export async function drawTickets(db: Db, drawId: number): Promise<{ number: number; playerId: number; uuid: string }[]> {
  const rows = await db
    .selectFrom('lottery_tickets as t')
    .innerJoin('players as p', 'p.id', 't.player_id')
    .select(['t.number', 't.player_id', 'p.uuid'])
    .where('t.draw_id', '=', drawId)
    .orderBy('t.number')
    .execute();
  return rows.map((r) => ({ number: Number(r.number), playerId: Number(r.player_id), uuid: String(r.uuid) }));
}

export async function playerTickets(db: Db, drawId: number, playerId: number, limit = 200): Promise<{ number: number; source: TicketSource; createdAtMs: number }[]> {
  const rows = await db.selectFrom('lottery_tickets').select(['number', 'source', 'created_at_ms']).where('draw_id', '=', drawId).where('player_id', '=', playerId).orderBy('number').limit(limit).execute();
  return rows.map((r) => ({ number: Number(r.number), source: r.source, createdAtMs: Number(r.created_at_ms) }));
}

export async function recentPlayerTickets(db: Db, playerId: number, limit = 20) {
  return db
    .selectFrom('lottery_tickets as t')
    .innerJoin('lottery_draws as d', 'd.id', 't.draw_id')
    .select(['t.number', 't.source', 't.created_at_ms', 'd.id as draw_id', 'd.type'])
    .where('t.player_id', '=', playerId)
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute();
}

/** Top ticket holders of a draw (the leaderboard). */
export async function topHolders(db: Db, drawId: number, limit: number): Promise<{ playerId: number; tickets: number }[]> {
  const rows = await db.selectFrom('lottery_progress').select(['player_id', 'tickets']).where('draw_id', '=', drawId).where('tickets', '>', 0).orderBy('tickets', 'desc').orderBy('player_id').limit(limit).execute();
  return rows.map((r) => ({ playerId: Number(r.player_id), tickets: Number(r.tickets) }));
}

/** Marks a draw drawn with its list hash and winners; false when it was drawn already. */
export async function markDrawn(db: Db, drawId: number, result: { ticketListHash: string; winners: number[]; nowMs: number }): Promise<boolean> {
  const r = await db
    .updateTable('lottery_draws')
    .set({ status: 'drawn', ticket_list_hash: result.ticketListHash, winners_json: JSON.stringify(result.winners), drawn_at_ms: result.nowMs })
    .where('id', '=', drawId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function insertReward(db: Db, r: { drawId: number; place: number; playerId: number; ticketNumber: number; prize: Prize }): Promise<void> {
  await db.insertInto('lottery_rewards').values({ draw_id: r.drawId, place: r.place, player_id: r.playerId, ticket_number: r.ticketNumber, prize_json: JSON.stringify(r.prize), status: 'pending' }).execute();
}

export async function rewardById(db: Db, id: number): Promise<RewardRow | undefined> {
  return db.selectFrom('lottery_rewards').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function drawRewards(db: Db, drawId: number): Promise<RewardRow[]> {
  return db.selectFrom('lottery_rewards').selectAll().where('draw_id', '=', drawId).orderBy('place').execute();
}

export async function playerRewards(db: Db, playerId: number, limit = 20): Promise<RewardRow[]> {
  return db.selectFrom('lottery_rewards').selectAll().where('player_id', '=', playerId).orderBy('id', 'desc').limit(limit).execute();
}

/** Moves a reward out of pending; false when it was not pending (taken already: under concurrency too). */
export async function settleReward(db: Db, id: number, status: 'taken' | 'auto', nowMs: number): Promise<boolean> {
  const r = await db.updateTable('lottery_rewards').set({ status, taken_at_ms: nowMs }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function pendingRewardsOf(db: Db, drawId: number): Promise<RewardRow[]> {
  return db.selectFrom('lottery_rewards').selectAll().where('draw_id', '=', drawId).where('status', '=', 'pending').orderBy('place').execute();
}
