import type { Currency } from './money';

/**
 * Player accounts. Gold Coins have one (`player_balance`); Fortune Coins are split into
 * `player_unplayed` (credited by purchases, bonuses and prizes; not yet played through) and
 * `player_redeemable` (game wins: the `winnings` a player may redeem).
 */
export const PLAYER_ACCOUNT_KINDS = ['player_balance', 'player_unplayed', 'player_redeemable'] as const;
export type PlayerAccountKind = (typeof PLAYER_ACCOUNT_KINDS)[number];

/**
 * System (operator) accounts, one per kind and currency. Their balances mirror the players':
 * minting coins into a player account makes `purchases` or `promotions` negative by as much.
 */
export const SYSTEM_ACCOUNT_KINDS = [
  'purchases',
  'promotions',
  'prizes',
  'game_play',
  'jackpots',
  'redemptions',
  'redemption_holds',
  'adjustments',
] as const;
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];

export type AccountKind = PlayerAccountKind | SystemAccountKind;

/**
 * Which account a transfer names: a player's sub-account or a system account (currency given by the
 * transfer). A system account is kept as SYSTEM_ACCOUNT_SHARDS rows (`shard`, default 0) so that
 * concurrent transfers of different players do not all wait on one row lock; its balance is the sum.
 */
export type AccountRef = { playerId: number; kind: PlayerAccountKind } | { system: SystemAccountKind; shard?: number };

/** How many rows each system account is spread over (by the player on the other side). */
export const SYSTEM_ACCOUNT_SHARDS = 16;

/** The shard of a system account a transfer with this player uses (0 when no player is involved). */
export function systemAccountShard(playerId: number | null): number {
  return playerId === null ? 0 : ((playerId % SYSTEM_ACCOUNT_SHARDS) + SYSTEM_ACCOUNT_SHARDS) % SYSTEM_ACCOUNT_SHARDS;
}

/** What the rules need to know about an account. */
export interface AccountSnapshot {
  id: number;
  ownerPlayerId: number | null;
  currency: Currency;
  kind: AccountKind;
  balance: number;
}

export function isPlayerAccountKind(kind: unknown): kind is PlayerAccountKind {
  return (PLAYER_ACCOUNT_KINDS as readonly unknown[]).includes(kind);
}

export function isSystemAccountKind(kind: unknown): kind is SystemAccountKind {
  return (SYSTEM_ACCOUNT_KINDS as readonly unknown[]).includes(kind);
}

/** The player sub-accounts that exist in a currency. */
export function playerAccountKindsFor(currency: Currency): readonly PlayerAccountKind[] {
  return currency === 'GC' ? ['player_balance'] : ['player_unplayed', 'player_redeemable'];
}

/** Redemptions exist only for Fortune Coins; every other system kind exists in both currencies. */
export function systemAccountKindsFor(currency: Currency): readonly SystemAccountKind[] {
  return currency === 'GC' ? SYSTEM_ACCOUNT_KINDS.filter((k) => k !== 'redemptions' && k !== 'redemption_holds') : SYSTEM_ACCOUNT_KINDS;
}

/** True when an account of this kind may exist in this currency. */
export function kindAllowedInCurrency(kind: AccountKind, currency: Currency): boolean {
  return isPlayerAccountKind(kind) ? playerAccountKindsFor(currency).includes(kind) : systemAccountKindsFor(currency).includes(kind);
}

/** Stable unique code of a system account row, e.g. `FC:redemption_holds` (shard 0) or `FC:game_play#3`. */
export function systemAccountCode(kind: SystemAccountKind, currency: Currency, shard = 0): string {
  return shard === 0 ? `${currency}:${kind}` : `${currency}:${kind}#${shard}`;
}

/** The parts of a system account code, or null when it is not one. */
export function parseSystemAccountCode(code: string): { currency: Currency; kind: SystemAccountKind; shard: number } | null {
  const match = /^(GC|FC):([a-z_]+)(?:#([1-9]\d*))?$/.exec(code);
  if (!match || !isSystemAccountKind(match[2])) return null;
  const shard = match[3] === undefined ? 0 : Number(match[3]);
  if (shard >= SYSTEM_ACCOUNT_SHARDS) return null;
  return { currency: match[1] as Currency, kind: match[2], shard };
}

/**
 * Player accounts and the redemption hold never go below zero. The other system accounts are the
 * counterparties of minted coins and may (purchases, promotions: always do) hold a negative balance.
 */
export function mayGoNegative(kind: AccountKind): boolean {
  return !isPlayerAccountKind(kind) && kind !== 'redemption_holds';
}

/** A stable text key of an account reference in a currency (for maps and messages). */
export function accountRefKey(ref: AccountRef, currency: Currency): string {
  return 'system' in ref ? systemAccountCode(ref.system, currency, ref.shard ?? 0) : `${currency}:player:${ref.playerId}:${ref.kind}`;
}
