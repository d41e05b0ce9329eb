import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../schema';
import { statementsOf } from '../statements';
import './tables';
import type { TournamentEntriesTable, TournamentRunsTable, TournamentSchedulesTable, TournamentWinnersTable } from './tables';

type Db = Kysely<Database> | Transaction<Database>;

export type ScheduleRow = Selectable<TournamentSchedulesTable>;
export type RunRow = Selectable<TournamentRunsTable>;
export type EntryRow = Selectable<TournamentEntriesTable>;
export type WinnerRow = Selectable<TournamentWinnersTable>;
export type RunStatus = RunRow['status'];

/** Statuses of a run that is not over yet (announced, open, running) and of one that is (finished, paid, voided). */
export const UPCOMING_STATUSES: readonly RunStatus[] = ['announced', 'open', 'running'];
export const PAST_STATUSES: readonly RunStatus[] = ['finished', 'paid', 'voided'];

// ---------------------------------------------------------------- schedules

/** A schedule's values; `title_es` (the Spanish title) and `teams_es_json` (the teams' Spanish names) default to none. */
export type ScheduleValues = Omit<ScheduleRow, 'id' | 'planned_until_ms' | 'created_at_ms' | 'updated_at_ms' | 'title_es' | 'teams_es_json'> & { title_es?: string | null; teams_es_json?: string | null };

