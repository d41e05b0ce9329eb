import { PostgresAdapter, sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../schema';
import { type Statements, statementsOf } from '../statements';
import type { FairnessSeedsTable, GameRoundsTable, GameSessionsTable } from '../tables/games';

/**
 * Game sessions, provably-fair seeds and rounds (docs/games/play-api.md). The spin itself (one
 * transaction with the ledger) is the server's use case; these are its reads and writes.
 */
type Db = Kysely<Database> | Transaction<Database>;

export type GameSession = Selectable<GameSessionsTable>;
export type FairnessSeed = Selectable<FairnessSeedsTable>;
export type GameRound = Selectable<GameRoundsTable>;

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function forUpdate(db: Db) {
  return sql.raw(isPostgres(db) ? ' for update' : '');
}

/** The open session of a player, game and currency, opened when there is none (token from the caller). */
export async function openGameSession(db: Db, request: { playerId: number; gameId: number; currency: 'GC' | 'FC'; token: string; nowMs: number }): Promise<GameSession> {
  await db
    .insertInto('game_sessions')
    .values({ token: request.token, player_id: request.playerId, game_id: request.gameId, currency: request.currency, status: 'open', feature_state_json: null, rounds_played: 0, created_at_ms: request.nowMs, updated_at_ms: request.nowMs, closed_at_ms: null })
    // The conflict target names the partial index's predicate as a literal (SQLite matches it textually).
    .onConflict((oc) => oc.columns(['player_id', 'game_id', 'currency']).where(sql<boolean>`status = 'open'`).doUpdateSet({ updated_at_ms: request.nowMs }))
    .execute();
  return db
    .selectFrom('game_sessions')
    .selectAll()
    .where('player_id', '=', request.playerId)
    .where('game_id', '=', request.gameId)
    .where('currency', '=', request.currency)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
}

export async function findGameSession(db: Db, token: string): Promise<GameSession | undefined> {
  return db.selectFrom('game_sessions').selectAll().where('token', '=', token).executeTakeFirst();
}

/** Closes a session (a new one opens at the next launch). */
export async function closeGameSession(db: Db, sessionId: number, nowMs: number): Promise<void> {
  await db.updateTable('game_sessions').set({ status: 'closed', closed_at_ms: nowMs, updated_at_ms: nowMs }).where('id', '=', sessionId).execute();
}

/** The player's active seed pair, locked for the caller's transaction on PostgreSQL. */
export async function lockActiveSeed(trx: Db, playerId: number): Promise<FairnessSeed | undefined> {
  return (await sql<FairnessSeed>`select * from fairness_seeds where player_id = ${playerId} and status = 'active'${forUpdate(trx)}`.execute(trx)).rows[0];
}

export async function findActiveSeed(db: Db, playerId: number): Promise<FairnessSeed | undefined> {
  return db.selectFrom('fairness_seeds').selectAll().where('player_id', '=', playerId).where('status', '=', 'active').executeTakeFirst();
}

/** Creates the player's active seed pair when there is none (the candidate comes from the caller's CSPRNG). */
export async function ensureActiveSeed(db: Db, playerId: number, candidate: { serverSeed: string; serverSeedHash: string; clientSeed: string }, nowMs: number): Promise<FairnessSeed> {
  await db
    .insertInto('fairness_seeds')
    .values({ player_id: playerId, server_seed: candidate.serverSeed, server_seed_hash: candidate.serverSeedHash, client_seed: candidate.clientSeed, next_nonce: 0, status: 'active', created_at_ms: nowMs, revealed_at_ms: null })
    .onConflict((oc) => oc.column('player_id').where(sql<boolean>`status = 'active'`).doNothing())
    .execute();
  return (await findActiveSeed(db, playerId))!;
}

/**
 * Reveals the active seed and commits the new one, in one transaction; answers the revealed row
 * (undefined when the player had no seed yet).
 *
 * Concurrent rotations of one player take turns on the active row's lock. On PostgreSQL the one
 * that waited finds, once the lock is free, that the row it waited for is no longer active and
 * reads nothing (its statement could not see the row the other committed): it reads again, and
 * locks the new active row. Without that it inserted a second active seed (a unique violation).
 */
export async function rotateSeed(db: Kysely<Database>, playerId: number, next: { serverSeed: string; serverSeedHash: string; clientSeed: string }, nowMs: number): Promise<FairnessSeed | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = { player_id: playerId, server_seed: next.serverSeed, server_seed_hash: next.serverSeedHash, client_seed: next.clientSeed, next_nonce: 0, status: 'active' as const, created_at_ms: nowMs, revealed_at_ms: null };
    for (let attempt = 0; attempt < 20; attempt++) {
      const active = await lockActiveSeed(trx, playerId);
      if (active) {
        await trx.updateTable('fairness_seeds').set({ status: 'revealed', revealed_at_ms: nowMs }).where('id', '=', active.id).execute();
        await trx.insertInto('fairness_seeds').values(row).execute();
        return active;
      }
      // No active seed seen: the player's first, unless another transaction has just committed one.
      const inserted = await trx
        .insertInto('fairness_seeds')
        .values(row)
        .onConflict((oc) => oc.column('player_id').where(sql<boolean>`status = 'active'`).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return undefined;
    }
    throw new Error(`rotateSeed: the active seed of player ${playerId} kept changing`);
  });
}

