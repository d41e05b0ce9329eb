import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DomainError } from '@sweepstack/domain/shared/domain-error';
import { InMemoryLedger } from '@sweepstack/domain/wallet/in-memory-ledger';
import { dbLedgerDriver } from '@sweepstack/testkit/db-ledger-driver';
import { inMemoryLedgerDriver } from '@sweepstack/testkit/in-memory-ledger-driver';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { ledgerOperations, runLedgerScenario } from '@sweepstack/testkit/ledger-scenarios';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '@sweepstack/testkit/test-database';
import { insertWalletTestPlayer } from '@sweepstack/testkit/wallet-fixtures';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePlayerAccounts, openAccount } from './accounts';
import { getAccountBalance, getPlayerBalance } from './balances';
import { history } from './history';
import { play, settle } from './plays';
import type { TransferRequest } from './records';
import { creditSignupGift } from './signup-gift';
import { transfer, transferMany } from './transfers';
import { createPending, postPending, voidPending } from './two-phase';
import { auditLedger } from '../ledger-audit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'no error';
}

describe.each(dialectsUnderTest())('ledger on %s', (dialect) => {
  let database: TestDatabase;
  const db = () => database.db;
  const transferCount = async () => Number((await db().selectFrom('ledger_transfers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const newPlayer = async () => {
    const id = await insertWalletTestPlayer(db());
    await ensurePlayerAccounts(db(), id);
    return id;
  };
  const purchase = (playerId: number, key: string, gc: number, fcCents: number): TransferRequest[] => [
    { idempotencyKey: `${key}:GC`, from: { system: 'purchases' }, to: { playerId, kind: 'player_balance' }, currency: 'GC', amount: gc, reason: 'purchase' },
    { idempotencyKey: `${key}:FC`, from: { system: 'purchases' }, to: { playerId, kind: 'player_unplayed' }, currency: 'FC', amount: fcCents, reason: 'purchase' },
  ];
  const win = (playerId: number, key: string, amount: number): TransferRequest => ({ idempotencyKey: key, from: { system: 'game_play' }, to: { playerId, kind: 'player_redeemable' }, currency: 'FC', amount, reason: 'game_win' });

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('credits the sign-up gift once, from the settings table, into the unplayed part', async () => {
    const first = await insertWalletTestPlayer(db());
    const gift = await creditSignupGift(db(), first);
    expect(gift.replayed).toBe(false);
    expect(gift.transfers.map((t) => t.idempotencyKey)).toEqual([`signup-gift:${first}:GC`, `signup-gift:${first}:FC`]);
    expect(await getPlayerBalance(db(), first)).toEqual({ tourPoints: 10_000, coins: 10_000, entries: 100, winnings: 0, unplayed: 100 });
    const again = await creditSignupGift(db(), first, { gc: 5, fcCents: 5 });
    expect(again.replayed).toBe(true);
    expect(again.transfers.map((t) => t.id)).toEqual(gift.transfers.map((t) => t.id));
    expect((await getPlayerBalance(db(), first)).tourPoints).toBe(10_000);

    await db().insertInto('settings').values({ key: 'wallet.signup_gift_gc', value_json: '2500', updated_at_ms: 0 }).onConflict((oc) => oc.column('key').doUpdateSet({ value_json: '2500' })).execute();
    await db().insertInto('settings').values({ key: 'wallet.signup_gift_fc_cents', value_json: '0', updated_at_ms: 0 }).onConflict((oc) => oc.column('key').doUpdateSet({ value_json: '0' })).execute();
    const second = await insertWalletTestPlayer(db());
    await db().transaction().execute((trx) => creditSignupGift(trx, second));
    expect(await getPlayerBalance(db(), second)).toMatchObject({ tourPoints: 2_500, entries: 0 });
    await db().deleteFrom('settings').where('key', 'in', ['wallet.signup_gift_gc', 'wallet.signup_gift_fc_cents']).execute();
    expect(await codeOf(creditSignupGift(db(), 987_654))).toBe('WALLET_ACCOUNT_NOT_FOUND');
    await expectLedgerBalanced(db());
  });

  it('answers a retried key with the first result, refuses the key for another transfer, and replays after the coins were spent', async () => {
    const player = await newPlayer();
    const [gc, fcCents] = await transferMany(db(), purchase(player, 'idem-1', 500, 300));
    const retry = await transferMany(db(), purchase(player, 'idem-1', 500, 300));
    expect(retry.map((r) => r.replayed)).toEqual([true, true]);
    expect(retry.map((r) => r.transfer)).toEqual([gc!.transfer, fcCents!.transfer]);
    expect(await getPlayerBalance(db(), player)).toMatchObject({ tourPoints: 500, unplayed: 300 });

    const conflict = purchase(player, 'idem-1', 501, 300);
    expect(await codeOf(transfer(db(), conflict[0]!))).toBe('WALLET_IDEMPOTENCY_CONFLICT');
    const otherPlayer = await newPlayer();
    expect(await codeOf(transfer(db(), purchase(otherPlayer, 'idem-1', 500, 300)[0]!))).toBe('WALLET_IDEMPOTENCY_CONFLICT');

    const bet = await play(db(), { idempotencyKey: 'idem-bet', playerId: player, currency: 'GC', amount: 500 });
    expect(await getPlayerBalance(db(), player)).toMatchObject({ tourPoints: 0 });
    const betAgain = await play(db(), { idempotencyKey: 'idem-bet', playerId: player, currency: 'GC', amount: 500 });
    expect(betAgain).toEqual({ legs: bet.legs, replayed: true });
    expect(await codeOf(play(db(), { idempotencyKey: 'idem-bet', playerId: player, currency: 'GC', amount: 499 }))).toBe('WALLET_IDEMPOTENCY_CONFLICT');
    expect(await getPlayerBalance(db(), player)).toMatchObject({ tourPoints: 0, unplayed: 300 });
    await expectLedgerBalanced(db());
  });

  it('writes nothing when a transfer is refused, also inside a caller transaction', async () => {
    const player = await newPlayer();
    await transferMany(db(), purchase(player, 'nf-1', 100, 100));
    const before = await transferCount();
    const overdraft: TransferRequest = { idempotencyKey: 'nf-bet', from: { playerId: player, kind: 'player_balance' }, to: { system: 'game_play' }, currency: 'GC', amount: 1_000, reason: 'game_bet' };
    expect(await codeOf(transferMany(db(), [...purchase(player, 'nf-2', 5, 5), overdraft]))).toBe('WALLET_INSUFFICIENT_FUNDS');
    expect(await transferCount()).toBe(before);
    expect(await getPlayerBalance(db(), player)).toMatchObject({ tourPoints: 100, unplayed: 100 });

    // The caller's own writes survive a refused ledger call it catches; the refused call left nothing.
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('settings').values({ key: 'test.ledger_caller', value_json: '1', updated_at_ms: 0 }).execute();
        expect(await codeOf(transferMany(trx, [...purchase(player, 'nf-3', 5, 5), overdraft]))).toBe('WALLET_INSUFFICIENT_FUNDS');
        await transfer(trx, purchase(player, 'nf-4', 7, 7)[0]!);
      });
    expect(await db().selectFrom('settings').select('key').where('key', '=', 'test.ledger_caller').executeTakeFirst()).toBeDefined();
    expect(await getPlayerBalance(db(), player)).toMatchObject({ tourPoints: 107, unplayed: 100 });

    // A caller's rollback takes the ledger's writes with it.
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await transferMany(trx, purchase(player, 'nf-5', 1_000, 1_000));
          throw new Error('caller gives up');
        }),
    ).rejects.toThrow('caller gives up');
    expect(await getPlayerBalance(db(), player)).toMatchObject({ tourPoints: 107, unplayed: 100 });
    expect(await db().selectFrom('ledger_transfers').select('id').where('idempotency_key', 'like', 'nf-5%').execute()).toEqual([]);
    await db().deleteFrom('settings').where('key', '=', 'test.ledger_caller').execute();
    await expectLedgerBalanced(db());
  });

  it('refuses invalid amounts, currencies, keys, reasons and unknown accounts with clear codes', async () => {
    const player = await newPlayer();
    const base = purchase(player, 'bad', 1, 1)[0]!;
    const before = await transferCount();
    for (const amount of [0, -1, 1.5, Number.NaN, 2 ** 53]) expect(await codeOf(transfer(db(), { ...base, amount }))).toBe('WALLET_INVALID_AMOUNT');
    expect(await codeOf(transfer(db(), { ...base, currency: 'FC' }))).toBe('WALLET_CURRENCY_MISMATCH');
    expect(await codeOf(transfer(db(), { ...base, currency: 'XX' as never }))).toBe('WALLET_CURRENCY_MISMATCH');
    expect(await codeOf(transfer(db(), { ...base, idempotencyKey: 'has space' }))).toBe('VALIDATION_FAILED');
    expect(await codeOf(transfer(db(), { ...base, reason: 'free_money' as never }))).toBe('VALIDATION_FAILED');
    expect(await codeOf(transfer(db(), { ...base, to: { playerId: 999_999, kind: 'player_balance' } }))).toBe('WALLET_ACCOUNT_NOT_FOUND');
    expect(await codeOf(transfer(db(), { ...base, from: { system: 'purchases' }, to: { system: 'purchases' } }))).toBe('VALIDATION_FAILED');
    expect(await codeOf(transfer(db(), { ...base, idempotencyKey: 'bad-win', reason: 'game_win', to: { playerId: player, kind: 'player_balance' }, currency: 'GC', from: { playerId: player, kind: 'player_balance' } }))).toBe('VALIDATION_FAILED');
    expect(await codeOf(createPending(db(), { idempotencyKey: 'bad-hold', playerId: player, amount: 1 }))).toBe('WALLET_INSUFFICIENT_FUNDS');
    expect(await transferCount()).toBe(before);
    await expectLedgerBalanced(db());
  });

  it('plays unplayed Fortune Coins first, pays wins as winnings, and lists the history newest first', async () => {
    const player = await newPlayer();
    await transferMany(db(), purchase(player, 'hp-1', 1_000, 200));
    await play(db(), { idempotencyKey: 'hp-spin-1', playerId: player, currency: 'FC', amount: 150 });
    await transfer(db(), win(player, 'hp-win-1', 400));
    const spin = await play(db(), { idempotencyKey: 'hp-spin-2', playerId: player, currency: 'FC', amount: 100, metadata: { game: 'test-slot' } });
    expect(spin.legs.map((l) => [l.amount, l.metadata])).toEqual([
      [50, { game: 'test-slot' }],
      [50, { game: 'test-slot' }],
    ]);
    expect(await getPlayerBalance(db(), player)).toEqual({ tourPoints: 1_000, coins: 1_000, entries: 350, winnings: 350, unplayed: 0 });
    const page1 = await history(db(), player, { limit: 3 });
    expect(page1.entries.map((e) => [e.reason, e.account, e.amount])).toEqual([
      ['game_bet', 'player_redeemable', -50],
      ['game_bet', 'player_unplayed', -50],
      ['game_win', 'player_redeemable', 400],
    ]);
    const page2 = await history(db(), player, { cursor: page1.nextCursor, limit: 3 });
    expect(page2.entries.map((e) => [e.reason, e.currency, e.amount])).toEqual([
      ['game_bet', 'FC', -150],
      ['purchase', 'FC', 200],
      ['purchase', 'GC', 1_000],
    ]);
    expect(page2.nextCursor).toBeNull();
    expect(await codeOf(play(db(), { idempotencyKey: 'hp-spin-3', playerId: player, currency: 'FC', amount: 351 }))).toBe('WALLET_INSUFFICIENT_FUNDS');
    await expectLedgerBalanced(db());
  });

  it('settles a play and its transfers as one operation: in order, replayed as a whole, refused whole', async () => {
    const player = await newPlayer();
    await transferMany(db(), purchase(player, 'st-1', 100, 100));
    const round = (key: string, bet: number, won: number) =>
      settle(db(), {
        play: { idempotencyKey: key, playerId: player, currency: 'GC', amount: bet },
        transfers: [
          { idempotencyKey: `${key}:win`, from: { system: 'game_play' }, to: { playerId: player, kind: 'player_balance' }, currency: 'GC', amount: won, reason: 'game_win' },
          { idempotencyKey: `${key}:jp-in`, from: { system: 'game_play' }, to: { system: 'jackpots' }, currency: 'GC', amount: 1, reason: 'jackpot_contribution' },
        ],
      });
    // The whole balance is bet, then won back with more: the bet alone must be covered.
    const first = await round('st-spin-1', 100, 250);
    expect(first.play).toMatchObject({ replayed: false, legs: [{ amount: 100, reason: 'game_bet' }] });
    expect(first.transfers.map((t) => [t.transfer.reason, t.transfer.amount, t.replayed])).toEqual([
      ['game_win', 250, false],
      ['jackpot_contribution', 1, false],
    ]);
    // Written in the order given (the audit replays a player's history in id order).
    const ids = [first.play!.legs[0]!.id, ...first.transfers.map((t) => t.transfer.id)];
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(await getPlayerBalance(db(), player)).toMatchObject({ tourPoints: 250 });

    const count = await transferCount();
    const again = await round('st-spin-1', 100, 250);
    expect(again.play?.replayed).toBe(true);
    expect(again.transfers.every((t) => t.replayed)).toBe(true);
    expect(await transferCount()).toBe(count);
    expect(await getPlayerBalance(db(), player)).toMatchObject({ tourPoints: 250 });
    expect(await codeOf(round('st-spin-1', 100, 300))).toBe('WALLET_IDEMPOTENCY_CONFLICT');

    // A bet over the balance is refused before its win could cover it; nothing is written.
    expect(await codeOf(round('st-spin-2', 251, 1_000))).toBe('WALLET_INSUFFICIENT_FUNDS');
    expect(await transferCount()).toBe(count);
    expect(await getPlayerBalance(db(), player)).toMatchObject({ tourPoints: 250 });
    await expectLedgerBalanced(db());
  });

  it('holds a redemption, posts or voids it exactly once', async () => {
    const player = await newPlayer();
    await transfer(db(), win(player, 'tp-win', 1_000));
    const hold = await createPending(db(), { idempotencyKey: 'tp-redeem-1', playerId: player, amount: 600, metadata: { method: 'bank' } });
    expect(hold.transfer.status).toBe('pending');
    expect(await getPlayerBalance(db(), player)).toMatchObject({ winnings: 400 });
    expect(await getAccountBalance(db(), { system: 'redemption_holds' }, 'FC')).toBeGreaterThanOrEqual(600);
    const posted = await postPending(db(), hold.transfer.id);
    expect(posted.transfer).toMatchObject({ status: 'posted', pendingId: hold.transfer.id, amount: 600 });
    expect((await postPending(db(), hold.transfer.id)).replayed).toBe(true);
    expect(await codeOf(voidPending(db(), hold.transfer.id))).toBe('WALLET_TRANSFER_NOT_PENDING');
    expect(await codeOf(postPending(db(), posted.transfer.id))).toBe('WALLET_TRANSFER_NOT_PENDING');
    expect(await codeOf(postPending(db(), 123_456_789))).toBe('WALLET_TRANSFER_NOT_PENDING');
    // The database itself refuses a second resolution, whatever code writes it.
    await expect(
      db()
        .insertInto('ledger_transfers')
        .values({ idempotency_key: 'tp-second-resolution', debit_account_id: posted.transfer.debitAccountId, credit_account_id: hold.transfer.debitAccountId, currency: 'FC', amount: 600, reason: 'redemption', status: 'voided', pending_id: hold.transfer.id, created_at_ms: 1 })
        .execute(),
    ).rejects.toThrow(/unique/i);

    const second = await createPending(db(), { idempotencyKey: 'tp-redeem-2', playerId: player, amount: 400 });
    expect(await getPlayerBalance(db(), player)).toMatchObject({ winnings: 0 });
    const voided = await voidPending(db(), second.transfer.id, { metadata: { by: 'player' } });
    expect(voided.transfer).toMatchObject({ status: 'voided', pendingId: second.transfer.id });
    expect(await codeOf(postPending(db(), second.transfer.id))).toBe('WALLET_TRANSFER_NOT_PENDING');
    expect(await getPlayerBalance(db(), player)).toMatchObject({ winnings: 400 });
    const listed = await history(db(), player);
    expect(listed.entries.map((e) => [e.status, e.amount, e.resolvedAs])).toEqual([
      ['voided', 400, null],
      ['pending', -400, 'voided'],
      ['pending', -600, 'posted'],
      ['posted', 1_000, null],
    ]);
    await expectLedgerBalanced(db());
  });

  it('ends 50 parallel purchases and redemptions for one player with exactly the expected balances', async () => {
    const player = await newPlayer();
    await transfer(db(), win(player, 'par-win', 2_000));
    const purchases = Array.from({ length: 25 }, (_, i) => transferMany(db(), purchase(player, `par-buy-${i}`, 100, 50)));
    // 25 holds of 100 against 2,000 winnings: exactly 20 fit, whatever the interleaving.
    const redemptions = Array.from({ length: 25 }, (_, i) => createPending(db(), { idempotencyKey: `par-redeem-${i}`, playerId: player, amount: 100 }));
    const mixed = purchases.flatMap((p, i) => [p, redemptions[i]!]);
    const settled = await Promise.allSettled(mixed);
    const refused = settled.filter((s) => s.status === 'rejected');
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'WALLET_INSUFFICIENT_FUNDS' });
    expect(refused).toHaveLength(5);
    expect(await getPlayerBalance(db(), player)).toEqual({ tourPoints: 2_500, coins: 2_500, entries: 1_250, winnings: 0, unplayed: 1_250 });
    // And the same requests again, in parallel: nothing changes.
    await Promise.allSettled(Array.from({ length: 25 }, (_, i) => transferMany(db(), purchase(player, `par-buy-${i}`, 100, 50))));
    expect(await getPlayerBalance(db(), player)).toMatchObject({ tourPoints: 2_500, unplayed: 1_250 });
    const holds = await db().selectFrom('ledger_transfers').select('id').where('idempotency_key', 'like', 'par-redeem-%').execute();
    expect(holds).toHaveLength(20);
    // Approve half and reject half, all at once.
    await Promise.all(holds.map((h, i) => (i % 2 === 0 ? postPending(db(), Number(h.id)) : voidPending(db(), Number(h.id)))));
    expect(await getPlayerBalance(db(), player)).toMatchObject({ winnings: 1_000 });
    await expectLedgerBalanced(db());
  });

  it('answers each of many parallel transfers with its own result, written together or not (replays, a conflict and an overdraft among them)', async () => {
    const players = [await newPlayer(), await newPlayer(), await newPlayer()];
    const [a, b, c] = players as [number, number, number];
    await transfer(db(), win(c, 'merge-seed-c', 300));
    const buy = (playerId: number, key: string, amount: number): TransferRequest => ({ idempotencyKey: key, from: { system: 'purchases' }, to: { playerId, kind: 'player_balance' }, currency: 'GC', amount, reason: 'purchase' });
    const expected = new Map(players.map((p) => [p, 0]));
    const inParallel = async (requests: { request: TransferRequest; expect: string }[]) => {
      const before = await transferCount();
      const settled = await Promise.allSettled(requests.map(({ request }) => transfer(db(), request)));
      // A key sent twice at once is written by whichever call commits first (on PostgreSQL the calls
      // race on separate connections) and replayed for the other: compare per key, not per position.
      const replayedByKey = new Map<string, { wanted: boolean[]; got: boolean[] }>();
      settled.forEach((outcome, i) => {
        const { request, expect: wanted } = requests[i]!;
        if (wanted === 'written' || wanted === 'replayed') {
          expect(outcome.status).toBe('fulfilled');
          const result = (outcome as PromiseFulfilledResult<Awaited<ReturnType<typeof transfer>>>).value;
          expect(result.transfer.idempotencyKey).toBe(request.idempotencyKey);
          expect(result.transfer.amount).toBe(request.amount);
          const seen = replayedByKey.get(request.idempotencyKey) ?? { wanted: [], got: [] };
          seen.wanted.push(wanted === 'replayed');
          seen.got.push(result.replayed);
          replayedByKey.set(request.idempotencyKey, seen);
          const to = request.to as { playerId: number };
          if (wanted === 'written') expected.set(to.playerId, expected.get(to.playerId)! + request.amount);
        } else {
          expect(outcome.status).toBe('rejected');
          expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: wanted });
        }
      });
      for (const [key, { wanted, got }] of replayedByKey) expect([key, got.sort()]).toEqual([key, wanted.sort()]);
      expect(await transferCount()).toBe(before + requests.filter((r) => r.expect === 'written').length);
      for (const player of players) expect((await getPlayerBalance(db(), player)).tourPoints).toBe(expected.get(player));
    };
    // All accepted (one group, written together), with a key repeated inside the group: its replay.
    const first = Array.from({ length: 30 }, (_, i) => ({ request: buy(players[i % 3]!, `merge-buy-${i}`, 10 + i), expect: 'written' }));
    await inParallel([...first.slice(0, 20), { request: buy(a, 'merge-buy-0', 10), expect: 'replayed' }, ...first.slice(20)]);
    // The same key for another transfer, and a bet over c's winnings: refused, only for their callers.
    await inParallel([
      ...Array.from({ length: 10 }, (_, i) => ({ request: buy(players[i % 3]!, `merge-more-${i}`, 100 + i), expect: 'written' })),
      { request: buy(b, 'merge-buy-1', 999), expect: 'WALLET_IDEMPOTENCY_CONFLICT' },
      { request: { idempotencyKey: 'merge-overdraft', from: { playerId: c, kind: 'player_redeemable' }, to: { system: 'game_play' }, currency: 'FC', amount: 301, reason: 'game_bet' }, expect: 'WALLET_INSUFFICIENT_FUNDS' },
      ...Array.from({ length: 10 }, (_, i) => ({ request: buy(players[i % 3]!, `merge-late-${i}`, 200 + i), expect: 'written' })),
    ]);
    expect((await getPlayerBalance(db(), c)).winnings).toBe(300);
    await expectLedgerBalanced(db());
  });

  it('matches the in-memory model on random operation sequences (property)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(ledgerOperations({ players: [1, 2], maxLength: 25 }), async (operations) => {
        run += 1;
        const players = new Map<number, number>([
          [1, await newPlayer()],
          [2, await newPlayer()],
        ]);
        const model = new InMemoryLedger();
        model.openPlayer(1);
        model.openPlayer(2);
        const expected = await runLedgerScenario(inMemoryLedgerDriver(model), operations, [1, 2]);
        const actual = await runLedgerScenario(dbLedgerDriver(db(), players, `prop-${run}-`), operations, [1, 2]);
        expect(actual).toEqual(expected);
      }),
      { numRuns: 12 },
    );
    await expectLedgerBalanced(db());
  });

  it('opens single accounts idempotently', async () => {
    const player = await insertWalletTestPlayer(db());
    const account = await openAccount(db(), { playerId: player, kind: 'player_redeemable' }, 'FC');
    expect(account).toMatchObject({ owner_player_id: player, currency: 'FC', kind: 'player_redeemable', balance: 0 });
    expect((await openAccount(db(), { playerId: player, kind: 'player_redeemable' }, 'FC')).id).toBe(account.id);
    expect((await openAccount(db(), { system: 'jackpots', shard: 5 }, 'GC')).code).toBe('GC:jackpots#5');
    expect(await codeOf(openAccount(db(), { system: 'redemptions' }, 'GC'))).toBe('WALLET_CURRENCY_MISMATCH');
    expect(await codeOf(openAccount(db(), { system: 'jackpots', shard: 99 }, 'GC'))).toBe('WALLET_ACCOUNT_NOT_FOUND');
    expect(await codeOf(transfer(db(), { idempotencyKey: 'bad-shard', from: { system: 'jackpots', shard: -1 }, to: { system: 'game_play' }, currency: 'GC', amount: 1, reason: 'jackpot_contribution' }))).toBe('WALLET_ACCOUNT_NOT_FOUND');
    expect(await codeOf(openAccount(db(), { playerId: 424_242, kind: 'player_balance' }, 'GC'))).toBe('WALLET_ACCOUNT_NOT_FOUND');
  });

  it('refuses to change or delete a transfer row (append-only)', async () => {
    const row = await db().selectFrom('ledger_transfers').select('id').limit(1).executeTakeFirstOrThrow();
    await expect(db().updateTable('ledger_transfers').set({ amount: 1 }).where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
    await expect(db().deleteFrom('ledger_transfers').where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
  });

  it('audit passes on a sound ledger and names a corrupted balance, in code and from the command line', async () => {
    expect(await auditLedger(db())).toEqual([]);
    const cli = () =>
      spawnSync(process.execPath, ['--import', 'tsx', 'packages/db/src/cli/audit-ledger.ts'], { cwd: root, env: { ...process.env, DATABASE_URL: database.url }, encoding: 'utf8' });
    const ok = cli();
    expect(ok.stdout).toContain('ledger audit passed');
    expect(ok.status).toBe(0);

    const account = await db().selectFrom('ledger_accounts').select('id').where('kind', '=', 'player_unplayed').where('balance', '>', 0).orderBy('id').limit(1).executeTakeFirstOrThrow();
    await sql`update ledger_accounts set balance = balance + 7 where id = ${account.id}`.execute(db());
    const violations = await auditLedger(db());
    expect(violations.map((v) => v.invariant)).toEqual(['balance_equals_movements', 'currency_sum_zero']);
    expect(violations[0]!.message).toContain(`account ${account.id}`);
    const failed = cli();
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('ledger audit FAILED: balance_equals_movements');
    await sql`update ledger_accounts set balance = balance - 7 where id = ${account.id}`.execute(db());
    expect(await auditLedger(db())).toEqual([]);
  });
});

