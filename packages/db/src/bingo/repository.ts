import { DEFAULT_BINGO_RULES, type BingoRules } from '@sweepstack/domain/bingo/bingo-rules';
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import { readOperatorTimeZone } from '../rewards/operator-time-zone';
import type { Database } from '../schema';
import './tables';

/** Bingo's SQL (docs/features/bingo.md). */
type Db = Kysely<Database> | Transaction<Database>;

/** The rewards engine's tables bingo draws from. */
export const BINGO_TABLES = { line: 'bingo-line', full: 'bingo-full' } as const;

export interface BingoSettings extends BingoRules {
  timeZone: string;
}

export async function bingoSettings(db: Db): Promise<BingoSettings> {
  const row = await db.selectFrom('bingo_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  const timeZone = await readOperatorTimeZone(db);
  if (!row) return { ...DEFAULT_BINGO_RULES, timeZone };
  return { active: Number(row.active) === 1, stakePerBall: Number(row.stake_per_ball), periodDays: Number(row.period_days), anchorDay: row.anchor_day, timeZone };
}

export async function saveBingoSettings(db: Db, rules: BingoRules, nowMs: number): Promise<void> {
  const values = { active: rules.active ? 1 : 0, stake_per_ball: rules.stakePerBall, period_days: rules.periodDays, anchor_day: rules.anchorDay, updated_at_ms: nowMs };
  await db.insertInto('bingo_settings').values({ id: 1, ...values }).onConflict((oc) => oc.column('id').doUpdateSet(values)).execute();
}

export interface BingoBalls {
  balls: number;
  progress: number;
}

export async function bingoBallsOf(db: Db, playerIds: readonly number[]): Promise<Map<number, BingoBalls>> {
  if (playerIds.length === 0) return new Map();
  const rows = await db.selectFrom('bingo_players').selectAll().where('player_id', 'in', [...playerIds]).execute();
  return new Map(rows.map((r) => [Number(r.player_id), { balls: Number(r.balls), progress: Number(r.progress) }]));
}

/** The balls of several players under row locks (PostgreSQL), rows created when missing: a batch of play reads and writes them without losing a round's spend. */
export async function lockBingoBallsOf(trx: Transaction<Database>, playerIds: readonly number[], nowMs: number): Promise<Map<number, BingoBalls>> {
  const ids = [...new Set(playerIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  await trx.insertInto('bingo_players').values(ids.map((id) => ({ player_id: id, balls: 0, progress: 0, updated_at_ms: nowMs }))).onConflict((oc) => oc.column('player_id').doNothing()).execute();
  let query = trx.selectFrom('bingo_players').selectAll().where('player_id', 'in', ids).orderBy('player_id');
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  const rows = await query.execute();
  return new Map(rows.map((r) => [Number(r.player_id), { balls: Number(r.balls), progress: Number(r.progress) }]));
}

/** Sets a player's balls and progress (the handler's batch computed them from the row it read). */
export async function saveBingoBalls(db: Db, playerId: number, balls: BingoBalls, nowMs: number): Promise<void> {
  const values = { balls: balls.balls, progress: balls.progress, updated_at_ms: nowMs };
  await db.insertInto('bingo_players').values({ player_id: playerId, ...values }).onConflict((oc) => oc.column('player_id').doUpdateSet(values)).execute();
}

/** The player's balls under a row lock (PostgreSQL), created when missing: for a round's transaction. */
export async function lockBingoBalls(trx: Transaction<Database>, playerId: number, nowMs: number): Promise<BingoBalls> {
  await trx.insertInto('bingo_players').values({ player_id: playerId, balls: 0, progress: 0, updated_at_ms: nowMs }).onConflict((oc) => oc.column('player_id').doNothing()).execute();
  let query = trx.selectFrom('bingo_players').select(['balls', 'progress']).where('player_id', '=', playerId);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  const row = await query.executeTakeFirstOrThrow();
  return { balls: Number(row.balls), progress: Number(row.progress) };
}

/** Spends balls; guarded so a balance never goes below zero. */
export async function spendBingoBalls(trx: Transaction<Database>, playerId: number, balls: number, nowMs: number): Promise<boolean> {
  const result = await trx.updateTable('bingo_players').set({ balls: sql`balls - ${balls}`, updated_at_ms: nowMs }).where('player_id', '=', playerId).where('balls', '>=', balls).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface BingoCard {
  playerId: number;
  period: number;
  numbers: number[];
  order: number[];
  drawn: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  paidLines: number[];
  fullPaid: boolean;
  endsAtMs: number;
}

export async function bingoCardOf(db: Db, playerId: number, period: number): Promise<BingoCard | undefined> {
  const row = await db.selectFrom('bingo_cards').selectAll().where('player_id', '=', playerId).where('period', '=', period).executeTakeFirst();
  if (!row) return undefined;
  return {
    playerId: Number(row.player_id),
    period: Number(row.period),
    numbers: JSON.parse(row.numbers_json) as number[],
    order: JSON.parse(row.order_json) as number[],
    drawn: Number(row.drawn),
    serverSeed: row.server_seed,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    paidLines: JSON.parse(row.lines_json) as number[],
    fullPaid: Number(row.full_paid) === 1,
    endsAtMs: Number(row.ends_at_ms),
  };
}

/** Deals a card once per player and period (a concurrent deal leaves the first). */
export async function insertBingoCard(db: Db, card: BingoCard, nowMs: number): Promise<void> {
  await db
    .insertInto('bingo_cards')
    .values({
      player_id: card.playerId,
      period: card.period,
      numbers_json: JSON.stringify(card.numbers),
      order_json: JSON.stringify(card.order),
      drawn: card.drawn,
      server_seed: card.serverSeed,
      server_seed_hash: card.serverSeedHash,
      client_seed: card.clientSeed,
      lines_json: JSON.stringify(card.paidLines),
      full_paid: card.fullPaid ? 1 : 0,
      ends_at_ms: card.endsAtMs,
      created_at_ms: nowMs,
    })
    .onConflict((oc) => oc.columns(['player_id', 'period']).doNothing())
    .execute();
}

/** Moves a card forward from `fromDrawn` (guarded: a concurrent round that moved it first wins). */
export async function advanceBingoCard(trx: Transaction<Database>, card: { playerId: number; period: number; fromDrawn: number; drawn: number; paidLines: number[]; fullPaid: boolean }): Promise<boolean> {
  const result = await trx
    .updateTable('bingo_cards')
    .set({ drawn: card.drawn, lines_json: JSON.stringify(card.paidLines), full_paid: card.fullPaid ? 1 : 0 })
    .where('player_id', '=', card.playerId)
    .where('period', '=', card.period)
    .where('drawn', '=', card.fromDrawn)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface BingoPlay {
  key: string;
  playerId: number;
  period: number;
  fromBall: number;
  toBall: number;
  result: unknown;
}

export async function findBingoPlay(db: Db, key: string): Promise<BingoPlay | undefined> {
  const row = await db.selectFrom('bingo_plays').selectAll().where('play_key', '=', key).executeTakeFirst();
  return row ? { key: row.play_key, playerId: Number(row.player_id), period: Number(row.period), fromBall: Number(row.from_ball), toBall: Number(row.to_ball), result: JSON.parse(row.result_json) as unknown } : undefined;
}

export async function insertBingoPlay(db: Db, play: BingoPlay, nowMs: number): Promise<void> {
  await db.insertInto('bingo_plays').values({ play_key: play.key, player_id: play.playerId, period: play.period, from_ball: play.fromBall, to_ball: play.toBall, result_json: JSON.stringify(play.result), created_at_ms: nowMs }).execute();
}
