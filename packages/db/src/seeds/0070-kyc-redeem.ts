import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/** KYC and redeem settings and their defaults (docs/kyc-and-redeem.md); existing values are kept. */
export const KYC_DEFAULT_SETTINGS: Record<string, unknown> = {
  'kyc.easy_profile_enabled': true,
  'kyc.auto_verification_enabled': true,
  'redeem.status': 'active',
  'redeem.minimum_bank_fc_cents': 10_000,
  'redeem.minimum_gift_card_fc_cents': 5_000,
};

export async function seed(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  for (const [key, value] of Object.entries(KYC_DEFAULT_SETTINGS)) {
    await db
      .insertInto('settings')
      .values({ key, value_json: JSON.stringify(value), updated_at_ms: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}
