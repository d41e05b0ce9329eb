import { DomainError } from '../shared/domain-error';
import {
  type AccountKind,
  type AccountRef,
  type AccountSnapshot,
  accountRefKey,
  isPlayerAccountKind,
  kindAllowedInCurrency,
  mayGoNegative,
  playerAccountKindsFor,
} from './accounts';
import { CURRENCIES, type Currency } from './money';
import { type PlayerBalances, planPlay, possiblePlayLegKeys } from './plan-play';
import { assertFundsAvailable, assertSameTransfer, type ReasonCode, type TransferStatus, validateTransferAccounts, validateTransferShape } from './transfer-rules';
import { decideResolution, type PendingResolution, resolutionKey, resolutionTarget } from './two-phase';

/** A transfer request in ledger terms (the same shape the database repository takes). */
export interface LedgerTransferRequest {
  idempotencyKey: string;
  from: AccountRef;
  to: AccountRef;
  currency: Currency;
  amount: number;
  reason: ReasonCode;
  metadata?: Record<string, unknown>;
}

export interface LedgerTransferRow {
  id: number;
  idempotencyKey: string;
  debitAccountId: number;
  creditAccountId: number;
  currency: Currency;
  amount: number;
  reason: ReasonCode;
  status: TransferStatus;
  pendingId: number | null;
  metadata: Record<string, unknown>;
}

/**
 * The ledger's rules on plain memory: the reference model that property tests drive with random
 * operations, and that database tests compare the real ledger against. Same rules, same results.
 */
export class InMemoryLedger {
  private readonly accounts = new Map<number, AccountSnapshot>();
  private readonly accountIds = new Map<string, number>();
  private readonly transfers: LedgerTransferRow[] = [];
  private readonly byKey = new Map<string, LedgerTransferRow>();
  private readonly resolutionOf = new Map<number, LedgerTransferRow>();
  private nextAccountId = 1;

  /** Opens a player's sub-accounts in both currencies (idempotent). */
  openPlayer(playerId: number): void {
    for (const currency of CURRENCIES) for (const kind of playerAccountKindsFor(currency)) this.account({ playerId, kind }, currency, true);
  }

  /** One transfer; a replayed key returns the first row. */
  transfer(request: LedgerTransferRequest): { transfer: LedgerTransferRow; replayed: boolean } {
    return this.atomically(() => this.apply(request, 'posted', null));
  }

  /** Several transfers, all or none. */
  transferMany(requests: LedgerTransferRequest[]): { transfer: LedgerTransferRow; replayed: boolean }[] {
    return this.atomically(() => requests.map((r) => this.apply(r, 'posted', null)));
  }

  /** A bet: unplayed Fortune Coins first, then redeemable; replayed as a whole by its key. */
  play(request: { idempotencyKey: string; playerId: number; currency: Currency; amount: number }): { legs: LedgerTransferRow[]; replayed: boolean } {
    return this.atomically(() => {
      const existing = possiblePlayLegKeys(request.idempotencyKey, request.currency)
        .map((k) => this.byKey.get(k))
        .filter((r): r is LedgerTransferRow => r !== undefined);
      if (existing.length > 0) {
        const total = existing.reduce((sum, r) => sum + r.amount, 0);
        const owner = this.accounts.get(existing[0]!.debitAccountId)?.ownerPlayerId;
        if (total !== request.amount || owner !== request.playerId) {
          throw new DomainError('WALLET_IDEMPOTENCY_CONFLICT', `play key ${request.idempotencyKey} was used for a different play`);
        }
        return { legs: existing, replayed: true };
      }
      const plan = planPlay(request.idempotencyKey, request.currency, request.amount, this.balances(request.playerId));
      const legs = plan.legs.map(
        (leg) =>
          this.apply(
            { idempotencyKey: leg.idempotencyKey, from: { playerId: request.playerId, kind: leg.kind }, to: { system: 'game_play' }, currency: request.currency, amount: leg.amount, reason: 'game_bet' },
            'posted',
            null,
          ).transfer,
      );
      return { legs, replayed: false };
    });
  }

