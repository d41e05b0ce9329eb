import { currentPrizeTable, findRewardDrawById, rewardBudget, savePrizeTable, setRewardBudget, takeFreeSpinFromGrant } from '@sweepstack/db/rewards/repository';
import { findSeedById, rotateSeed } from '@sweepstack/db/repositories/game-play';
import { auditLedger } from '@sweepstack/db/repositories/ledger-audit';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import type { Prize } from '@sweepstack/domain/rewards/prize';
import { parsePrizeTable, drawSegmentIndex } from '@sweepstack/domain/rewards/prize-table';
import type { Clock } from '@sweepstack/domain/shared/clock';
import { HmacRandomSource } from '@sweepstack/games/fairness/hmac-random';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '@sweepstack/testkit/test-database';
import { insertWalletTestPlayer } from '@sweepstack/testkit/wallet-fixtures';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newSeedCandidate } from '../games/play';
import { creditPlayer } from './credit-player';
import { drawPrize, type DrawDependencies } from './draw-prize';

const clock: Clock = { nowMs: () => 1_800_000_000_000 };
const deps: DrawDependencies = { clock, freeSpinStake: () => 10, newSeed: () => newSeedCandidate() };
const DAY = '2027-01-15';

const wheel = parsePrizeTable({
  slug: 'test-wheel',
  feature: 'test-feature',
  fallbackSegment: 0,
  segments: [
    { weight: 40, prize: { kind: 'gold_coins', amount: 100 } },
    { weight: 30, prize: { kind: 'coins', amount: 500, amountCents: 25 } },
    { weight: 20, prize: { kind: 'free_spins', gameId: 1, count: 5, betLevel: 1, lifetimeMs: 3_600_000 } },
    { weight: 10, prize: { kind: 'lootbox', table: 'test-box' } },
  ],
});
const box = parsePrizeTable({ slug: 'test-box', feature: 'test-feature', fallbackSegment: 0, segments: [{ weight: 1, prize: { kind: 'fortune_coins', amountCents: 300 } }] });

