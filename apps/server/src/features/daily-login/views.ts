import type { DailyLoginPrize } from '@sweepstack/contracts/daily-login/info';
import type { FreeSpinGrantRow } from '@sweepstack/db/rewards/repository';
import { prizeCoins, type Prize } from '@sweepstack/domain/rewards/prize';

/** The kind of a level's prize as the info answer's `type` says it. */
export function prizeType(prize: Prize | undefined): 'coins' | 'freeSpins' | 'nothing' {
  if (!prize || prize.kind === 'nothing') return 'nothing';
  return prize.kind === 'free_spins' ? 'freeSpins' : 'coins';
}

/**
 * A level's prize in the spec's fields (§3 Daily login `prizes`): Gold Coins whole, Fortune Coins as a
 * number with two decimals, free spins with their game, lifetime (seconds), bet level and, once
 * claimed, the grant (`freeSpinId`, `endDate`).
 */
export function prizeView(level: number, prize: Prize, options: { gameSlugs: ReadonlyMap<number, string>; grant?: FreeSpinGrantRow }): DailyLoginPrize {
  const coins = prize.kind === 'free_spins' ? { gc: 0, fcCents: 0 } : prizeCoins(prize);
  const spins = prize.kind === 'free_spins' ? prize : undefined;
  const slug = spins ? options.gameSlugs.get(spins.gameId) : undefined;
  return {
    level,
    coins: coins.gc,
    entries: coins.fcCents / 100,
    freeSpinCount: spins?.count ?? 0,
    gameId: spins?.gameId ?? null,
    freeSpinLifetime: spins ? Math.round(spins.lifetimeMs / 1000) : null,
    endDate: options.grant ? new Date(Number(options.grant.expires_at_ms)).toISOString() : null,
    link: slug ? `/?game=${encodeURIComponent(slug)}` : null,
    freeSpinId: options.grant ? Number(options.grant.id) : null,
    freeSpinsBetLevel: spins?.betLevel ?? null,
  };
}
