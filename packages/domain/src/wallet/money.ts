import { DomainError } from '../shared/domain-error';

declare const brand: unique symbol;
type Brand<T, B extends string> = T & { readonly [brand]: B };

/** Gold Coins: whole coins, never redeemable. */
export type GoldCoins = Brand<number, 'GoldCoins'>;
/** Fortune Coins in hundredths of a coin (1.00 FC = 100). */
export type FortuneCents = Brand<number, 'FortuneCents'>;
/** US dollars in cents. */
export type UsdCents = Brand<number, 'UsdCents'>;
/** An amount in the unit of either ledger currency. */
export type LedgerAmount = GoldCoins | FortuneCents;

export const CURRENCIES = ['GC', 'FC'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** True for 'GC' and 'FC'. */
export function isCurrency(value: unknown): value is Currency {
  return value === 'GC' || value === 'FC';
}

interface AmountOptions {
  /** Allow zero (balances, settings); transfers need a positive amount. */
  allowZero?: boolean;
}

function checkedInteger(value: number, what: string, options: AmountOptions): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new DomainError('WALLET_INVALID_AMOUNT', `${what} must be a safe integer, got ${String(value)}`);
  }
  if (value < 0 || (value === 0 && !options.allowZero)) {
    throw new DomainError('WALLET_INVALID_AMOUNT', `${what} must be ${options.allowZero ? 'zero or more' : 'positive'}, got ${value}`);
  }
  // Normalise -0 so that it never reaches a database or a JSON body.
  return value === 0 ? 0 : value;
}

/** Whole Gold Coins; rejects fractions, negatives and unsafe integers (zero only with allowZero). */
export function goldCoins(value: number, options: AmountOptions = {}): GoldCoins {
  return checkedInteger(value, 'Gold Coins', options) as GoldCoins;
}

/** Fortune Coin cents; rejects fractions, negatives and unsafe integers (zero only with allowZero). */
export function fortuneCents(value: number, options: AmountOptions = {}): FortuneCents {
  return checkedInteger(value, 'Fortune Coin cents', options) as FortuneCents;
}

/** US dollar cents; rejects fractions, negatives and unsafe integers (zero only with allowZero). */
export function usdCents(value: number, options: AmountOptions = {}): UsdCents {
  return checkedInteger(value, 'USD cents', options) as UsdCents;
}

/** An amount in the ledger unit of `currency` (whole GC, FC cents). */
export function ledgerAmount(currency: Currency, value: number, options: AmountOptions = {}): LedgerAmount {
  return currency === 'GC' ? goldCoins(value, options) : fortuneCents(value, options);
}

const DECIMAL = /^(0|[1-9]\d{0,12})(?:\.(\d{1,2}))?$/;

/** Parses "12", "12.5" or "12.50" (at most 2 decimals, no sign, no exponent) into Fortune Coin cents. */
export function fortuneCentsFromDecimal(text: string, options: AmountOptions = {}): FortuneCents {
  const match = typeof text === 'string' ? DECIMAL.exec(text.trim()) : null;
  if (!match) throw new DomainError('WALLET_INVALID_AMOUNT', `not a Fortune Coin amount: ${String(text)}`);
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return fortuneCents(whole * 100 + fraction, options);
}

/** Fortune Coin cents as a decimal string with 2 places ("1.00"). */
export function formatFortuneCents(cents: FortuneCents | number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`formatFortuneCents: not an integer: ${String(cents)}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
