import { DomainError } from '../shared/domain-error';
import { type AccountKind, type AccountSnapshot, isPlayerAccountKind, kindAllowedInCurrency, mayGoNegative } from './accounts';
import { type Currency, isCurrency } from './money';

/** The closed list of reasons a ledger transfer may carry. */
export const REASON_CODES = [
  'purchase',
  'purchase_refund',
  'signup_gift',
  'promotion',
  'prize',
  'game_bet',
  'game_win',
  'jackpot_contribution',
  'jackpot_win',
  'redemption',
  'adjustment',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

export function isReasonCode(value: unknown): value is ReasonCode {
  return (REASON_CODES as readonly unknown[]).includes(value);
}

/** Status of a transfer row: `pending` moves funds into a hold; `posted`/`voided` rows resolve one. */
export type TransferStatus = 'posted' | 'pending' | 'voided';

/**
 * Reasons that may credit each player sub-account. Coins that arrive from outside play (purchases,
 * gifts, promotions, prizes) are unplayed; only game and jackpot wins (and a voided redemption
 * returning its own coins) become redeemable. `adjustment` is the operator's correction.
 */
export const CREDIT_REASONS: Record<'player_balance' | 'player_unplayed' | 'player_redeemable', readonly ReasonCode[]> = {
  player_balance: ['purchase', 'signup_gift', 'promotion', 'prize', 'game_win', 'jackpot_win', 'adjustment'],
  player_unplayed: ['purchase', 'signup_gift', 'promotion', 'prize', 'adjustment'],
  player_redeemable: ['game_win', 'jackpot_win', 'redemption', 'adjustment'],
};

/** Reasons that may debit each player sub-account. */
export const DEBIT_REASONS: Record<'player_balance' | 'player_unplayed' | 'player_redeemable', readonly ReasonCode[]> = {
  player_balance: ['game_bet', 'purchase_refund', 'adjustment'],
  player_unplayed: ['game_bet', 'purchase_refund', 'adjustment'],
  player_redeemable: ['game_bet', 'redemption', 'adjustment'],
};

/** The sub-account a player credit with this reason lands in. */
export function playerCreditKind(currency: Currency, reason: ReasonCode): 'player_balance' | 'player_unplayed' | 'player_redeemable' {
  if (currency === 'GC') return 'player_balance';
  return CREDIT_REASONS.player_unplayed.includes(reason) ? 'player_unplayed' : 'player_redeemable';
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9][A-Za-z0-9:_.#/-]{0,199}$/;

/** An idempotency key: 1–200 characters of letters, digits and `: _ . # / -`, starting with a letter or digit. */
export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === 'string' && IDEMPOTENCY_KEY.test(value);
}

/** Throws VALIDATION_FAILED unless the key has the idempotency key format. */
export function assertIdempotencyKey(value: unknown): asserts value is string {
  if (!isIdempotencyKey(value)) {
    throw new DomainError('VALIDATION_FAILED', 'invalid idempotency key', { idempotencyKey: 'Use 1 to 200 letters, digits or : _ . # / -' });
  }
}

/** Throws WALLET_INVALID_AMOUNT unless the amount is a positive safe integer. */
export function assertTransferAmount(amount: unknown): asserts amount is number {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    throw new DomainError('WALLET_INVALID_AMOUNT', `a transfer amount must be a positive safe integer, got ${String(amount)}`);
  }
}

/** The parts of a transfer the rules check, before any account is read. */
export interface TransferShape {
  idempotencyKey: string;
  currency: Currency;
  amount: number;
  reason: ReasonCode;
}

/** Checks what can be checked without the accounts: key format, currency, amount, reason. */
export function validateTransferShape(shape: TransferShape): void {
  assertIdempotencyKey(shape.idempotencyKey);
  if (!isCurrency(shape.currency)) throw new DomainError('WALLET_CURRENCY_MISMATCH', `unknown currency ${String(shape.currency)}`);
  assertTransferAmount(shape.amount);
  if (!isReasonCode(shape.reason)) {
    throw new DomainError('VALIDATION_FAILED', `unknown reason ${String(shape.reason)}`, { reason: 'Unknown reason code' });
  }
}

