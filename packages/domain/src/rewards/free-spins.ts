import { DomainError } from '../shared/domain-error';

/**
 * A free-spin grant (spec §3 Free spins: gameId, spinsRemain, spinsTotal, endDate, betLevel,
 * spinsId): spins of one game at no stake until it expires. Wins are credited by the round's rules
 * (Gold Coins to the balance, Fortune Coins to the redeemable part like any game win).
 */
export interface FreeSpinGrant {
  id: number;
  playerId: number;
  gameId: number;
  currency: 'GC' | 'FC';
  betLevel: number;
  spinsTotal: number;
  spinsRemain: number;
  expiresAtMs: number;
}

export type FreeSpinGrantState = 'active' | 'used' | 'expired';

/** The state of a grant at `nowMs`. */
export function grantState(grant: Pick<FreeSpinGrant, 'spinsRemain' | 'expiresAtMs'>, nowMs: number): FreeSpinGrantState {
  if (grant.spinsRemain <= 0) return 'used';
  if (nowMs >= grant.expiresAtMs) return 'expired';
  return 'active';
}

/** Takes one spin of a grant for a round on `gameId` (FREE_SPINS_NOT_AVAILABLE when it cannot). */
export function takeFreeSpin(grant: FreeSpinGrant, gameId: number, nowMs: number): FreeSpinGrant {
  if (grant.gameId !== gameId) throw new DomainError('FREE_SPINS_NOT_AVAILABLE', 'these free spins are for another game');
  const state = grantState(grant, nowMs);
  if (state !== 'active') throw new DomainError('FREE_SPINS_NOT_AVAILABLE', state === 'used' ? 'no free spins left' : 'these free spins have expired');
  return { ...grant, spinsRemain: grant.spinsRemain - 1 };
}