export async function findSeedById(db: Db, id: number): Promise<FairnessSeed | undefined> {
  return db.selectFrom('fairness_seeds').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findRoundById(db: Db, id: number): Promise<GameRound | undefined> {
  return db.selectFrom('game_rounds').selectAll().where('id', '=', id).executeTakeFirst();
}

export type NewGameRound = Omit<GameRound, 'id'>;

/** A player's rounds of one game, newest first, `limit + 1` rows to tell whether there is a next page. */
export async function listRounds(db: Db, playerId: number, gameId: number, page: { cursor: number | null; limit: number }): Promise<GameRound[]> {
  let query = db.selectFrom('game_rounds').selectAll().where('player_id', '=', playerId).where('game_id', '=', gameId).orderBy('id', 'desc').limit(page.limit + 1);
  if (page.cursor !== null) query = query.where('id', '<', page.cursor);
  return query.execute();
}

// Batched forms of the spin's reads and writes (a group of spins in one transaction, the server's
// games/spin.ts): a few statements per group instead of several per spin. On SQLite at most
// ROWS_PER_STATEMENT rows per statement, so that the SQL text depends only on the count and SQLite
// reuses its prepared statements; on PostgreSQL one statement each, so that the rows a statement
// locks are locked in one ascending order (a group's statements never wait for each other's locks).
const ROWS_PER_STATEMENT = 32;

function chunks<T>(items: readonly T[], statements: Statements): T[][] {
  if (statements.postgres) return items.length === 0 ? [] : [[...items]];
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT) out.push(items.slice(start, start + ROWS_PER_STATEMENT));
  return out;
}

function marks(count: number, mark = '?'): string {
  return Array.from({ length: count }, () => mark).join(', ');
}

/** Sessions by their public tokens, locked in id order for the caller's transaction on PostgreSQL. */
export async function lockGameSessions(trx: Db, tokens: readonly string[]): Promise<GameSession[]> {
  const statements = statementsOf(trx);
  const rows: GameSession[] = [];
  for (const chunk of chunks([...new Set(tokens)], statements)) rows.push(...(await statements.all<GameSession>(`select * from game_sessions where token in (${marks(chunk.length)})${statements.postgres ? ' order by id for update' : ''}`, chunk)));
  return rows;
}

/** Rounds already played under (player, idempotency key) pairs. */
export async function findRoundsByKeys(trx: Db, keys: readonly { playerId: number; idempotencyKey: string }[]): Promise<GameRound[]> {
  const statements = statementsOf(trx);
  const rows: GameRound[] = [];
  for (const chunk of chunks(keys, statements)) {
    rows.push(...(await statements.all<GameRound>(`select * from game_rounds where ${chunk.map(() => '(player_id = ? and idempotency_key = ?)').join(' or ')}`, chunk.flatMap((k) => [k.playerId, k.idempotencyKey]))));
  }
  return rows;
}

/** The players' active seeds, locked in id order for the caller's transaction on PostgreSQL. */
export async function lockActiveSeeds(trx: Db, playerIds: readonly number[]): Promise<FairnessSeed[]> {
  const statements = statementsOf(trx);
  const rows: FairnessSeed[] = [];
  for (const chunk of chunks([...new Set(playerIds)], statements)) {
    rows.push(...(await statements.all<FairnessSeed>(`select * from fairness_seeds where status = 'active' and player_id in (${marks(chunk.length)})${statements.postgres ? ' order by id for update' : ''}`, chunk)));
  }
  return rows;
}

