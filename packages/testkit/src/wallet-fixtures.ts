import { randomUUID } from 'node:crypto';
import type { LedgerDb } from '@sweepstack/db/repositories/ledger/records';
import { insertPlayer, newPlayerRow } from '@sweepstack/db/repositories/players';

/** Inserts a bare player row (for ledger tests that do not go through sign-up); answers its id. */
export async function insertWalletTestPlayer(db: LedgerDb): Promise<number> {
  const uuid = randomUUID();
  const now = 1_700_000_000_000;
  return insertPlayer(
    db,
    newPlayerRow({
      uuid,
      email: `${uuid}@wallet.test`,
      password_hash: 'not-a-real-hash',
      birthday: '1990-01-01',
      login: `player-${uuid.slice(0, 8)}`,
      email_confirmed: 1,
      game_mode: 'SweepStakes',
      referral_code: uuid.replaceAll('-', '').slice(0, 12),
      created_at_ms: now,
    }),
  );
}
