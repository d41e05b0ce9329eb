import type { Kysely, Transaction } from 'kysely';
import { preparedQuery } from '../prepared-query';
import type { Database } from '../schema';
import { PLAYER_COLUMNS, type Player } from './players';

type Db = Kysely<Database> | Transaction<Database>;

export interface SessionRecord {
  token_hash: string;
  player_id: number;
  expires_at_ms: number;
  last_seen_at_ms: number;
}

export async function insertSession(
  db: Db,
  values: { tokenHash: string; playerId: number; nowMs: number; expiresAtMs: number; ip: string | null; userAgent: string | null },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: values.tokenHash,
      player_id: values.playerId,
      created_at_ms: values.nowMs,
      expires_at_ms: values.expiresAtMs,
      last_seen_at_ms: values.nowMs,
      ip: values.ip,
      user_agent: values.userAgent,
    })
    .execute();
}

const SESSION_COLUMNS = ['token_hash', 'player_id', 'expires_at_ms', 'last_seen_at_ms'] as const;

/**
 * Session and player in one indexed join, compiled once per handle: this runs on every signed-in
 * request. Player columns are selected as `p.<column>` (never the password hash).
 */
const selectLiveSession = preparedQuery((db, tokenHash: string, nowMs: number) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('players as p', 'p.id', 's.player_id')
    .select(SESSION_COLUMNS.map((c) => `s.${c}` as const))
    .select(PLAYER_COLUMNS.map((c) => `p.${c}` as const))
    .where('s.token_hash', '=', tokenHash)
    .where('s.expires_at_ms', '>', nowMs),
);

/** The live session of a token hash together with its player, or undefined when unknown or expired. */
export async function findLiveSession(db: Db, tokenHash: string, nowMs: number): Promise<LiveSession | undefined> {
  const [row] = await selectLiveSession(db, tokenHash, nowMs);
  return row ? toLiveSession(row) : undefined;
}

export interface LiveSession {
  session: SessionRecord;
  player: Player;
}

function toLiveSession(row: SessionRecord & Player): LiveSession {
  // Plain object literals (a rest destructure of 25 keys costs more than the query on SQLite); the
  // `Player` annotation makes a missing column a type error.
  const player: Player = {
    id: row.id,
    uuid: row.uuid,
    email: row.email,
    email_normalized: row.email_normalized,
    birthday: row.birthday,
    login: row.login,
    phone: row.phone,
    primary_contact: row.primary_contact,
    email_confirmed: row.email_confirmed,
    phone_confirmed: row.phone_confirmed,
    account_status: row.account_status,
    game_mode: row.game_mode,
    registration_complete: row.registration_complete,
    funnel_type: row.funnel_type,
    registration_source: row.registration_source,
    traffic_source: row.traffic_source,
    is_affiliate: row.is_affiliate,
    invited_by_code: row.invited_by_code,
    referral_code: row.referral_code,
    created_at_ms: row.created_at_ms,
    updated_at_ms: row.updated_at_ms,
  };
  return { session: { token_hash: row.token_hash, player_id: row.player_id, expires_at_ms: row.expires_at_ms, last_seen_at_ms: row.last_seen_at_ms }, player };
}

/**
 * The sessions of several token hashes with their players, in one query, whatever their expiry: the
 * caller compares `expires_at_ms` with its own now (a batch of request lookups, each with its moment).
 */
export async function findSessionsByHashes(db: Db, tokenHashes: readonly string[]): Promise<Map<string, LiveSession>> {
  if (tokenHashes.length === 0) return new Map();
  const rows = await db
    .selectFrom('sessions as s')
    .innerJoin('players as p', 'p.id', 's.player_id')
    .select(SESSION_COLUMNS.map((c) => `s.${c}` as const))
    .select(PLAYER_COLUMNS.map((c) => `p.${c}` as const))
    .where('s.token_hash', 'in', tokenHashes)
    .execute();
  return new Map(rows.map((row) => [row.token_hash, toLiveSession(row)]));
}

/** Rolling lifetime: pushes the expiry forward when the session is used. */
export async function touchSession(db: Db, tokenHash: string, nowMs: number, expiresAtMs: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at_ms: nowMs, expires_at_ms: expiresAtMs }).where('token_hash', '=', tokenHash).execute();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deletePlayerSessions(db: Db, playerId: number): Promise<void> {
  await db.deleteFrom('sessions').where('player_id', '=', playerId).execute();
}

/** Housekeeping: removes sessions that expired before `nowMs`. */
export async function deleteExpiredSessions(db: Db, nowMs: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at_ms', '<=', nowMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}
