import { DEFAULT_SIGNUP_GIFT, SIGNUP_GIFT_SETTING_KEYS } from '@sweepstack/domain/wallet/signup-gift';
import { FC_PLAYTHROUGH_MULTIPLIER } from '@sweepstack/domain/wallet/plan-play';
import type { Kysely } from 'kysely';
import { ensureSystemAccounts } from '../repositories/ledger/accounts';
import type { Database } from '../schema';

/** Wallet settings and their defaults; existing values are never overwritten. */
export const WALLET_DEFAULT_SETTINGS: Record<string, unknown> = {
  [SIGNUP_GIFT_SETTING_KEYS.gc]: DEFAULT_SIGNUP_GIFT.gc,
  [SIGNUP_GIFT_SETTING_KEYS.fcCents]: DEFAULT_SIGNUP_GIFT.fcCents,
  // Informational: the ledger model implements exactly one play-through (docs/wallet-ledger.md).
  'wallet.fc_playthrough_multiplier': FC_PLAYTHROUGH_MULTIPLIER,
};

export async function seed(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  for (const [key, value] of Object.entries(WALLET_DEFAULT_SETTINGS)) {
    await db
      .insertInto('settings')
      .values({ key, value_json: JSON.stringify(value), updated_at_ms: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
  await ensureSystemAccounts(db);
}
