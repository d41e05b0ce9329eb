import { DEFAULT_PRIZE_DROP_RULES, poolFigures, type PrizeDropRules, type PrizeLevel, type PrizeTier } from '@sweepstack/domain/prize-drops/drop-rules';
import { sql, type Kysely, type Transaction } from 'kysely';
import { leagueLevels } from '@sweepstack/domain/rank-league/rules';
import { leagueVersionAt, RANK_LEAGUE_FEATURE, rankLeagueLevel } from '../rank-league/repository';
import { readOperatorTimeZone } from '../rewards/operator-time-zone';
import type { Database } from '../schema';
import './tables';

/** Prize drops' SQL (docs/features/prize-drops.md). */
type Db = Kysely<Database> | Transaction<Database>;

export interface PrizeDropSettings extends PrizeDropRules {
  /** The operator day's zone (`rewards.operator_time_zone`): days and hourly blocks follow it. */
  timeZone: string;
}

/** The rules (spec §9 defaults until an operator saves others). */
export async function prizeDropSettings(db: Db): Promise<PrizeDropSettings> {
  const row = await db.selectFrom('prize_drops_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  const timeZone = await readOperatorTimeZone(db);
  if (!row) return { ...DEFAULT_PRIZE_DROP_RULES, tiers: DEFAULT_PRIZE_DROP_RULES.tiers.map((t) => ({ ...t })), timeZone };
  return {
    active: Number(row.active) === 1,
    tiers: JSON.parse(row.tiers_json) as PrizeTier[],
    minimalLevel: Number(row.minimal_level),
    minimumStake: Number(row.minimum_stake),
    chanceDivisor: Number(row.chance_divisor),
    timeZone,
  };
}

export async function savePrizeDropSettings(db: Db, rules: PrizeDropRules, nowMs: number): Promise<void> {
  const values = { active: rules.active ? 1 : 0, tiers_json: JSON.stringify(rules.tiers), minimal_level: rules.minimalLevel, minimum_stake: rules.minimumStake, chance_divisor: rules.chanceDivisor, updated_at_ms: nowMs };
  await db.insertInto('prize_drops_settings').values({ id: 1, ...values }).onConflict((oc) => oc.column('id').doUpdateSet(values)).execute();
}

export interface PrizeDropDay {
  day: string;
  dayStartMs: number;
  dayEndMs: number;
  blocks: number;
  pool: number;
  paid: number;
  serverSeed: string;
  serverSeedHash: string;
  tiers: { level: PrizeLevel; value: number; total: number; released: number; awarded: number }[];
}

/**
 * Opens an operator day's pool once (a second call changes nothing): the tiers as the rules say now,
 * nothing released yet, and the seed whose hash is published before any of the day's draws.
 */
export async function openPrizeDropDay(
  db: Db,
  input: { day: string; dayStartMs: number; dayEndMs: number; blocks: number; tiers: readonly PrizeTier[]; serverSeed: string; serverSeedHash: string; nowMs: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('prize_drops_days')
    .values({ day: input.day, day_start_ms: input.dayStartMs, day_end_ms: input.dayEndMs, blocks: input.blocks, pool: poolFigures(input.tiers).dailyPrizePool, paid: 0, server_seed: input.serverSeed, server_seed_hash: input.serverSeedHash, opened_at_ms: input.nowMs })
    .onConflict((oc) => oc.column('day').doNothing())
    .returning('day')
    .executeTakeFirst();
  if (!inserted) return false;
  for (const tier of input.tiers) {
    await db.insertInto('prize_drops_tiers').values({ day: input.day, level: tier.level, value: tier.value, total: tier.count, released: 0, awarded: 0 }).execute();
  }
  return true;
}

export async function prizeDropDay(db: Db, day: string): Promise<PrizeDropDay | undefined> {
  const row = await db.selectFrom('prize_drops_days').selectAll().where('day', '=', day).executeTakeFirst();
  if (!row) return undefined;
  const tiers = await db.selectFrom('prize_drops_tiers').selectAll().where('day', '=', day).orderBy('level').execute();
  return {
    day: row.day,
    dayStartMs: Number(row.day_start_ms),
    dayEndMs: Number(row.day_end_ms),
    blocks: Number(row.blocks),
    pool: Number(row.pool),
    paid: Number(row.paid),
    serverSeed: row.server_seed,
    serverSeedHash: row.server_seed_hash,
    tiers: tiers.map((t) => ({ level: Number(t.level) as PrizeLevel, value: Number(t.value), total: Number(t.total), released: Number(t.released), awarded: Number(t.awarded) })),
  };
}

/** Raises a tier's released count (never lowers it: a late or repeated block changes nothing). */
export async function releasePrizes(db: Db, day: string, level: PrizeLevel, released: number): Promise<void> {
  await db.updateTable('prize_drops_tiers').set({ released }).where('day', '=', day).where('level', '=', level).where('released', '<', released).execute();
}

/** The (day, block, player) keys of wins of these players on these days: a batch checks one prize per hour without a query per spin. */
export async function winKeysOf(db: Db, days: readonly string[], playerIds: readonly number[]): Promise<Set<string>> {
  if (days.length === 0 || playerIds.length === 0) return new Set();
  const rows = await db.selectFrom('prize_drops_wins').select(['day', 'block', 'player_id']).where('day', 'in', [...days]).where('player_id', 'in', [...playerIds]).execute();
  return new Set(rows.map((r) => `${r.day}:${Number(r.block)}:${Number(r.player_id)}`));
}

export interface PrizeDropWinInput {
  day: string;
  block: number;
  playerId: number;
  roundId: number;
  level: PrizeLevel;
  ticket: number;
  threshold: number;
  divisor: number;
  tierTicket: number;
  playerName: string;
  nowMs: number;
}

/**
 * Takes one waiting prize of a tier for a player, all guarded by the database: the tier's awarded
 * count never passes what was released, the day's paid sum never passes its pool (so the pool never
 * goes below zero), and the (day, block, player) key refuses a second prize in the hour. Answers the
 * win's id and value, or null when the tier has nothing waiting (a concurrent draw took it).
 */
export async function awardPrizeDrop(trx: Transaction<Database>, input: PrizeDropWinInput): Promise<{ id: number; value: number } | null> {
  const taken = await trx
    .updateTable('prize_drops_tiers')
    .set({ awarded: sql`awarded + 1` })
    .where('day', '=', input.day)
    .where('level', '=', input.level)
    .whereRef('awarded', '<', 'released')
    .returning('value')
    .executeTakeFirst();
  if (!taken) return null;
  const value = Number(taken.value);
  const paid = await trx
    .updateTable('prize_drops_days')
    .set({ paid: sql`paid + ${value}` })
    .where('day', '=', input.day)
    .where(sql<boolean>`paid + ${value} <= pool`)
    .executeTakeFirst();
  // The tiers of a day sum to its pool exactly: a tier prize that does not fit is a broken invariant.
  if (Number(paid.numUpdatedRows) !== 1) throw new Error(`prize drops: the pool of ${input.day} cannot pay a released ${value}`);
  const row = await trx
    .insertInto('prize_drops_wins')
    .values({ day: input.day, block: input.block, player_id: input.playerId, round_id: input.roundId, level: input.level, value, ticket: input.ticket, threshold: input.threshold, divisor: input.divisor, tier_ticket: input.tierTicket, player_name: input.playerName, created_at_ms: input.nowMs })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), value };
}