describe.each(dialectsUnderTest())('ledger seed and audit of hand-written rows on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('seeds the wallet settings and system accounts idempotently', async () => {
    const { seed } = await import('../../seeds/0030-wallet');
    await seed(database.db);
    await seed(database.db);
    const settings = await database.db.selectFrom('settings').select(['key', 'value_json']).where('key', 'like', 'wallet.%').orderBy('key').execute();
    expect(settings).toEqual([
      { key: 'wallet.fc_playthrough_multiplier', value_json: '1' },
      { key: 'wallet.signup_gift_fc_cents', value_json: '100' },
      { key: 'wallet.signup_gift_gc', value_json: '10000' },
    ]);
    const codes = await database.db.selectFrom('ledger_accounts').select('code').where('code', 'is not', null).execute();
    expect(codes).toHaveLength(14 * 16);
    expect(await auditLedger(database.db)).toEqual([]);
  });

  it('reports Fortune Coins that broke the unplayed/redeemable model, even with balanced books', async () => {
    const db = database.db;
    const player = await insertWalletTestPlayer(db);
    await ensurePlayerAccounts(db, player);
    await transfer(db, { idempotencyKey: 'hand-buy', from: { system: 'purchases' }, to: { playerId: player, kind: 'player_unplayed' }, currency: 'FC', amount: 100, reason: 'purchase' });
    expect(await auditLedger(db)).toEqual([]);
    // Written by hand, as a buggy feature might: a purchase credited straight to winnings, and a bet
    // taken from winnings while unplayed coins remain. Balances are kept consistent on purpose.
    const id = async (kind: string, code?: string) =>
      Number((await db.selectFrom('ledger_accounts').select('id').where(code ? 'code' : 'kind', '=', code ?? kind).$if(!code, (q) => q.where('owner_player_id', '=', player)).executeTakeFirstOrThrow()).id);
    const redeemable = await id('player_redeemable');
    const purchases = await id('', 'FC:purchases');
    const house = await id('', 'FC:game_play');
    for (const [key, debit, credit, reason] of [
      ['hand-bad-credit', purchases, redeemable, 'purchase'],
      ['hand-bad-bet', redeemable, house, 'game_bet'],
    ] as const) {
      await db.insertInto('ledger_transfers').values({ idempotency_key: key, debit_account_id: debit, credit_account_id: credit, currency: 'FC', amount: 10, reason, status: 'posted', pending_id: null, created_at_ms: 1 }).execute();
      await sql`update ledger_accounts set balance = balance - 10 where id = ${debit}`.execute(db);
      await sql`update ledger_accounts set balance = balance + 10 where id = ${credit}`.execute(db);
    }
    const violations = await auditLedger(db);
    expect(violations.map((v) => v.invariant)).toEqual(['fc_unplayed_redeemable_consistent', 'fc_unplayed_redeemable_consistent']);
    expect(violations[0]!.message).toContain('may not credit player_redeemable');
    expect(violations[1]!.message).toContain('while 100 unplayed remained');
    await expect(expectLedgerBalanced(db)).rejects.toThrow(/fc_unplayed_redeemable_consistent/);
  });
});
