import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPlayerBalance } from '../repositories/ledger/balances';
import { seedDatabase } from '../seed';
import { DEMO_ACCOUNT } from './0010-auth';

describe.each(dialectsUnderTest())('demo account sign-up gift on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('credits the demo account its gift once, however often the seed runs', async () => {
    await seedDatabase(database.db, { theme: 'nlc', demo: true });
    await seedDatabase(database.db, { theme: 'nlc', demo: true });
    const demo = await database.db.selectFrom('players').select('id').where('email_normalized', '=', DEMO_ACCOUNT.email).executeTakeFirstOrThrow();
    expect(await getPlayerBalance(database.db, demo.id)).toMatchObject({ tourPoints: 10_000, coins: 10_000, entries: 100, winnings: 0, unplayed: 100 });
    const gifts = await database.db.selectFrom('ledger_transfers').select('idempotency_key').where('reason', '=', 'signup_gift').execute();
    expect(gifts.map((g) => g.idempotency_key).sort()).toEqual([`signup-gift:${demo.id}:FC`, `signup-gift:${demo.id}:GC`]);
    await expectLedgerBalanced(database.db);
  });
});
