import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';
import type { AuthTokensTable } from '../tables/auth';

type Db = Kysely<Database> | Transaction<Database>;
type Kind = AuthTokensTable['kind'];

export async function insertAuthToken(
  db: Db,
  values: { tokenHash: string; kind: Kind; playerId: number; nowMs: number; expiresAtMs: number },
): Promise<void> {
  await db
    .insertInto('auth_tokens')
    .values({
      token_hash: values.tokenHash,
      kind: values.kind,
      player_id: values.playerId,
      created_at_ms: values.nowMs,
      expires_at_ms: values.expiresAtMs,
      used_at_ms: null,
    })
    .execute();
}

/**
 * Uses a one-time token: marks it used if it exists, is of this kind, is unused and unexpired,
 * in one conditional UPDATE (so two concurrent uses cannot both succeed). Returns its player id.
 */
export async function consumeAuthToken(db: Db, tokenHash: string, kind: Kind, nowMs: number): Promise<number | undefined> {
  const result = await db
    .updateTable('auth_tokens')
    .set({ used_at_ms: nowMs })
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('used_at_ms', 'is', null)
    .where('expires_at_ms', '>', nowMs)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  const row = await db.selectFrom('auth_tokens').select('player_id').where('token_hash', '=', tokenHash).executeTakeFirst();
  return row?.player_id;
}

/** Voids every outstanding token of a kind for a player (e.g. other reset links after a reset). */
export async function voidAuthTokens(db: Db, playerId: number, kind: Kind, nowMs: number): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ used_at_ms: nowMs })
    .where('player_id', '=', playerId)
    .where('kind', '=', kind)
    .where('used_at_ms', 'is', null)
    .execute();
}

/** Housekeeping: removes tokens that expired before `nowMs`. */
export async function deleteExpiredAuthTokens(db: Db, nowMs: number): Promise<void> {
  await db.deleteFrom('auth_tokens').where('expires_at_ms', '<=', nowMs).execute();
}
