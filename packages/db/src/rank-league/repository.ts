import { parseLeagueRules, type LeagueRules } from '@sweepstack/domain/rank-league/rules';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { readPlayerFeatureState, writeFeatureStatus } from '../repositories/feature-state';
import { powerOfTwoChunks, statementsOf, valuesList } from '../statements';
import type { Database } from '../schema';
import './tables';
import type { RankLeagueCashbackTable, RankLeaguePlayersTable } from './tables';

/** The VIP rank league's SQL (docs/features/rank-league.md). */
type Db = Kysely<Database> | Transaction<Database>;

export const RANK_LEAGUE_FEATURE = 'rank-league';

export interface LeagueVersion {
  id: number;
  rules: LeagueRules;
  effectiveFromMs: number;
}

/** What the feature's `feature_status` row holds: app init builds every player's slice from it. */
export interface RankLeagueStatus {
  enabled: boolean;
  /** The version in force and the next one (if saved), each with the instant it applies from. */
  versions: { effectiveFromMs: number; rules: LeagueRules }[];
}

/** What the feature's `player_feature_state` row holds (other features read `level`). */
export interface RankLeaguePlayerState {
  /** Overall 1-based league level, counting levels across all sections. */
  level: number;
  section: number;
  experienceMilli: number;
}

function versionOf(row: { id: number | string; rules_json: string; effective_from_ms: number | string }): LeagueVersion {
  return { id: Number(row.id), rules: parseLeagueRules(JSON.parse(row.rules_json)), effectiveFromMs: Number(row.effective_from_ms) };
}

