import { DomainError } from '../shared/domain-error';
import type { PlayerAccountKind } from './accounts';
import type { Currency } from './money';
import { assertIdempotencyKey, assertTransferAmount } from './transfer-rules';

/** The play-through requirement of Fortune Coins; the model supports exactly one play-through. */
export const FC_PLAYTHROUGH_MULTIPLIER = 1;

/** A player's balances in ledger units, per sub-account. */
export interface PlayerBalances {
  /** Gold Coins. */
  gc: number;
  /** Fortune Coin cents not yet played through. */
  fcUnplayed: number;
  /** Fortune Coin cents won in play: redeemable. */
  fcRedeemable: number;
}

/** One leg of a bet: how much leaves which player sub-account. */
export interface PlayLeg {
  kind: PlayerAccountKind;
  amount: number;
  /** The leg's own idempotency key, derived from the play's key. */
  idempotencyKey: string;
}

/** How a bet is taken from a player's sub-accounts. */
export interface PlayPlan {
  currency: Currency;
  amount: number;
  legs: PlayLeg[];
}

/** The idempotency key of one leg of a play (a play is replayed as a whole by its own key). */
export function playLegKey(playKey: string, kind: PlayerAccountKind): string {
  return `${playKey}:${kind}`;
}

/** Every leg key a play with this key may have written (to find a replay before planning again). */
export function possiblePlayLegKeys(playKey: string, currency: Currency): string[] {
  return currency === 'GC' ? [playLegKey(playKey, 'player_balance')] : [playLegKey(playKey, 'player_unplayed'), playLegKey(playKey, 'player_redeemable')];
}

/**
 * Splits a bet across a player's sub-accounts. Gold Coins come from the one balance. Fortune Coins
 * come from the unplayed part first and the redeemable part only for the rest, so that bonus coins
 * are played through (once) before winnings are touched. Throws WALLET_INSUFFICIENT_FUNDS when the
 * total is short; legs of zero are left out.
 */
export function planPlay(playKey: string, currency: Currency, amount: number, balances: PlayerBalances): PlayPlan {
  assertIdempotencyKey(playKey);
  assertTransferAmount(amount);
  if (currency === 'GC') {
    if (balances.gc < amount) throw new DomainError('WALLET_INSUFFICIENT_FUNDS', `Gold Coin balance ${balances.gc} is below the bet ${amount}`);
    return { currency, amount, legs: [{ kind: 'player_balance', amount, idempotencyKey: playLegKey(playKey, 'player_balance') }] };
  }
  const available = balances.fcUnplayed + balances.fcRedeemable;
  if (available < amount) throw new DomainError('WALLET_INSUFFICIENT_FUNDS', `Fortune Coin balance ${available} is below the bet ${amount}`);
  const fromUnplayed = Math.min(amount, Math.max(0, balances.fcUnplayed));
  const fromRedeemable = amount - fromUnplayed;
  const legs: PlayLeg[] = [];
  if (fromUnplayed > 0) legs.push({ kind: 'player_unplayed', amount: fromUnplayed, idempotencyKey: playLegKey(playKey, 'player_unplayed') });
  if (fromRedeemable > 0) legs.push({ kind: 'player_redeemable', amount: fromRedeemable, idempotencyKey: playLegKey(playKey, 'player_redeemable') });
  return { currency, amount, legs };
}

/** The balance fields clients read (spec §3 `playerBalance`), from sub-account balances. */
export function playerBalanceView(balances: PlayerBalances): { tourPoints: number; coins: number; entries: number; winnings: number; unplayed: number } {
  return {
    tourPoints: balances.gc,
    coins: balances.gc,
    entries: balances.fcUnplayed + balances.fcRedeemable,
    winnings: balances.fcRedeemable,
    unplayed: balances.fcUnplayed,
  };
}
