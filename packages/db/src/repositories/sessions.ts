import type { Kysely, Transaction } from 'kysely';
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

/** The live session of a token hash together with its player, or undefined when unknown or expired. */
export async function findLiveSession(db: Db, tokenHash: string, nowMs: number): Promise<{ session: SessionRecord; player: Player } | undefined> {
  const session = await db
    .selectFrom('sessions')
    .select(['token_hash', 'player_id', 'expires_at_ms', 'last_seen_at_ms'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at_ms', '>', nowMs)
    .executeTakeFirst();
  if (!session) return undefined;
  const player = await db.selectFrom('players').select(PLAYER_COLUMNS).where('id', '=', session.player_id).executeTakeFirst();
  if (!player) return undefined;
  return { session, player };
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