export interface PrizeDropWin {
  id: number;
  day: string;
  block: number;
  playerId: number;
  roundId: number;
  level: PrizeLevel;
  value: number;
  ticket: number;
  threshold: number;
  divisor: number;
  tierTicket: number;
  playerName: string;
  createdAtMs: number;
}

function toWin(r: { id: number; day: string; block: number; player_id: number; round_id: number; level: number; value: number; ticket: number; threshold: number; divisor: number; tier_ticket: number; player_name: string; created_at_ms: number }): PrizeDropWin {
  return {
    id: Number(r.id),
    day: r.day,
    block: Number(r.block),
    playerId: Number(r.player_id),
    roundId: Number(r.round_id),
    level: Number(r.level) as PrizeLevel,
    value: Number(r.value),
    ticket: Number(r.ticket),
    threshold: Number(r.threshold),
    divisor: Number(r.divisor),
    tierTicket: Number(r.tier_ticket),
    playerName: r.player_name,
    createdAtMs: Number(r.created_at_ms),
  };
}

/** The latest prizes won, newest first. */
export async function latestPrizeDropWins(db: Db, limit: number, playerId?: number): Promise<PrizeDropWin[]> {
  let query = db.selectFrom('prize_drops_wins').selectAll().orderBy('id', 'desc').limit(limit);
  if (playerId !== undefined) query = query.where('player_id', '=', playerId);
  return (await query.execute()).map(toWin);
}

/** The seed of a day whose draws are over (revealed once the day ended), for recomputing its wins. */
export async function revealedPrizeDropSeed(db: Db, day: string, nowMs: number): Promise<string | null> {
  const row = await db.selectFrom('prize_drops_days').select(['server_seed', 'day_end_ms']).where('day', '=', day).executeTakeFirst();
  return row && nowMs >= Number(row.day_end_ms) ? row.server_seed : null;
}

/**
 * The VIP rank league level of players (docs/features/prize-drops.md "Minimal level"), read through
 * the league's own `rankLeagueLevel` (its `player_feature_state` row, `level`). `running` says
 * whether the league runs at all (its `feature_status` row says `enabled`): while it does not,
 * prize drops ask no level. `topLevel`: how many levels the league's rules in force have. The one place prize drops read the league.
 */
export async function rankLeagueLevels(db: Db, playerIds: readonly number[], nowMs: number): Promise<{ running: boolean; topLevel: number; levels: Map<number, number> }> {
  const status = await db.selectFrom('feature_status').select('status_json').where('feature', '=', RANK_LEAGUE_FEATURE).executeTakeFirst();
  const running = status !== undefined && (JSON.parse(status.status_json) as { enabled?: unknown }).enabled === true;
  const levels = new Map<number, number>();
  if (!running) return { running, topLevel: 0, levels };
  const version = await leagueVersionAt(db, nowMs);
  const topLevel = version ? leagueLevels(version.rules).length : 0;
  for (const playerId of new Set(playerIds)) levels.set(playerId, await rankLeagueLevel(db, playerId));
  return { running, topLevel, levels };
}