/** The rules in force at `nowMs` (the latest saved among those already effective), or undefined before any. */
export async function leagueVersionAt(db: Db, nowMs: number): Promise<LeagueVersion | undefined> {
  const row = await db.selectFrom('rank_league_versions').selectAll().where('effective_from_ms', '<=', nowMs).orderBy('effective_from_ms', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? versionOf(row) : undefined;
}

/** The saved rules that apply later than `nowMs` (the latest saved), if any. */
export async function upcomingLeagueVersion(db: Db, nowMs: number): Promise<LeagueVersion | undefined> {
  const row = await db.selectFrom('rank_league_versions').selectAll().where('effective_from_ms', '>', nowMs).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? versionOf(row) : undefined;
}

/** Saves a version of the rules applying from `effectiveFromMs`; answers its id. */
export async function saveLeagueVersion(db: Db, rules: LeagueRules, effectiveFromMs: number, nowMs: number): Promise<number> {
  // A later save for the same or an earlier start replaces what was waiting: only the latest waits.
  await db.deleteFrom('rank_league_versions').where('effective_from_ms', '>', nowMs).execute();
  const row = await db.insertInto('rank_league_versions').values({ rules_json: JSON.stringify(rules), effective_from_ms: effectiveFromMs, created_at_ms: nowMs }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function leagueEnabled(db: Db): Promise<boolean> {
  const row = await db.selectFrom('rank_league_settings').select('enabled').where('id', '=', 1).executeTakeFirst();
  return row !== undefined && Number(row.enabled) === 1;
}

export async function setLeagueEnabled(db: Db, enabled: boolean, nowMs: number): Promise<void> {
  await db
    .insertInto('rank_league_settings')
    .values({ id: 1, enabled: enabled ? 1 : 0, updated_at_ms: nowMs })
    .onConflict((oc) => oc.column('id').doUpdateSet({ enabled: enabled ? 1 : 0, updated_at_ms: nowMs }))
    .execute();
}

/** Rewrites the feature's site-wide status (enabled, the rules in force and the next ones) in the caller's transaction. */
export async function refreshLeagueStatus(db: Db, nowMs: number): Promise<RankLeagueStatus> {
  const current = await leagueVersionAt(db, nowMs);
  const upcoming = await upcomingLeagueVersion(db, nowMs);
  const status: RankLeagueStatus = {
    enabled: current !== undefined && (await leagueEnabled(db)),
    versions: [current, upcoming].filter((v): v is LeagueVersion => v !== undefined).map((v) => ({ effectiveFromMs: v.effectiveFromMs, rules: v.rules })),
  };
  await writeFeatureStatus(db, RANK_LEAGUE_FEATURE, status, nowMs);
  return status;
}

/** The rules a status says are in force at `nowMs`. */
export function rulesAt(status: RankLeagueStatus, nowMs: number): LeagueRules | undefined {
  let rules: LeagueRules | undefined;
  for (const v of status.versions) if (v.effectiveFromMs <= nowMs) rules = v.rules;
  return rules;
}

export interface LeaguePlayerRow {
  playerId: number;
  experienceMilli: number;
  level: number;
  section: number;
  sectionSinceMs: number;
}

function playerRowOf(r: Selectable<RankLeaguePlayersTable>): LeaguePlayerRow {
  return { playerId: Number(r.player_id), experienceMilli: Number(r.experience_milli), level: Number(r.level), section: Number(r.section), sectionSinceMs: Number(r.section_since_ms) };
}

/** A player's league row, or the starting point (level 1 of section 1, no experience). */
export async function leaguePlayerOf(db: Db, playerId: number): Promise<LeaguePlayerRow> {
  const row = await db.selectFrom('rank_league_players').selectAll().where('player_id', '=', playerId).executeTakeFirst();
  return row ? playerRowOf(row) : { playerId, experienceMilli: 0, level: 1, section: 1, sectionSinceMs: 0 };
}

/**
 * Adds experience to many players (rows created when missing), answering each new total with the
 * level and section stored before, by player: one prepared statement per power-of-two chunk
 * (statements.ts), in player order, so concurrent batches lock rows in one order (no deadlock on
 * PostgreSQL) and the rows stay held until the caller's transaction ends.
 */
export async function addLeagueExperienceOfMany(trx: Transaction<Database>, experienceMilli: ReadonlyMap<number, number>, nowMs: number): Promise<Map<number, LeaguePlayerRow>> {
  const statements = statementsOf(trx);
  const rows = new Map<number, LeaguePlayerRow>();
  for (const chunk of powerOfTwoChunks([...experienceMilli.keys()].sort((a, b) => a - b))) {
    const written = await statements.all<{ player_id: number | string; experience_milli: number | string; level: number | string; section: number | string; section_since_ms: number | string }>(
      `insert into rank_league_players (player_id, experience_milli, level, section, section_since_ms, updated_at_ms) values ${valuesList(chunk.length, 6)} ` +
        'on conflict (player_id) do update set experience_milli = rank_league_players.experience_milli + excluded.experience_milli, updated_at_ms = excluded.updated_at_ms ' +
        'returning player_id, experience_milli, level, section, section_since_ms',
      chunk.flatMap((playerId) => [playerId, experienceMilli.get(playerId)!, 1, 1, nowMs, nowMs]),
    );
    for (const r of written) rows.set(Number(r.player_id), { playerId: Number(r.player_id), experienceMilli: Number(r.experience_milli), level: Number(r.level), section: Number(r.section), sectionSinceMs: Number(r.section_since_ms) });
  }
  return rows;
}

/** Stores where a player stands (and their experience when a demotion reset it). */
export async function setLeaguePosition(trx: Transaction<Database>, playerId: number, position: { level: number; section: number; sectionChanged: boolean; experienceMilli?: number }, nowMs: number): Promise<void> {
  await trx
    .updateTable('rank_league_players')
    .set({ level: position.level, section: position.section, updated_at_ms: nowMs, ...(position.sectionChanged ? { section_since_ms: nowMs } : {}), ...(position.experienceMilli === undefined ? {} : { experience_milli: position.experienceMilli }) })
    .where('player_id', '=', playerId)
    .execute();
}

export interface PeriodPlay {
  playerId: number;
  periodKey: string;
  gcWagered: number;
  gcWon: number;
  fcWagered: number;
  fcWon: number;
  experienceMilli: number;
}

/** Adds a batch's play to each player's row of its period (summed by the database; prepared statements per power-of-two chunk, in key order). */
export async function addPeriodPlay(trx: Transaction<Database>, rows: readonly PeriodPlay[], nowMs: number): Promise<void> {
  const statements = statementsOf(trx);
  const sorted = [...rows].sort((a, b) => a.periodKey.localeCompare(b.periodKey) || a.playerId - b.playerId);
  for (const chunk of powerOfTwoChunks(sorted)) {
    await statements.run(
      `insert into rank_league_period_play (player_id, period_key, gc_wagered, gc_won, fc_wagered, fc_won, experience_milli, updated_at_ms) values ${valuesList(chunk.length, 8)} ` +
        'on conflict (period_key, player_id) do update set gc_wagered = rank_league_period_play.gc_wagered + excluded.gc_wagered, gc_won = rank_league_period_play.gc_won + excluded.gc_won, ' +
        'fc_wagered = rank_league_period_play.fc_wagered + excluded.fc_wagered, fc_won = rank_league_period_play.fc_won + excluded.fc_won, ' +
        'experience_milli = rank_league_period_play.experience_milli + excluded.experience_milli, updated_at_ms = excluded.updated_at_ms',
      chunk.flatMap((r) => [r.playerId, r.periodKey, r.gcWagered, r.gcWon, r.fcWagered, r.fcWon, r.experienceMilli, nowMs]),
    );
  }
}

/** One page of a period's play, by player id after `afterPlayerId`. */
export async function periodPlayPage(db: Db, periodKey: string, afterPlayerId: number, limit: number): Promise<PeriodPlay[]> {
  const rows = await db.selectFrom('rank_league_period_play').selectAll().where('period_key', '=', periodKey).where('player_id', '>', afterPlayerId).orderBy('player_id').limit(limit).execute();
  return rows.map((r) => ({ playerId: Number(r.player_id), periodKey: r.period_key, gcWagered: Number(r.gc_wagered), gcWon: Number(r.gc_won), fcWagered: Number(r.fc_wagered), fcWon: Number(r.fc_won), experienceMilli: Number(r.experience_milli) }));
}

/**
 * Rounds played in [`startMs`, `endMs`) that the league's handler (`handler`, its receipts' name) has
 * not counted yet: the outbox delivers a round shortly after its commit, so a week's close waits for
 * them (a round belongs to the week of its own time, docs/features/rank-league.md). Reads only the
 * undispatched events (their index keeps it small).
 */
export async function uncountedRoundsIn(db: Db, handler: string, startMs: number, endMs: number): Promise<number> {
  const row = await db
    .selectFrom('domain_events as e')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('e.dispatched_at_ms', 'is', null)
    .where('e.type', '=', 'game.round-played')
    .where('e.created_at_ms', '>=', startMs)
    .where('e.created_at_ms', '<', endMs)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('domain_event_receipts as r').select('r.event_id').whereRef('r.event_id', '=', 'e.id').where('r.handler', '=', handler))))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A player's play in one period (zeros when none). */
export async function periodPlayOf(db: Db, playerId: number, periodKey: string): Promise<PeriodPlay> {
  const page = await db.selectFrom('rank_league_period_play').selectAll().where('period_key', '=', periodKey).where('player_id', '=', playerId).executeTakeFirst();
  return page
    ? { playerId, periodKey, gcWagered: Number(page.gc_wagered), gcWon: Number(page.gc_won), fcWagered: Number(page.fc_wagered), fcWon: Number(page.fc_won), experienceMilli: Number(page.experience_milli) }
    : { playerId, periodKey, gcWagered: 0, gcWon: 0, fcWagered: 0, fcWon: 0, experienceMilli: 0 };
}

/** One page of players above the first section (those a demotion can move), by player id. */
export async function playersAboveFirstSection(db: Db, afterPlayerId: number, limit: number): Promise<LeaguePlayerRow[]> {
  const rows = await db.selectFrom('rank_league_players').selectAll().where('section', '>', 1).where('player_id', '>', afterPlayerId).orderBy('player_id').limit(limit).execute();
  return rows.map(playerRowOf);
}

/** Marks a period closed; false when it was closed already (nothing is done twice). */
export async function markPeriodClosed(trx: Transaction<Database>, periodKey: string, versionId: number, nowMs: number): Promise<boolean> {
  const inserted = await trx.insertInto('rank_league_periods').values({ period_key: periodKey, closed_at_ms: nowMs, version_id: versionId }).onConflict((oc) => oc.column('period_key').doNothing()).returning('period_key').executeTakeFirst();
  return inserted !== undefined;
}

export interface CashbackRow {
  playerId: number;
  periodKey: string;
  section: number;
  rateBp: number;
  goldCoins: number;
  fortuneCents: number;
  status: 'available' | 'claimed' | 'expired';
  calculatedAtMs: number;
  expiresAtMs: number;
  settledAtMs: number | null;
}

function cashbackOf(r: Selectable<RankLeagueCashbackTable>): CashbackRow {
  return {
    playerId: Number(r.player_id),
    periodKey: String(r.period_key),
    section: Number(r.section),
    rateBp: Number(r.rate_bp),
    goldCoins: Number(r.gold_coins),
    fortuneCents: Number(r.fortune_cents),
    status: r.status,
    calculatedAtMs: Number(r.calculated_at_ms),
    expiresAtMs: Number(r.expires_at_ms),
    settledAtMs: r.settled_at_ms === null ? null : Number(r.settled_at_ms),
  };
}

/** Records a player's calculated cashback for a period, once (a second calculation inserts nothing). */
export async function insertCashback(trx: Transaction<Database>, row: Omit<CashbackRow, 'status' | 'settledAtMs'>): Promise<boolean> {
  const inserted = await trx
    .insertInto('rank_league_cashback')
    .values({ player_id: row.playerId, period_key: row.periodKey, section: row.section, rate_bp: row.rateBp, gold_coins: row.goldCoins, fortune_cents: row.fortuneCents, status: 'available', calculated_at_ms: row.calculatedAtMs, expires_at_ms: row.expiresAtMs, settled_at_ms: null })
    .onConflict((oc) => oc.columns(['player_id', 'period_key']).doNothing())
    .returning('period_key')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Settles one available cashback of a player (the oldest of a period, or the one named): a guarded
 * update from `available`, so two claims at once settle it once; undefined when none is left.
 */
export async function settleCashback(trx: Transaction<Database>, playerId: number, to: 'claimed' | 'expired', options: { nowMs: number; periodKey?: string; openAt?: number }): Promise<CashbackRow | undefined> {
  let pick = trx.selectFrom('rank_league_cashback').select('period_key').where('player_id', '=', playerId).where('status', '=', 'available');
  if (options.periodKey !== undefined) pick = pick.where('period_key', '=', options.periodKey);
  if (options.openAt !== undefined) pick = pick.where('expires_at_ms', '>', options.openAt);
  const target = await pick.orderBy('period_key').limit(1).executeTakeFirst();
  if (!target) return undefined;
  const row = await trx
    .updateTable('rank_league_cashback')
    .set({ status: to, settled_at_ms: options.nowMs })
    .where('player_id', '=', playerId)
    .where('period_key', '=', target.period_key)
    .where('status', '=', 'available')
    .returningAll()
    .executeTakeFirst();
  return row ? cashbackOf(row) : undefined;
}

/** One page of a period's cashback rows still available, by player id. */
export async function availableCashbackPage(db: Db, periodKey: string, afterPlayerId: number, limit: number): Promise<CashbackRow[]> {
  const rows = await db.selectFrom('rank_league_cashback').selectAll().where('period_key', '=', periodKey).where('status', '=', 'available').where('player_id', '>', afterPlayerId).orderBy('player_id').limit(limit).execute();
  return rows.map(cashbackOf);
}

/** A player's latest cashback rows, newest period first. */
export async function cashbackHistory(db: Db, playerId: number, limit = 10): Promise<CashbackRow[]> {
  const rows = await db.selectFrom('rank_league_cashback').selectAll().where('player_id', '=', playerId).orderBy('period_key', 'desc').limit(limit).execute();
  return rows.map(cashbackOf);
}

/**
 * A player's overall league level (1-based, counting levels across all sections), for other features
 * (prize drops): 1 for a player who has not earned any experience yet.
 */
export async function rankLeagueLevel(db: Db, playerId: number): Promise<number> {
  const state = (await readPlayerFeatureState(db, playerId, RANK_LEAGUE_FEATURE)) as Partial<RankLeaguePlayerState> | undefined;
  return typeof state?.level === 'number' && state.level >= 1 ? state.level : 1;
}
