import type { Currency } from '@sweepstack/domain/wallet/money';
import type { PlayerBalances } from '@sweepstack/domain/wallet/plan-play';
import fc from 'fast-check';

/**
 * Random sequences of wallet operations for property tests: purchases, prizes, plays, wins,
 * redemptions (held, then approved, rejected or cancelled) and retries of earlier requests. The same
 * sequence drives the in-memory model and the database ledger so their results can be compared.
 */
export type LedgerOperation =
  | { op: 'purchase'; player: number; key: string; gc: number; fcCents: number }
  | { op: 'prize'; player: number; key: string; currency: Currency; amount: number }
  | { op: 'play'; player: number; key: string; currency: Currency; amount: number }
  | { op: 'win'; player: number; key: string; currency: Currency; amount: number }
  | { op: 'redeem'; player: number; key: string; amount: number }
  | { op: 'resolve'; redemption: number; action: 'post' | 'void' }
  | { op: 'retry'; index: number };

/** What a ledger under test must offer the scenario runner. */
export interface LedgerDriver {
  // Each call answers the ids of the transfers it wrote (or, when replayed, first wrote).
  purchase(playerId: number, key: string, gc: number, fcCents: number): Promise<number[]>;
  credit(playerId: number, key: string, currency: Currency, amount: number, reason: 'prize' | 'game_win'): Promise<number[]>;
  play(playerId: number, key: string, currency: Currency, amount: number): Promise<number[]>;
  /** Answers [the pending transfer id]. */
  hold(playerId: number, key: string, amount: number): Promise<number[]>;
  resolve(pendingId: number, action: 'post' | 'void'): Promise<number[]>;
  balances(playerId: number): Promise<PlayerBalances>;
}

/** Codes a random operation may legitimately fail with; anything else fails the property. */
export const EXPECTED_CODES = new Set(['WALLET_INSUFFICIENT_FUNDS', 'WALLET_TRANSFER_NOT_PENDING']);

export function ledgerOperations(options: { players: number[]; maxLength?: number }): fc.Arbitrary<LedgerOperation[]> {
  const player = fc.constantFrom(...options.players);
  const currency = fc.constantFrom<Currency>('GC', 'FC');
  const credit = fc.integer({ min: 1, max: 5_000 });
  // Spending amounts are smaller than credits so that most plays and redemptions find the coins.
  const spend = fc.integer({ min: 1, max: 400 });
  let counter = 0;
  const key = fc.nat().map((n) => `op-${n}-${counter++}`);
  const operation: fc.Arbitrary<LedgerOperation> = fc.oneof(
    { arbitrary: fc.record({ op: fc.constant('purchase' as const), player, key, gc: credit, fcCents: credit }), weight: 2 },
    { arbitrary: fc.record({ op: fc.constant('prize' as const), player, key, currency, amount: credit }), weight: 1 },
    { arbitrary: fc.record({ op: fc.constant('play' as const), player, key, currency, amount: spend }), weight: 4 },
    { arbitrary: fc.record({ op: fc.constant('win' as const), player, key, currency, amount: credit }), weight: 2 },
    { arbitrary: fc.record({ op: fc.constant('redeem' as const), player, key, amount: spend }), weight: 2 },
    { arbitrary: fc.record({ op: fc.constant('resolve' as const), redemption: fc.nat(20), action: fc.constantFrom<'post' | 'void'>('post', 'void') }), weight: 2 },
    { arbitrary: fc.record({ op: fc.constant('retry' as const), index: fc.nat(60) }), weight: 2 },
  );
  return fc.array(operation, { minLength: 1, maxLength: options.maxLength ?? 40, size: 'max' });
}

export interface ScenarioOutcome {
  /** Per operation: 'ok', 'replay-ok' or the expected error code it failed with. */
  outcomes: string[];
  balances: Record<number, PlayerBalances>;
}

/**
 * Runs operations against a driver. A retry re-sends an earlier request with its key and must change
 * no balance; an unexpected error is rethrown. `afterEach` runs after every operation (invariants).
 */
export async function runLedgerScenario(
  driver: LedgerDriver,
  operations: LedgerOperation[],
  players: number[],
  afterEach?: () => Promise<void> | void,
): Promise<ScenarioOutcome> {
  const pendings: number[] = [];
  const outcomes: string[] = [];
  const execute = async (operation: LedgerOperation): Promise<number[]> => {
    switch (operation.op) {
      case 'purchase':
        return driver.purchase(operation.player, operation.key, operation.gc, operation.fcCents);
      case 'prize':
        return driver.credit(operation.player, operation.key, operation.currency, operation.amount, 'prize');
      case 'win':
        return driver.credit(operation.player, operation.key, operation.currency, operation.amount, 'game_win');
      case 'play':
        return driver.play(operation.player, operation.key, operation.currency, operation.amount);
      case 'redeem': {
        const ids = await driver.hold(operation.player, operation.key, operation.amount);
        const pendingId = ids[0];
        if (pendingId !== undefined && !pendings.includes(pendingId)) pendings.push(pendingId);
        return ids;
      }
      case 'resolve': {
        const pendingId = pendings[operation.redemption % Math.max(1, pendings.length)];
        if (pendingId === undefined) return [];
        return driver.resolve(pendingId, operation.action);
      }
      case 'retry':
        return [];
    }
  };
  const firstResults = new Map<LedgerOperation, number[]>();
  const snapshot = async () => JSON.stringify(await Promise.all(players.map((p) => driver.balances(p))));
  for (const operation of operations) {
    let target = operation;
    const isRetry = operation.op === 'retry';
    if (operation.op === 'retry') {
      // Only a request that was accepted has a first result to replay; a refused one left nothing.
      const earlier = [...firstResults.keys()];
      const picked = earlier[operation.index % Math.max(1, earlier.length)];
      if (!picked) {
        outcomes.push('ok');
        continue;
      }
      target = picked;
    }
    const before = isRetry ? await snapshot() : '';
    try {
      const ids = await execute(target);
      if (isRetry) {
        const first = firstResults.get(target);
        if (JSON.stringify(first) !== JSON.stringify(ids)) throw new Error(`retry of ${JSON.stringify(target)} answered ${JSON.stringify(ids)}, first ${JSON.stringify(first)}`);
      } else if (target.op !== 'resolve') {
        firstResults.set(target, ids);
      }
      outcomes.push(isRetry ? 'replay-ok' : 'ok');
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (isRetry || typeof code !== 'string' || !EXPECTED_CODES.has(code)) throw error;
      outcomes.push(code);
    }
    // Replaying a request with its key changes nothing, whether the first attempt succeeded or failed.
    if (isRetry) {
      const after = await snapshot();
      if (after !== before) throw new Error(`retry of ${JSON.stringify(target)} changed balances: ${before} -> ${after}`);
    }
    await afterEach?.();
  }
  const balances: Record<number, PlayerBalances> = {};
  for (const p of players) balances[p] = await driver.balances(p);
  return { outcomes, balances };
}
