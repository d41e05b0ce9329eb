import type { Kysely } from 'kysely';
import { creditSignupGift } from '../repositories/ledger/signup-gift';
import type { Database } from '../schema';
import type { SeedOptions } from '../seed';
import { DEMO_ACCOUNT } from './0010-auth';

/**
 * The demo account gets the sign-up gift like any new account (after 0030 seeded the gift settings).
 * Idempotent: the gift's key is per player, so seeding again changes nothing.
 */
export async function seed(db: Kysely<Database>, options: SeedOptions): Promise<void> {
  if (!options.demo) return;
  const demo = await db.selectFrom('players').select('id').where('email_normalized', '=', DEMO_ACCOUNT.email).executeTakeFirst();
  if (demo) await creditSignupGift(db, demo.id);
}
