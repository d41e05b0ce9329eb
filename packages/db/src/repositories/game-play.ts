import { PostgresAdapter, sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../schema';
import { statementsOf } from '../statements';
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

/** A session by its public token, locked for the caller's transaction on PostgreSQL. */
export async function lockGameSession(trx: Db, token: string): Promise<GameSession | undefined> {
  const statements = statementsOf(trx);
  return (await statements.all<GameSession>(`select * from game_sessions where token = ?${statements.postgres ? ' for update' : ''}`, [token]))[0];
}

export async function findGameSession(db: Db, token: string): Promise<GameSession | undefined> {
  return db.selectFrom('game_sessions').selectAll().where('token', '=', token).executeTakeFirst();
}

/** Closes a session (a new one opens at the next launch). */
export async function closeGameSession(db: Db, sessionId: number, nowMs: number): Promise<void> {
  await db.updateTable('game_sessions').set({ status: 'closed', closed_at_ms: nowMs, updated_at_ms: nowMs }).where('id', '=', sessionId).execute();
}

export async function updateSessionAfterRound(trx: Db, sessionId: number, featureStateJson: string | null, nowMs: number): Promise<void> {
  await statementsOf(trx).run('update game_sessions set feature_state_json = ?, rounds_played = rounds_played + 1, updated_at_ms = ? where id = ?', [featureStateJson, nowMs, sessionId]);
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
 * Takes the next nonce of the player's active seed in one statement (the row stays locked on
 * PostgreSQL until the caller's transaction ends); answers the seed with the nonce taken, or
 * undefined when the player has no active seed.
 */
export async function takeSeedNonce(trx: Db, playerId: number): Promise<(FairnessSeed & { nonce: number }) | undefined> {
  const [row] = await statementsOf(trx).all<FairnessSeed>("update fairness_seeds set next_nonce = next_nonce + 1 where player_id = ? and status = 'active' returning *", [playerId]);
  return row ? { ...row, nonce: Number(row.next_nonce) - 1 } : undefined;
}

export async function advanceSeedNonce(trx: Db, seedId: number, nonce: number): Promise<void> {
  const result = await sql`update fairness_seeds set next_nonce = ${nonce + 1} where id = ${seedId} and next_nonce = ${nonce} and status = 'active'`.execute(trx);
  if (Number(result.numAffectedRows ?? 0) !== 1) throw new Error(`fairness seed ${seedId}: nonce ${nonce} was taken concurrently`);
}

/** Reveals the active seed and commits the new one, in one transaction; answers the revealed row. */
export async function rotateSeed(db: Kysely<Database>, playerId: number, next: { serverSeed: string; serverSeedHash: string; clientSeed: string }, nowMs: number): Promise<FairnessSeed | undefined> {
  return db.transaction().execute(async (trx) => {
    const active = await lockActiveSeed(trx, playerId);
    if (active) await trx.updateTable('fairness_seeds').set({ status: 'revealed', revealed_at_ms: nowMs }).where('id', '=', active.id).execute();
    await trx
      .insertInto('fairness_seeds')
      .values({ player_id: playerId, server_seed: next.serverSeed, server_seed_hash: next.serverSeedHash, client_seed: next.clientSeed, next_nonce: 0, status: 'active', created_at_ms: nowMs, revealed_at_ms: null })
      .execute();
    return active;
  });
}

export async function findSeedById(db: Db, id: number): Promise<FairnessSeed | undefined> {
  return db.selectFrom('fairness_seeds').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findRoundByKey(db: Db, playerId: number, idempotencyKey: string): Promise<GameRound | undefined> {
  return (await statementsOf(db).all<GameRound>('select * from game_rounds where player_id = ? and idempotency_key = ?', [playerId, idempotencyKey]))[0];
}

export async function findRoundById(db: Db, id: number): Promise<GameRound | undefined> {
  return db.selectFrom('game_rounds').selectAll().where('id', '=', id).executeTakeFirst();
}

export type NewGameRound = Omit<GameRound, 'id'>;

export async function insertRound(trx: Db, round: NewGameRound): Promise<number> {
  const [row] = await statementsOf(trx).all<{ id: number }>(
    `insert into game_rounds (player_id, session_id, game_id, currency, idempotency_key, bet, stake, win, jackpot_contribution, jackpot_win, step, bought, seed_id, nonce, state_before_json, outcome_json, balance_after, created_at_ms)
      values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    [round.player_id, round.session_id, round.game_id, round.currency, round.idempotency_key, round.bet, round.stake, round.win, round.jackpot_contribution, round.jackpot_win, round.step, round.bought, round.seed_id, round.nonce, round.state_before_json, round.outcome_json, round.balance_after, round.created_at_ms],
  );
  return Number(row!.id);
}

/** A player's rounds of one game, newest first, `limit + 1` rows to tell whether there is a next page. */
export async function listRounds(db: Db, playerId: number, gameId: number, page: { cursor: number | null; limit: number }): Promise<GameRound[]> {
  let query = db.selectFrom('game_rounds').selectAll().where('player_id', '=', playerId).where('game_id', '=', gameId).orderBy('id', 'desc').limit(page.limit + 1);
  if (page.cursor !== null) query = query.where('id', '<', page.cursor);
  return query.execute();
}
