import type { AccountRef } from './accounts';
import { goldCoins, fortuneCents, type Currency, type LedgerAmount } from './money';
import type { ReasonCode } from './transfer-rules';

/** Operator settings keys of the sign-up gift. */
export const SIGNUP_GIFT_SETTING_KEYS = { gc: 'wallet.signup_gift_gc', fcCents: 'wallet.signup_gift_fc_cents' } as const;

export interface SignupGiftSettings {
  gc: number;
  fcCents: number;
}

/** The default gift: 10,000 Gold Coins and 1.00 Fortune Coin. */
export const DEFAULT_SIGNUP_GIFT: SignupGiftSettings = { gc: 10_000, fcCents: 100 };

/** Validates gift settings as read from the settings table (zero turns a currency's gift off). */
export function parseSignupGiftSettings(raw: { gc?: unknown; fcCents?: unknown }): SignupGiftSettings {
  const gc = raw.gc === undefined ? DEFAULT_SIGNUP_GIFT.gc : goldCoins(raw.gc as number, { allowZero: true });
  const fcCents = raw.fcCents === undefined ? DEFAULT_SIGNUP_GIFT.fcCents : fortuneCents(raw.fcCents as number, { allowZero: true });
  return { gc, fcCents };
}

/** The request key of a player's gift; each currency leg appends `:GC` / `:FC`. */
export function signupGiftKey(playerId: number): string {
  return `signup-gift:${playerId}`;
}

export interface GiftTransfer {
  idempotencyKey: string;
  from: AccountRef;
  to: AccountRef;
  currency: Currency;
  amount: LedgerAmount;
  reason: ReasonCode;
}

/** The transfers of a player's sign-up gift: from promotions, Fortune Coins into the unplayed part. */
export function signupGiftTransfers(playerId: number, settings: SignupGiftSettings): GiftTransfer[] {
  const transfers: GiftTransfer[] = [];
  if (settings.gc > 0) {
    transfers.push({
      idempotencyKey: `${signupGiftKey(playerId)}:GC`,
      from: { system: 'promotions' },
      to: { playerId, kind: 'player_balance' },
      currency: 'GC',
      amount: goldCoins(settings.gc),
      reason: 'signup_gift',
    });
  }
  if (settings.fcCents > 0) {
    transfers.push({
      idempotencyKey: `${signupGiftKey(playerId)}:FC`,
      from: { system: 'promotions' },
      to: { playerId, kind: 'player_unplayed' },
      currency: 'FC',
      amount: fortuneCents(settings.fcCents),
      reason: 'signup_gift',
    });
  }
  return transfers;
}