  /** Holds a redemption: redeemable Fortune Coins move into the hold account. */
  createPending(request: { idempotencyKey: string; playerId: number; amount: number; metadata?: Record<string, unknown> }): { transfer: LedgerTransferRow; replayed: boolean } {
    return this.atomically(() =>
      this.apply(
        { idempotencyKey: request.idempotencyKey, from: { playerId: request.playerId, kind: 'player_redeemable' }, to: { system: 'redemption_holds' }, currency: 'FC', amount: request.amount, reason: 'redemption', metadata: request.metadata ?? {} },
        'pending',
        null,
      ),
    );
  }

  /** Pays out a held redemption. */
  postPending(pendingId: number): { transfer: LedgerTransferRow; replayed: boolean } {
    return this.resolve(pendingId, 'post');
  }

  /** Returns a held redemption to the player's redeemable coins. */
  voidPending(pendingId: number): { transfer: LedgerTransferRow; replayed: boolean } {
    return this.resolve(pendingId, 'void');
  }

  /** A player's balances per sub-account. */
  balances(playerId: number): PlayerBalances {
    const get = (kind: AccountKind, currency: Currency) => {
      const id = this.accountIds.get(accountRefKey({ playerId, kind } as AccountRef, currency));
      return id === undefined ? 0 : (this.accounts.get(id)?.balance ?? 0);
    };
    return { gc: get('player_balance', 'GC'), fcUnplayed: get('player_unplayed', 'FC'), fcRedeemable: get('player_redeemable', 'FC') };
  }

  /** Balance of any account by reference (0 when it was never used). */
  balanceOf(ref: AccountRef, currency: Currency): number {
    const id = this.accountIds.get(accountRefKey(ref, currency));
    return id === undefined ? 0 : (this.accounts.get(id)?.balance ?? 0);
  }

  /** Every transfer row, in order. */
  rows(): readonly LedgerTransferRow[] {
    return this.transfers;
  }

  /** Every broken invariant (empty when the ledger is sound). */
  violations(): string[] {
    const problems: string[] = [];
    const derived = new Map<number, number>();
    for (const row of this.transfers) {
      if (!(row.amount > 0) || !Number.isSafeInteger(row.amount)) problems.push(`transfer ${row.id}: amount ${row.amount}`);
      const debit = this.accounts.get(row.debitAccountId);
      const credit = this.accounts.get(row.creditAccountId);
      if (debit?.currency !== row.currency || credit?.currency !== row.currency) problems.push(`transfer ${row.id}: currency`);
      derived.set(row.debitAccountId, (derived.get(row.debitAccountId) ?? 0) - row.amount);
      derived.set(row.creditAccountId, (derived.get(row.creditAccountId) ?? 0) + row.amount);
    }
    const sums: Record<Currency, number> = { GC: 0, FC: 0 };
    for (const account of this.accounts.values()) {
      if ((derived.get(account.id) ?? 0) !== account.balance) problems.push(`account ${account.id}: cached ${account.balance}, movements ${derived.get(account.id) ?? 0}`);
      if (!mayGoNegative(account.kind) && account.balance < 0) problems.push(`account ${account.id} (${account.kind}) is negative`);
      sums[account.currency] += account.balance;
    }
    for (const currency of CURRENCIES) if (sums[currency] !== 0) problems.push(`${currency} accounts sum to ${sums[currency]}`);
    return problems;
  }

