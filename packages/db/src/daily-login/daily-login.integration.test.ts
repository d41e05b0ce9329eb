import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '@sweepstack/testkit/test-database';
import { insertWalletTestPlayer } from '@sweepstack/testkit/wallet-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../seed';
import { addOutageDay, currentLadder, insertClaim, ladderStateOf, outageDaysSince } from './repository';

describe.each(dialectsUnderTest())('daily login tables on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedDatabase(database.db, { theme: 'nlc' });
  }, 60_000);
  afterAll(async () => {
    await database?.destroy();
  });

  it('seeds the seven-level ladder once, free spins naming a real game', async () => {
    const ladder = (await currentLadder(database.db))!;
    expect(ladder.levels).toHaveLength(7);
    expect(ladder.rules).toEqual({ levels: 7, graceDays: 1, afterLast: 'wrap' });
    const spins = ladder.levels.find((p) => p.kind === 'free_spins');
    expect(spins).toBeDefined();
    const game = await database.db.selectFrom('games').select('slug').where('id', '=', spins!.kind === 'free_spins' ? spins!.gameId : -1).executeTakeFirst();
    expect(game?.slug).toBe('lucky-lantern-classic');
    await seedDatabase(database.db, { theme: 'nlc' });
    expect((await currentLadder(database.db))!.version).toBe(ladder.version);
  });

  it('keeps one claim per player and day, under concurrency too', async () => {
    const playerId = await insertWalletTestPlayer(database.db);
    const ladder = (await currentLadder(database.db))!;
    const claim = { playerId, day: '2026-11-26', level: 1, ladderId: ladder.id, prize: ladder.levels[0]!, nowMs: 1 };
    const results = await Promise.all(Array.from({ length: 5 }, () => database.db.transaction().execute((trx) => insertClaim(trx, claim))));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await ladderStateOf(database.db, playerId)).toEqual({ level: 1, lastClaimDay: '2026-11-26' });
    await addOutageDay(database.db, '2026-11-27', 'database maintenance', { nowMs: 1 });
    expect([...(await outageDaysSince(database.db, '2026-11-26'))]).toEqual(['2026-11-27']);
  });
});