describe.each(dialectsUnderTest())('rewards engine on %s', (dialect) => {
  let database: TestDatabase;
  const db = () => database.db;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await savePrizeTable(db(), wheel, { nowMs: 1 });
    await savePrizeTable(db(), box, { nowMs: 1 });
  });
  afterEach(async () => {
    // Money is never created or lost: every test leaves a ledger that balances.
    expect(await auditLedger(db())).toEqual([]);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('draws the segment the committed seeds give, pays it once, and a retry answers the same draw', async () => {
    const playerId = await insertWalletTestPlayer(db());
    const keys = Array.from({ length: 12 }, (_, i) => `wheel:${playerId}:${i}`);
    const outcomes = [];
    for (const key of keys) outcomes.push(await db().transaction().execute((trx) => drawPrize(trx, { playerId, feature: 'test-feature', table: 'test-wheel', idempotencyKey: key, day: DAY }, deps)));
    const again = await db().transaction().execute((trx) => drawPrize(trx, { playerId, feature: 'test-feature', table: 'test-wheel', idempotencyKey: keys[3]!, day: DAY }, deps));
    expect(again.replayed).toBe(true);
    expect(again.draw.id).toBe(outcomes[3]!.draw.id);
    expect(again.prize).toEqual(outcomes[3]!.prize);

    // Reveal the seed and recompute every draw from it, as /fairness does.
    const seedId = Number(outcomes[0]!.draw.seed_id);
    const next = newSeedCandidate();
    await rotateSeed(db(), playerId, next, clock.nowMs());
    const revealed = (await findSeedById(db(), seedId))!;
    expect(revealed.status).toBe('revealed');
    let expectedGc = 0;
    let expectedFc = 0;
    for (const outcome of outcomes) {
      const source = new HmacRandomSource({ serverSeed: revealed.server_seed, clientSeed: revealed.client_seed, nonce: Number(outcome.draw.nonce) });
      expect(drawSegmentIndex(wheel, source).index).toBe(outcome.draw.segment_index);
      const prize = outcome.prize;
      if (prize.kind === 'gold_coins') expectedGc += prize.amount;
      if (prize.kind === 'coins') {
        expectedGc += prize.amount;
        expectedFc += prize.amountCents;
      }
      if (prize.kind === 'fortune_coins') expectedFc += prize.amountCents;
    }
    // Nonces are consecutive: a lootbox takes the next one for its own draw.
    const nonces = outcomes.flatMap((o) => [Number(o.draw.nonce), ...(o.opened ? [Number(o.opened.draw.nonce)] : [])]);
    expect(nonces).toEqual(nonces.map((_, i) => i));
    const balance = await getPlayerBalance(db(), playerId);
    expect(balance.coins).toBe(expectedGc);
    expect(balance.entries).toBe(expectedFc);
    expect(balance.unplayed).toBe(expectedFc);
    // Prize Fortune Coins are unplayed: nothing of them is redeemable before it is played.
    expect(balance.winnings).toBe(0);
  });

  it('a booster multiplies the drawn prize; free spins become a grant played one spin at a time', async () => {
    await savePrizeTable(db(), parsePrizeTable({ slug: 'test-spins', feature: 'test-feature', fallbackSegment: 0, segments: [{ weight: 1, prize: { kind: 'free_spins', gameId: 4, count: 3, betLevel: 1, lifetimeMs: 3_600_000 } }] }), { nowMs: 1 });
    const playerId = await insertWalletTestPlayer(db());
    const outcome = await db().transaction().execute((trx) => drawPrize(trx, { playerId, feature: 'test-feature', table: 'test-spins', idempotencyKey: `spins:${playerId}`, multiplier: 2, day: DAY }, deps));
    expect(outcome.prize).toMatchObject({ kind: 'free_spins', count: 6 });
    const grant = await db().selectFrom('free_spin_grants').selectAll().where('player_id', '=', playerId).executeTakeFirstOrThrow();
    expect(Number(grant.spins_total)).toBe(6);
    expect(Number(grant.expires_at_ms)).toBe(clock.nowMs() + 3_600_000);
    expect(await takeFreeSpinFromGrant(db(), Number(grant.id), playerId, 5, clock.nowMs())).toBeUndefined();
    expect(await takeFreeSpinFromGrant(db(), Number(grant.id), playerId, 4, clock.nowMs())).toBe(5);
    expect(await takeFreeSpinFromGrant(db(), Number(grant.id), playerId, 4, clock.nowMs() + 3_600_000)).toBeUndefined();
  });

  it('50 concurrent draws never pass the daily budget: the fallback is paid instead', async () => {
    await savePrizeTable(db(), parsePrizeTable({ slug: 'test-budget', feature: 'budget-feature', fallbackSegment: 0, segments: [{ weight: 1, prize: { kind: 'nothing' } }, { weight: 1_000_000, prize: { kind: 'coins', amount: 100, amountCents: 10 } }] }), { nowMs: 1 });
    await setRewardBudget(db(), 'budget-feature', 'GC', 1000, 1);
    await setRewardBudget(db(), 'budget-feature', 'FC', 75, 1);
    const players = await Promise.all(Array.from({ length: 10 }, () => insertWalletTestPlayer(db())));
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        db().transaction().execute((trx) => drawPrize(trx, { playerId: players[i % 10]!, feature: 'budget-feature', table: 'test-budget', idempotencyKey: `budget:${i}`, day: DAY }, deps)),
      ),
    );
    const paid = outcomes.filter((o) => o.prize.kind === 'coins').length;
    // FC is the tighter budget: 75 cents allows 7 prizes of 10 cents.
    expect(paid).toBe(7);
    expect(outcomes.filter((o) => Number(o.draw.fell_back) === 1).length).toBe(50 - paid - outcomes.filter((o) => o.draw.segment_index === 0).length);
    const { spent } = await rewardBudget(db(), 'budget-feature', DAY);
    expect(spent).toEqual({ gc: paid * 100, fcCents: paid * 10 });
    const credited = await db().selectFrom('ledger_transfers').select((eb) => eb.fn.sum<number>('amount').as('total')).where('reason', '=', 'prize').where('idempotency_key', 'like', 'reward-draw:%:FC').where('metadata_json', 'like', '%budget-feature%').executeTakeFirstOrThrow();
    expect(Number(credited.total)).toBe(spent.fcCents);
    // Another day has its own budget.
    const tomorrow = await db().transaction().execute((trx) => drawPrize(trx, { playerId: players[0]!, feature: 'budget-feature', table: 'test-budget', idempotencyKey: 'budget:tomorrow', day: '2027-01-16' }, deps));
    expect(tomorrow.prize.kind === 'coins' || tomorrow.draw.segment_index === 0).toBe(true);
  });

  it('a table change applies to draws after it and never to past ones', async () => {
    const playerId = await insertWalletTestPlayer(db());
    const before = await db().transaction().execute((trx) => drawPrize(trx, { playerId, feature: 'test-feature', table: 'test-box', idempotencyKey: `box:${playerId}:1`, day: DAY }, deps));
    const v2 = await savePrizeTable(db(), { ...box, segments: [{ weight: 1, prize: { kind: 'gold_coins', amount: 7 } }] }, { nowMs: 2 });
    expect(v2.version).toBe(2);
    expect((await currentPrizeTable(db(), 'test-box'))!.version).toBe(2);
    const after = await db().transaction().execute((trx) => drawPrize(trx, { playerId, feature: 'test-feature', table: 'test-box', idempotencyKey: `box:${playerId}:2`, day: DAY }, deps));
    expect(before.prize).toEqual({ kind: 'fortune_coins', amountCents: 300 });
    expect(after.prize).toEqual({ kind: 'gold_coins', amount: 7 });
    const replay = await db().transaction().execute((trx) => drawPrize(trx, { playerId, feature: 'test-feature', table: 'test-box', idempotencyKey: `box:${playerId}:1`, day: DAY }, deps));
    expect(replay.table.version).toBe(1);
    expect(replay.prize).toEqual(before.prize);
    expect((await findRewardDrawById(db(), Number(before.draw.id)))!.table_id).not.toBe(v2.id);
    // Saving the same content again is not a new version.
    expect((await savePrizeTable(db(), { ...box, segments: [{ weight: 1, prize: { kind: 'gold_coins', amount: 7 } }] }, { nowMs: 3 })).version).toBe(2);
  });

  it('a player in a restricted state is paid the Gold Coins of a prize only, by a credit and by a draw', async () => {
    await db().insertInto('restricted_states').values({ code: 'WA', name: 'Washington' }).onConflict((oc) => oc.column('code').doNothing()).execute();
    const restricted = await insertWalletTestPlayer(db());
    const allowed = await insertWalletTestPlayer(db());
    const profile = (playerId: number, state: string) => ({
      player_id: playerId, name: null, surname: null, birthday: null, zip: null, city: null, address: null, address2: null, state, phone: null,
      activity_reminder_minutes: 0, verification_status: null, auto_verification_enabled: 0, auto_verification_available: 0, updated_at_ms: 1,
    });
    await db().insertInto('player_profiles').values([profile(restricted, 'wa'), profile(allowed, 'NV')]).execute();
    const credit = (playerId: number, prize: Prize, key: string) =>
      db().transaction().execute((trx) => creditPlayer(trx, { playerId, feature: 'test-feature', prize, idempotencyKey: `${key}:${playerId}` }, { clock }));
    const fcSpins: Prize = { kind: 'free_spins', gameId: 1, count: 5, betLevel: 1, lifetimeMs: 3_600_000, currency: 'FC' };
    for (const playerId of [restricted, allowed]) {
      await credit(playerId, { kind: 'coins', amount: 500, amountCents: 25 }, 'both');
      await credit(playerId, { kind: 'fortune_coins', amountCents: 300 }, 'fc');
      await credit(playerId, fcSpins, 'fc-spins');
      await credit(playerId, { kind: 'gold_coins', amount: 40 }, 'gc');
    }
    expect(await credit(restricted, { kind: 'fortune_coins', amountCents: 300 }, 'fc-again')).toEqual({ replayed: false, fortuneCoinsWithheld: true });
    const restrictedBalance = await getPlayerBalance(db(), restricted);
    expect([restrictedBalance.coins, restrictedBalance.entries]).toEqual([540, 0]);
    const allowedBalance = await getPlayerBalance(db(), allowed);
    expect([allowedBalance.coins, allowedBalance.entries]).toEqual([540, 325]);
    const grants = await db().selectFrom('free_spin_grants').select('player_id').where('player_id', 'in', [restricted, allowed]).execute();
    expect(grants.map((g) => Number(g.player_id))).toEqual([allowed]);

    // A draw records (and its budget is charged) what is paid: the box's 3 FC become nothing.
    await savePrizeTable(db(), parsePrizeTable({ slug: 'test-fc-wheel', feature: 'test-feature', fallbackSegment: 0, segments: [{ weight: 1, prize: { kind: 'coins', amount: 9, amountCents: 300 } }] }), { nowMs: 1 });
    const drawn = await db().transaction().execute((trx) => drawPrize(trx, { playerId: restricted, feature: 'test-feature', table: 'test-fc-wheel', idempotencyKey: `fc-wheel:${restricted}`, day: DAY }, deps));
    expect(drawn.prize).toEqual({ kind: 'gold_coins', amount: 9 });
    expect(JSON.parse(drawn.draw.prize_json)).toEqual({ kind: 'gold_coins', amount: 9 });
    const after = await getPlayerBalance(db(), restricted);
    expect([after.coins, after.entries]).toEqual([549, 0]);
  });
});