  private resolve(pendingId: number, resolution: PendingResolution): { transfer: LedgerTransferRow; replayed: boolean } {
    return this.atomically(() => {
      const pending = this.transfers.find((t) => t.id === pendingId);
      if (!pending) throw new DomainError('WALLET_TRANSFER_NOT_PENDING', `no transfer ${pendingId}`);
      const existing = this.resolutionOf.get(pendingId);
      if (decideResolution(pending.status, existing, resolution) === 'replay') return { transfer: existing!, replayed: true };
      const playerId = this.accounts.get(pending.debitAccountId)?.ownerPlayerId;
      if (playerId === null || playerId === undefined) throw new Error(`pending transfer ${pendingId} does not debit a player`);
      const target = resolutionTarget(resolution, playerId);
      return this.apply(
        { idempotencyKey: resolutionKey(pending.idempotencyKey, resolution), from: { system: 'redemption_holds' }, to: target.to, currency: pending.currency, amount: pending.amount, reason: pending.reason },
        target.status,
        pendingId,
      );
    });
  }

  private apply(request: LedgerTransferRequest, status: TransferStatus, pendingId: number | null): { transfer: LedgerTransferRow; replayed: boolean } {
    validateTransferShape(request);
    const debit = this.account(request.from, request.currency, false);
    const credit = this.account(request.to, request.currency, false);
    validateTransferAccounts(request, debit, credit);
    const first = this.byKey.get(request.idempotencyKey);
    if (first) {
      assertSameTransfer(first, { debitAccountId: debit.id, creditAccountId: credit.id, currency: request.currency, amount: request.amount, reason: request.reason, status }, request.idempotencyKey);
      return { transfer: first, replayed: true };
    }
    // Funds are checked after the replay lookup: a retry after the coins were spent answers the first result.
    assertFundsAvailable(request, debit);
    const row: LedgerTransferRow = {
      id: this.transfers.length + 1,
      idempotencyKey: request.idempotencyKey,
      debitAccountId: debit.id,
      creditAccountId: credit.id,
      currency: request.currency,
      amount: request.amount,
      reason: request.reason,
      status,
      pendingId,
      metadata: request.metadata ?? {},
    };
    debit.balance -= request.amount;
    credit.balance += request.amount;
    this.transfers.push(row);
    this.byKey.set(row.idempotencyKey, row);
    if (pendingId !== null) this.resolutionOf.set(pendingId, row);
    return { transfer: row, replayed: false };
  }

  /** Finds an account; system accounts open on first use, player accounts only through openPlayer. */
  private account(ref: AccountRef, currency: Currency, open: boolean): AccountSnapshot {
    const key = accountRefKey(ref, currency);
    const id = this.accountIds.get(key);
    if (id !== undefined) return this.accounts.get(id)!;
    const kind: AccountKind = 'system' in ref ? ref.system : ref.kind;
    if (!kindAllowedInCurrency(kind, currency)) throw new DomainError('WALLET_CURRENCY_MISMATCH', `no ${kind} account in ${currency}`);
    if (isPlayerAccountKind(kind) && !open) throw new DomainError('WALLET_ACCOUNT_NOT_FOUND', `no account ${key}`);
    const account: AccountSnapshot = { id: this.nextAccountId++, ownerPlayerId: 'system' in ref ? null : ref.playerId, currency, kind, balance: 0 };
    this.accounts.set(account.id, account);
    this.accountIds.set(key, account.id);
    return account;
  }

  /** Runs a change all-or-nothing, like a database transaction. */
  private atomically<T>(change: () => T): T {
    const balances = new Map([...this.accounts].map(([id, a]) => [id, a.balance]));
    const transferCount = this.transfers.length;
    const accountKeys = new Map(this.accountIds);
    try {
      return change();
    } catch (error) {
      for (const [id, balance] of balances) this.accounts.get(id)!.balance = balance;
      for (const [key, id] of this.accountIds) {
        if (!accountKeys.has(key)) {
          this.accountIds.delete(key);
          this.accounts.delete(id);
        }
      }
      for (const row of this.transfers.splice(transferCount)) {
        this.byKey.delete(row.idempotencyKey);
        if (row.pendingId !== null) this.resolutionOf.delete(row.pendingId);
      }
      throw error;
    }
  }
}
