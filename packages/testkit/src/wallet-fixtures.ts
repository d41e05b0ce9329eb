import { randomUUID } from 'node:crypto';
import type { LedgerDb } from '@sweepstack/db/repositories/ledger/records';
import { insertPlayer } from '@sweepstack/db/repositories/players';

/** Inserts a bare player row (for ledger tests that do not go through sign-up); answers its id. */
export async function insertWalletTestPlayer(db: LedgerDb): Promise<number> {
  const uuid = randomUUID();
  const now = 1_700_000_000_000;
  return insertPlayer(db, {
    uuid,
    email: `${uuid}@wallet.test`,
    email_normalized: `${uuid}@wallet.test`,
    password_hash: 'not-a-real-hash',
    birthday: '1990-01-01',
    login: `player-${uuid.slice(0, 8)}`,
    phone: null,
    primary_contact: 'email',
    email_confirmed: 1,
    phone_confirmed: 0,
    account_status: 'ACTIVE',
    game_mode: 'SweepStakes',
    registration_complete: 1,
    funnel_type: 'standard',
    registration_source: null,
    traffic_source: null,
    is_affiliate: 0,
    invited_by_code: null,
    referral_code: uuid.replaceAll('-', '').slice(0, 12),
    created_at_ms: now,
    updated_at_ms: now,
  });
}
