import { systemClock, type Clock } from '@sweepstack/domain/shared/clock';
import { type AccountRef, accountRefKey, type PlayerAccountKind } from '@sweepstack/domain/wallet/accounts';
import type { Currency } from '@sweepstack/domain/wallet/money';
import { playerBalanceView } from '@sweepstack/domain/wallet/plan-play';
import { validateTransferShape } from '@sweepstack/domain/wallet/transfer-rules';
import type { Transaction } from 'kysely';
import type { Database } from '../../schema';
import { type Statements, statementsOf } from '../../statements';
import type { PlayerBalance } from './balances';
import { type AccountMap, loadAccounts } from './load-accounts';
import { type PlayRequest, playLegs } from './plays';
import { type LedgerOptions, metadataJson, type TransferRequest } from './records';
import { BalanceMoves, moveBalances, resolveTransfer, TRANSFER_VALUES } from './write-transfers';

/**
 * At most this many rows per statement of a settlement batch on SQLite (bounds the SQL variants
 * cached). PostgreSQL takes each kind in one statement, so that its locks are taken in one order.
 */
const BATCH_ROWS_PER_STATEMENT = 32;

function batchRows(statements: Statements): number {
  return statements.postgres ? Number.POSITIVE_INFINITY : BATCH_ROWS_PER_STATEMENT;
}

/** A settlement of a batch: a play (optional) and transfers, as `settle` takes them. */
export interface Settlement {
  play?: PlayRequest;
  transfers: TransferRequest[];
}

/**
 * Many settlements (the rounds of a group of spins) written as one ledger operation in the caller's
 * transaction, which must roll back as a whole when this throws. The accounts of all players named
 * are loaded (on PostgreSQL: locked) once; each settlement is then planned in order against the
 * balances the ones before it left, exactly as `settle` would plan it; `write` inserts every row with
 * a few multi-row statements and moves every balance with a few guarded updates (the database checks
 * the funds again). Keys must be new: the caller has checked that the round they belong to was not
 * played, so a key already used is a broken invariant and the insert fails.
 */
export class SettlementBatch {
  private readonly rows: unknown[][] = [];
  private readonly moves = new BalanceMoves();
  private written = false;

  private constructor(
    private readonly trx: Transaction<Database>,
    private readonly accounts: AccountMap,
    private readonly clock: Clock,
  ) {}

  /** Loads every account of the players named (those open) and the system accounts named (opened when missing). */
  static async open(trx: Transaction<Database>, request: { playerIds: readonly number[]; system: { ref: AccountRef; currency: Currency }[] }, options: LedgerOptions = {}): Promise<SettlementBatch> {
    const clock = options.clock ?? systemClock;
    // Players by chunks (the SQL text then depends only on the count, so SQLite reuses it); on
    // PostgreSQL a batch is one round, so its locks are taken by one statement in id order.
    const ids = request.playerIds;
    const perStatement = batchRows(statementsOf(trx));
    const accounts = await loadAccounts(trx, request.system, clock, { players: ids.slice(0, perStatement) });
    for (let start = perStatement; start < ids.length; start += perStatement) {
      for (const [key, account] of await loadAccounts(trx, [], clock, { players: ids.slice(start, start + perStatement) })) accounts.set(key, account);
    }
    return new SettlementBatch(trx, accounts, clock);
  }

  /** A player's balances as the settlements added so far leave them (zeros for accounts not open). */
  balances(playerId: number): PlayerBalance {
    const of = (currency: Currency, kind: PlayerAccountKind) => this.accounts.get(accountRefKey({ playerId, kind }, currency))?.balance ?? 0;
    return playerBalanceView({ gc: of('GC', 'player_balance'), fcUnplayed: of('FC', 'player_unplayed'), fcRedeemable: of('FC', 'player_redeemable') });
  }

  /**
   * Plans a settlement against the current balances and applies it to them. Throws (a DomainError
   * for missing funds) when it cannot be made; the batch is then unusable and the caller's
   * transaction must roll back.
   */
  add(settlement: Settlement): void {
    if (this.written) throw new Error('ledger: settlement batch already written');
    const planned: TransferRequest[] = [];
    const bet = settlement.play;
    if (bet) {
      validateTransferShape({ idempotencyKey: bet.idempotencyKey, currency: bet.currency, amount: bet.amount as number, reason: 'game_bet' });
      planned.push(...playLegs(bet, this.accounts));
    }
    for (const transfer of settlement.transfers) {
      validateTransferShape(transfer as TransferRequest & { amount: number });
      planned.push(transfer);
    }
    const createdAtMs = this.clock.nowMs();
    for (const unsharded of planned) {
      const { request, shape, debit, credit } = resolveTransfer(unsharded, this.accounts);
      moveBalances(shape, debit, credit, this.moves);
      this.rows.push([request.idempotencyKey, debit.id, credit.id, request.currency, shape.amount, request.reason, metadataJson(request.metadata), 'posted', null, createdAtMs]);
    }
  }

  /** Writes every settlement added: the rows, then the balances. Once. */
  async write(): Promise<void> {
    if (this.written) throw new Error('ledger: settlement batch already written');
    this.written = true;
    const statements = statementsOf(this.trx);
    const perStatement = batchRows(statements);
    for (let start = 0; start < this.rows.length; start += perStatement) {
      const chunk = this.rows.slice(start, start + perStatement);
      const changed = await statements.run(
        `insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, currency, amount, reason, metadata_json, status, pending_id, created_at_ms)
          values ${Array.from({ length: chunk.length }, () => TRANSFER_VALUES).join(', ')}`,
        chunk.flat(),
      );
      if (changed !== chunk.length) throw new Error(`ledger: a settlement batch wrote ${changed} of ${chunk.length} transfers`);
    }
    await this.moves.apply(statements, perStatement);
  }
}
