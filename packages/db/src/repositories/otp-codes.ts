import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../schema';
import type { OtpCodesTable } from '../tables/auth';

type Db = Kysely<Database> | Transaction<Database>;
type Purpose = OtpCodesTable['purpose'];
export type OtpCodeRow = Selectable<OtpCodesTable>;

/** Stores a new code and retires every earlier unconsumed code of the same purpose. */
export async function replaceOtpCode(
  db: Db,
  values: { playerId: number; purpose: Purpose; destination: string; codeHash: string; nowMs: number; expiresAtMs: number },
): Promise<void> {
  await db
    .updateTable('otp_codes')
    .set({ consumed_at_ms: values.nowMs })
    .where('player_id', '=', values.playerId)
    .where('purpose', '=', values.purpose)
    .where('consumed_at_ms', 'is', null)
    .execute();
  await db
    .insertInto('otp_codes')
    .values({
      player_id: values.playerId,
      purpose: values.purpose,
      destination: values.destination,
      code_hash: values.codeHash,
      created_at_ms: values.nowMs,
      expires_at_ms: values.expiresAtMs,
      attempts: 0,
      consumed_at_ms: null,
    })
    .execute();
}

/** The newest code of a purpose (consumed or not). */
export async function latestOtpCode(db: Db, playerId: number, purpose: Purpose): Promise<OtpCodeRow | undefined> {
  return db
    .selectFrom('otp_codes')
    .selectAll()
    .where('player_id', '=', playerId)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Counts one attempt, only while fewer than `maxAttempts` were made; false when none was left. */
export async function countOtpAttempt(db: Db, id: number, maxAttempts: number): Promise<boolean> {
  const result = await db
    .updateTable('otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .where('consumed_at_ms', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a code used; false when it was already used (a concurrent verification won). */
export async function consumeOtpCode(db: Db, id: number, nowMs: number): Promise<boolean> {
  const result = await db.updateTable('otp_codes').set({ consumed_at_ms: nowMs }).where('id', '=', id).where('consumed_at_ms', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