export async function insertSchedule(db: Db, values: ScheduleValues, nowMs: number): Promise<number> {
  const row = await db
    .insertInto('tournament_schedules')
    .values({ title_es: null, teams_es_json: null, ...values, planned_until_ms: null, created_at_ms: nowMs, updated_at_ms: nowMs })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateSchedule(db: Db, id: number, values: ScheduleValues, nowMs: number): Promise<void> {
  await db.updateTable('tournament_schedules').set({ ...values, planned_until_ms: null, updated_at_ms: nowMs }).where('id', '=', id).execute();
}

export async function findSchedule(db: Db, id: number): Promise<ScheduleRow | undefined> {
  return db.selectFrom('tournament_schedules').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findScheduleBySlug(db: Db, slug: string): Promise<ScheduleRow | undefined> {
  return db.selectFrom('tournament_schedules').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function listSchedules(db: Db): Promise<ScheduleRow[]> {
  return db.selectFrom('tournament_schedules').selectAll().orderBy('id').execute();
}

export async function setSchedulePlannedUntil(db: Db, id: number, plannedUntilMs: number): Promise<void> {
  await db.updateTable('tournament_schedules').set({ planned_until_ms: plannedUntilMs }).where('id', '=', id).execute();
}

// ---------------------------------------------------------------- runs

/** A run's values; `title_es` (the Spanish title) defaults to none. */
export type RunValues = Omit<RunRow, 'id' | 'operator_note' | 'paid_at_ms' | 'created_at_ms' | 'updated_at_ms' | 'title_es'> & { title_es?: string | null };

/** A team's name, and in Spanish when the operator gave one. */
export interface TeamName {
  title: string;
  titleEs: string | null;
}

/** Inserts a run unless its schedule already has one at that start; answers the new run's id, or null. */
export async function insertRun(db: Db, values: RunValues, teams: readonly TeamName[] | null, nowMs: number): Promise<number | null> {
  const row = await db
    .insertInto('tournament_runs')
    .values({ ...values, operator_note: null, paid_at_ms: null, created_at_ms: nowMs, updated_at_ms: nowMs })
    .onConflict((oc) => oc.columns(['schedule_id', 'start_ms']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return null;
  const runId = Number(row.id);
  if (teams && teams.length > 0) await db.insertInto('tournament_teams').values(teams.map((team, i) => ({ run_id: runId, team_id: i + 1, title: team.title, title_es: team.titleEs, members: 0 }))).execute();
  return runId;
}

export async function findRun(db: Db, id: number): Promise<RunRow | undefined> {
  return db.selectFrom('tournament_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves a run's status from one of `from` to `to`; answers false when it was elsewhere. */
export async function setRunStatus(db: Db, id: number, from: readonly RunStatus[], to: RunStatus, nowMs: number, extra: { operatorNote?: string; paidAtMs?: number } = {}): Promise<boolean> {
  const result = await db
    .updateTable('tournament_runs')
    .set({ status: to, updated_at_ms: nowMs, ...(extra.operatorNote !== undefined ? { operator_note: extra.operatorNote } : {}), ...(extra.paidAtMs !== undefined ? { paid_at_ms: extra.paidAtMs } : {}) })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function extendRun(db: Db, id: number, endMs: number, note: string, nowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('tournament_runs')
    .set({ end_ms: endMs, status: sql<RunStatus>`case when status = 'finished' then 'running' else status end`, operator_note: note, updated_at_ms: nowMs })
    .where('id', '=', id)
    .where('status', 'in', ['announced', 'open', 'running', 'finished'])
    .where('end_ms', '<', endMs)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Runs whose play window may hold a round played between `fromMs` and `toMs` and that are not paid or voided. */
export async function scoringRuns(db: Db, fromMs: number, toMs: number): Promise<RunRow[]> {
  return db
    .selectFrom('tournament_runs')
    .selectAll()
    .where('status', 'in', ['open', 'running', 'finished'])
    .where('start_ms', '<=', toMs)
    .where('end_ms', '>', fromMs)
    .execute();
}

/** Runs of a page: upcoming (not over, by start) or past (over, newest end first), optionally team or solo only. */
export async function listRuns(db: Db, query: { past: boolean; teamMode?: boolean; limit: number; offset: number }): Promise<{ runs: RunRow[]; total: number }> {
  let base = db.selectFrom('tournament_runs').where('status', 'in', query.past ? PAST_STATUSES : UPCOMING_STATUSES);
  if (query.teamMode !== undefined) base = base.where('team_based', '=', query.teamMode ? 1 : 0);
  const [runs, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(query.past ? 'end_ms' : 'start_ms', query.past ? 'desc' : 'asc')
      .orderBy('id', query.past ? 'desc' : 'asc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { runs, total: Number(count.n) };
}

/** The runs running now (status running), soonest end first. */
export async function runningRuns(db: Db): Promise<RunRow[]> {
  return db.selectFrom('tournament_runs').selectAll().where('status', '=', 'running').orderBy('end_ms').orderBy('id').execute();
}

/** The open run of a schedule (open or running), if any. */
export async function joinableRunOf(db: Db, scheduleId: number): Promise<RunRow | undefined> {
  return db.selectFrom('tournament_runs').selectAll().where('schedule_id', '=', scheduleId).where('status', 'in', ['open', 'running']).orderBy('start_ms').limit(1).executeTakeFirst();
}

// ---------------------------------------------------------------- teams

export interface TeamRow {
  teamId: number;
  title: string;
  /** The name in Spanish; null: `title` in every language. */
  titleEs: string | null;
  members: number;
}

export async function teamsOf(db: Db, runId: number): Promise<TeamRow[]> {
  const rows = await db.selectFrom('tournament_teams').select(['team_id', 'title', 'title_es', 'members']).where('run_id', '=', runId).orderBy('team_id').execute();
  return rows.map((r) => ({ teamId: r.team_id, title: r.title, titleEs: r.title_es, members: r.members }));
}

export async function addTeamMember(db: Db, runId: number, teamId: number): Promise<void> {
  await db.updateTable('tournament_teams').set({ members: sql`members + 1` }).where('run_id', '=', runId).where('team_id', '=', teamId).execute();
}

/** Every member of a team run who played, with their standing (for the team scores). */
export async function teamMemberStandings(db: Db, runId: number): Promise<{ teamId: number; points: number; reachedSeq: number }[]> {
  const rows = await db
    .selectFrom('tournament_entries')
    .select(['team_id', 'points', 'reached_seq'])
    .where('run_id', '=', runId)
    .where('rounds_played', '>', 0)
    .where('team_id', 'is not', null)
    .execute();
  return rows.map((r) => ({ teamId: r.team_id!, points: Number(r.points), reachedSeq: Number(r.reached_seq) }));
}

// ---------------------------------------------------------------- entries (the standings table)

/**
 * The reached sequence of an entry that has not played: after every real one (event ids stay far
 * below it), so a place is two index range counts with no filter on rounds played.
 */
export const UNPLAYED_SEQ = 999_999_999_999_999;

/** Subscribes a player (once): answers whether this call made the entry. */
export async function insertEntry(db: Db, runId: number, playerId: number, teamId: number | null, nowMs: number): Promise<boolean> {
  const row = await db
    .insertInto('tournament_entries')
    .values({ run_id: runId, player_id: playerId, team_id: teamId, points: 0, rounds_played: 0, reached_seq: UNPLAYED_SEQ, subscribed_at_ms: nowMs, updated_at_ms: nowMs })
    .onConflict((oc) => oc.columns(['run_id', 'player_id']).doNothing())
    .returning('player_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findEntry(db: Db, runId: number, playerId: number): Promise<EntryRow | undefined> {
  return db.selectFrom('tournament_entries').selectAll().where('run_id', '=', runId).where('player_id', '=', playerId).executeTakeFirst();
}

/** The entries of some players in some runs. */
export async function entriesOf(db: Db, runIds: readonly number[], playerIds: readonly number[]): Promise<EntryRow[]> {
  if (runIds.length === 0 || playerIds.length === 0) return [];
  return db.selectFrom('tournament_entries').selectAll().where('run_id', 'in', runIds).where('player_id', 'in', playerIds).execute();
}

export async function updateEntryStanding(db: Db, entry: { runId: number; playerId: number; points: number; roundsPlayed: number; reachedSeq: number }, nowMs: number): Promise<void> {
  await db
    .updateTable('tournament_entries')
    .set({ points: entry.points, rounds_played: entry.roundsPlayed, reached_seq: entry.reachedSeq, updated_at_ms: nowMs })
    .where('run_id', '=', entry.runId)
    .where('player_id', '=', entry.playerId)
    .execute();
}

/**
 * `updateEntryStanding` for many players of one run (the scoring handler's batch): one prepared
 * statement (statements.ts: synchronous on SQLite inside the transaction), in player order, so
 * concurrent batches on PostgreSQL lock the rows in one order.
 */
export async function updateEntryStandings(trx: Transaction<Database>, runId: number, standings: readonly { playerId: number; points: number; roundsPlayed: number; reachedSeq: number }[], nowMs: number): Promise<void> {
  const statements = statementsOf(trx);
  for (const s of [...standings].sort((a, b) => a.playerId - b.playerId)) {
    await statements.run('update tournament_entries set points = ?, rounds_played = ?, reached_seq = ?, updated_at_ms = ? where run_id = ? and player_id = ?', [s.points, s.roundsPlayed, s.reachedSeq, nowMs, runId, s.playerId]);
  }
}

export interface RankedEntry {
  playerId: number;
  points: number;
  reachedSeq: number;
}

/** The leaders of a run (players who played), from the standings index. */
export async function topEntries(db: Db, runId: number, limit: number): Promise<RankedEntry[]> {
  const rows = await db
    .selectFrom('tournament_entries')
    .select(['player_id', 'points', 'reached_seq'])
    .where('run_id', '=', runId)
    .where('rounds_played', '>', 0)
    .orderBy('points', 'desc')
    .orderBy('reached_seq')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ playerId: r.player_id, points: Number(r.points), reachedSeq: Number(r.reached_seq) }));
}

/**
 * A played standing's place (1-based): entries ahead of it have more points, or as many reached
 * earlier. Entries that have not played have 0 points and the UNPLAYED_SEQ, so they are never ahead
 * of a played one: two range counts on the standings index.
 */
export async function placeOf(db: Db, runId: number, standing: { points: number; reachedSeq: number }): Promise<number> {
  const [above, tiedBefore] = await Promise.all([
    db.selectFrom('tournament_entries').select((eb) => eb.fn.countAll<number>().as('n')).where('run_id', '=', runId).where('points', '>', standing.points).executeTakeFirstOrThrow(),
    db
      .selectFrom('tournament_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('run_id', '=', runId)
      .where('points', '=', standing.points)
      .where('reached_seq', '<', standing.reachedSeq)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(above.n) + Number(tiedBefore.n) + 1;
}

/**
 * The places (1-based) of several played standings at once. Sorted best first, each place is the
 * previous one's count of entries with more points plus the range between the two scores, so the
 * whole batch reads the standings index once down to its lowest standing (not once per player).
 */
export async function placesOf(db: Db, runId: number, standings: readonly RankedEntry[]): Promise<Map<number, number>> {
  const sorted = [...standings].sort((a, b) => b.points - a.points || a.reachedSeq - b.reachedSeq);
  // Prepared statements (statements.ts): a batch of 250 places is up to 500 small counts.
  const statements = statementsOf(db);
  const count = async (text: string, params: readonly unknown[]) => Number((await statements.all<{ n: number | string }>(text, params))[0]?.n ?? 0);
  const places = new Map<number, number>();
  let above = 0;
  let abovePoints: number | null = null;
  for (const s of sorted) {
    if (abovePoints === null || s.points < abovePoints) {
      above +=
        abovePoints === null
          ? await count('select count(*) as n from tournament_entries where run_id = ? and points > ?', [runId, s.points])
          : await count('select count(*) as n from tournament_entries where run_id = ? and points > ? and points <= ?', [runId, s.points, abovePoints]);
      abovePoints = s.points;
    }
    const tied = await count('select count(*) as n from tournament_entries where run_id = ? and points = ? and reached_seq < ?', [runId, s.points, s.reachedSeq]);
    places.set(s.playerId, above + tied + 1);
  }
  return places;
}

/** The played standings of a run written in [fromMs, toMs) (whose players a positions push is due to). */
export async function standingsUpdatedBetween(db: Db, runId: number, fromMs: number, toMs: number): Promise<(RankedEntry & { roundsPlayed: number })[]> {
  const rows = await db
    .selectFrom('tournament_entries')
    .select(['player_id', 'points', 'reached_seq', 'rounds_played'])
    .where('run_id', '=', runId)
    .where('updated_at_ms', '>=', fromMs)
    .where('updated_at_ms', '<', toMs)
    .where('rounds_played', '>', 0)
    .execute();
  return rows.map((r) => ({ playerId: r.player_id, points: Number(r.points), reachedSeq: Number(r.reached_seq), roundsPlayed: r.rounds_played }));
}

/** Every ranked entry of a run, in standings order (the payout job reads this once). */
export async function allRankedEntries(db: Db, runId: number): Promise<(RankedEntry & { teamId: number | null })[]> {
  const rows = await db
    .selectFrom('tournament_entries')
    .select(['player_id', 'points', 'reached_seq', 'team_id'])
    .where('run_id', '=', runId)
    .where('rounds_played', '>', 0)
    .orderBy('points', 'desc')
    .orderBy('reached_seq')
    .orderBy('player_id')
    .execute();
  return rows.map((r) => ({ playerId: r.player_id, points: Number(r.points), reachedSeq: Number(r.reached_seq), teamId: r.team_id }));
}

/** The runs a player joined that are not over (for app init's TournamentsSubscriptions). */
export async function subscribedRunsOf(db: Db, playerId: number): Promise<{ runId: number; scheduleId: number; endMs: number }[]> {
  const rows = await db
    .selectFrom('tournament_entries as e')
    .innerJoin('tournament_runs as r', 'r.id', 'e.run_id')
    .select(['r.id', 'r.schedule_id', 'r.end_ms'])
    .where('e.player_id', '=', playerId)
    .where('r.status', 'in', UPCOMING_STATUSES)
    .execute();
  return rows.map((r) => ({ runId: r.id, scheduleId: r.schedule_id, endMs: Number(r.end_ms) }));
}

/** Profile names of players, by id. */
export async function loginsOf(db: Db, playerIds: readonly number[]): Promise<Map<number, { login: string; uuid: string }>> {
  if (playerIds.length === 0) return new Map();
  const rows = await db.selectFrom('players').select(['id', 'login', 'uuid']).where('id', 'in', [...new Set(playerIds)]).execute();
  return new Map(rows.map((r) => [r.id, { login: r.login, uuid: r.uuid }]));
}

// ---------------------------------------------------------------- winners

export async function insertWinners(db: Db, rows: readonly Omit<TournamentWinnersTable, 'paid_at_ms'>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('tournament_winners').values(rows.slice(i, i + 200).map((r) => ({ ...r, paid_at_ms: null }))).onConflict((oc) => oc.columns(['run_id', 'player_id']).doNothing()).execute();
}

export async function winnersOf(db: Db, runId: number): Promise<WinnerRow[]> {
  return db.selectFrom('tournament_winners').selectAll().where('run_id', '=', runId).orderBy('place').orderBy('player_id').execute();
}

export async function markWinnersPaid(db: Db, runId: number, nowMs: number): Promise<void> {
  await db.updateTable('tournament_winners').set({ status: 'paid', paid_at_ms: nowMs }).where('run_id', '=', runId).where('status', '=', 'pending').execute();
}