/** Why a reason/account combination is not allowed, or null when it is. */
export function reasonRuleViolation(debitKind: AccountKind, creditKind: AccountKind, reason: ReasonCode): string | null {
  const debitPlayer = isPlayerAccountKind(debitKind);
  const creditPlayer = isPlayerAccountKind(creditKind);
  if (debitPlayer && creditPlayer) return 'a transfer may not move coins between two player accounts';
  if (debitPlayer && !DEBIT_REASONS[debitKind].includes(reason)) return `reason ${reason} may not debit ${debitKind}`;
  if (creditPlayer && !CREDIT_REASONS[creditKind].includes(reason)) return `reason ${reason} may not credit ${creditKind}`;
  return null;
}

/**
 * The rules of one transfer between two known accounts that do not depend on balances: same
 * currency on both sides, accounts that exist in that currency, distinct accounts, and a reason
 * allowed for these accounts. Throws DomainError.
 */
export function validateTransferAccounts(shape: TransferShape, debit: AccountSnapshot, credit: AccountSnapshot): void {
  validateTransferShape(shape);
  if (debit.currency !== shape.currency || credit.currency !== shape.currency) {
    throw new DomainError('WALLET_CURRENCY_MISMATCH', `transfer in ${shape.currency} between ${debit.currency} and ${credit.currency} accounts`);
  }
  if (!kindAllowedInCurrency(debit.kind, debit.currency) || !kindAllowedInCurrency(credit.kind, credit.currency)) {
    throw new DomainError('WALLET_CURRENCY_MISMATCH', `no ${debit.kind}/${credit.kind} account in ${shape.currency}`);
  }
  if (debit.id === credit.id) throw new DomainError('VALIDATION_FAILED', 'a transfer needs two distinct accounts', { to: 'Same account on both sides' });
  const rule = reasonRuleViolation(debit.kind, credit.kind, shape.reason);
  if (rule) throw new DomainError('VALIDATION_FAILED', rule, { reason: rule });
}

/** Throws WALLET_INSUFFICIENT_FUNDS when the debit would take an account that must stay non-negative below zero. */
export function assertFundsAvailable(shape: TransferShape, debit: AccountSnapshot): void {
  if (!mayGoNegative(debit.kind) && debit.balance < shape.amount) {
    throw new DomainError('WALLET_INSUFFICIENT_FUNDS', `balance ${debit.balance} is below ${shape.amount}`);
  }
}

/**
 * Every rule of one transfer between two known accounts (DESIGN.md rule 2): the account rules above
 * and no account that must stay non-negative going below zero. Throws DomainError.
 */
export function validateTransfer(shape: TransferShape, debit: AccountSnapshot, credit: AccountSnapshot): void {
  validateTransferAccounts(shape, debit, credit);
  assertFundsAvailable(shape, debit);
}

/** The economic identity of a transfer; a replayed key must match it exactly. */
export interface TransferIdentity {
  debitAccountId: number;
  creditAccountId: number;
  currency: Currency;
  amount: number;
  reason: ReasonCode;
  status: TransferStatus;
}

/**
 * A replay with the same key returns the first result; the same key with different economics is a
 * conflict. Metadata is not compared (the first one stays), so a retry may carry a new request id.
 */
export function assertSameTransfer(first: TransferIdentity, retry: TransferIdentity, key: string): void {
  const same =
    first.debitAccountId === retry.debitAccountId &&
    first.creditAccountId === retry.creditAccountId &&
    first.currency === retry.currency &&
    first.amount === retry.amount &&
    first.reason === retry.reason &&
    first.status === retry.status;
  if (!same) throw new DomainError('WALLET_IDEMPOTENCY_CONFLICT', `idempotency key ${key} was used for a different transfer`);
}