/** Moves each seed's next nonce from what was read to the nonce after its last round; every seed must still be where it was read. */
export async function advanceSeedNonces(trx: Db, moves: readonly { seedId: number; from: number; to: number }[]): Promise<void> {
  const statements = statementsOf(trx);
  for (const chunk of chunks(moves, statements)) {
    const changed = await statements.run(
      `update fairness_seeds set next_nonce = case id ${chunk.map(() => 'when ? then cast(? as bigint)').join(' ')} end where status = 'active' and (${chunk.map(() => '(id = ? and next_nonce = ?)').join(' or ')})`,
      [...chunk.flatMap((m) => [m.seedId, m.to]), ...chunk.flatMap((m) => [m.seedId, m.from])],
    );
    if (changed !== chunk.length) throw new Error(`fairness seeds: ${chunk.length - changed} nonces were taken concurrently`);
  }
}

/** Inserts rounds; answers their ids in the order given. */
export async function insertRounds(trx: Db, rounds: readonly NewGameRound[]): Promise<number[]> {
  const statements = statementsOf(trx);
  const ids: number[] = [];
  for (const chunk of chunks(rounds, statements)) {
    const rows = await statements.all<{ id: number; player_id: number; idempotency_key: string }>(
      `insert into game_rounds (player_id, session_id, game_id, currency, idempotency_key, bet, stake, win, jackpot_contribution, jackpot_win, step, bought, seed_id, nonce, state_before_json, outcome_json, balance_after, created_at_ms)
        values ${marks(chunk.length, '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')} returning id, player_id, idempotency_key`,
      chunk.flatMap((round) => [round.player_id, round.session_id, round.game_id, round.currency, round.idempotency_key, round.bet, round.stake, round.win, round.jackpot_contribution, round.jackpot_win, round.step, round.bought, round.seed_id, round.nonce, round.state_before_json, round.outcome_json, round.balance_after, round.created_at_ms]),
    );
    // RETURNING's row order is not promised: match rows by their unique (player, key).
    const idOf = new Map(rows.map((row) => [`${row.player_id}:${row.idempotency_key}`, Number(row.id)]));
    for (const round of chunk) {
      const id = idOf.get(`${round.player_id}:${round.idempotency_key}`);
      if (id === undefined) throw new Error(`game round ${round.player_id}:${round.idempotency_key} was not written`);
      ids.push(id);
    }
  }
  return ids;
}

/**
 * How stale a session's `updated_at_ms` may get while it is played. Launching a game always sets it,
 * so the order of app init's recent games (newest launch or play first) holds; rounds only refresh
 * it once it is older than this, so that most spins leave `game_sessions_by_player` (which holds it)
 * untouched: one page fewer written per player at each commit.
 */
export const SESSION_TOUCH_MS = 60_000;

/**
 * After rounds: each session's feature state as its last round left it, and its count of rounds;
 * `updated_at_ms` moves to `nowMs` where it is older than SESSION_TOUCH_MS.
 */
export async function updateSessionsAfterRounds(trx: Db, updates: readonly { sessionId: number; featureStateJson: string | null; rounds: number }[], nowMs: number): Promise<void> {
  const statements = statementsOf(trx);
  for (const chunk of chunks(updates, statements)) {
    const cases = chunk.map(() => 'when ? then ?').join(' ');
    const ids = chunk.map((u) => u.sessionId);
    await statements.run(
      `update game_sessions set feature_state_json = case id ${cases} end, rounds_played = rounds_played + case id ${chunk.map(() => 'when ? then cast(? as integer)').join(' ')} end where id in (${marks(chunk.length)})`,
      [...chunk.flatMap((u) => [u.sessionId, u.featureStateJson]), ...chunk.flatMap((u) => [u.sessionId, u.rounds]), ...ids],
    );
    // A statement of its own: an UPDATE that names an indexed column rewrites its index entry even
    // when the value does not change.
    await statements.run(`update game_sessions set updated_at_ms = ? where id in (${marks(chunk.length)}) and updated_at_ms < ?`, [nowMs, ...ids, nowMs - SESSION_TOUCH_MS]);
  }
}
