import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '@sweepstack/testkit/test-database';
import { insertWalletTestPlayer } from '@sweepstack/testkit/wallet-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPrizeTables, rewardBudget } from '../rewards/repository';
import { seedDatabase } from '../seed';
import { addExtraSpins, addRoundsPlayed, lockWheelState, wheelOffers, wheelSettings, wheelStateOf } from './repository';

describe.each(dialectsUnderTest())('wheel of treasure tables on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedDatabase(database.db, { theme: 'stormrush' });
  }, 60_000);
  afterAll(async () => {
    await database?.destroy();
  });

  it('seeds its prize tables, budgets, rules and the extra-wheel package once', async () => {
    const tables = await currentPrizeTables(database.db, 'wheel-of-treasure');
    expect(tables.map((t) => t.slug)).toEqual(['wheel-of-treasure-booster', 'wheel-of-treasure-daily', 'wheel-of-treasure-extra', 'wheel-of-treasure-extra-lootbox', 'wheel-of-treasure-lootbox']);
    const withBox = tables.find((t) => t.slug === 'wheel-of-treasure-extra-lootbox')!;
    expect(withBox.segments.at(-1)!.prize).toEqual({ kind: 'lootbox', table: 'wheel-of-treasure-lootbox' });
    expect(tables.find((t) => t.slug === 'wheel-of-treasure-extra')!.segments.some((s) => s.prize.kind === 'lootbox')).toBe(false);
    expect((await rewardBudget(database.db, 'wheel-of-treasure', '2026-11-26')).budget).toEqual({ gc: 50_000_000, fcCents: 100_000 });
    expect(await wheelSettings(database.db)).toEqual({ active: true, boosterRounds: 50, finishesAtMs: null, timeZone: 'America/New_York' });
    expect(await wheelOffers(database.db)).toEqual(new Map([['wheel-extra-3', 3]]));
    await seedDatabase(database.db, { theme: 'stormrush' });
    expect((await currentPrizeTables(database.db, 'wheel-of-treasure')).every((t) => t.version === 1)).toBe(true);
  });

  it('counts rounds per operator day and keeps bought spins', async () => {
    const a = await insertWalletTestPlayer(database.db);
    const b = await insertWalletTestPlayer(database.db);
    await addRoundsPlayed(database.db, new Map([[a, 3], [b, 1]]), '2026-11-26', 1);
    await addRoundsPlayed(database.db, new Map([[a, 4]]), '2026-11-26', 2);
    expect(await wheelStateOf(database.db, a)).toMatchObject({ roundsDay: '2026-11-26', rounds: 7 });
    await addRoundsPlayed(database.db, new Map([[a, 2]]), '2026-11-27', 3);
    expect(await wheelStateOf(database.db, a)).toMatchObject({ roundsDay: '2026-11-27', rounds: 2 });
    await addExtraSpins(database.db, b, 3, 4);
    const locked = await database.db.transaction().execute((trx) => lockWheelState(trx, b, 5));
    expect(locked).toEqual({ lastDailySpinDay: null, roundsDay: '2026-11-26', rounds: 1, extraSpins: 3 });
  });
});
