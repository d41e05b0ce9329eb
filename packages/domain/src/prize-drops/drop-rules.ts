import type { UniformSource } from '../rewards/prize-table';

/**
 * Prize drops (docs/features/prize-drops.md): a daily pool of Gold Coins split into bronze, silver
 * and gold prizes, released in hourly blocks; every qualifying spin is one provably fair draw whose
 * chance grows with its stake and with the prizes waiting in the released blocks.
 */

/** Spec §3: prizeLvl 1 bronze, 2 silver, 3 gold. */
export type PrizeLevel = 1 | 2 | 3;
export const PRIZE_LEVELS: readonly PrizeLevel[] = [1, 2, 3];

export interface PrizeTier {
  level: PrizeLevel;
  /** Gold Coins each prize of the tier pays. */
  value: number;
  /** How many prizes of the tier a day holds. */
  count: number;
}

export interface PrizeDropRules {
  active: boolean;
  /** Spec §9 defaults: pool 100,000, top prize 5,000, 500 prizes a day. */
  tiers: PrizeTier[];
  /** The VIP rank league level a player needs (spec §9: 20); it applies only while the league runs. */
  minimalLevel: number;
  /** The smallest stake (Gold Coins) of a spin that enters a draw. */
  minimumStake: number;
  /**
   * The draw's denominator: a spin staking `s` while `available` prizes wait wins with chance
   * min(1, s × available ÷ chanceDivisor). Operators tune it to their stake volume per hour.
   */
  chanceDivisor: number;
}

/** Spec §9: daily pool 100,000 GC, highest prize 5,000, 500 prizes, minimal level 20. */
export const DEFAULT_PRIZE_DROP_RULES: PrizeDropRules = {
  active: true,
  tiers: [
    { level: 3, value: 5_000, count: 4 },
    { level: 2, value: 500, count: 96 },
    { level: 1, value: 80, count: 400 },
  ],
  minimalLevel: 20,
  minimumStake: 1,
  chanceDivisor: 1_000_000,
};

/**
 * The level a player needs to play for prizes (docs/features/prize-drops.md "Minimal level"): none
 * while the league does not run; while it runs, the operator's `minimalLevel`, or the league's top
 * level when the league has fewer levels (a league of 15 levels and the spec's default of 20: level
 * 15 plays, rather than a pool nobody can enter).
 */
export function requiredLevel(minimalLevel: number, league: { running: boolean; topLevel: number }): number {
  if (!league.running) return 0;
  return league.topLevel > 0 ? Math.min(minimalLevel, league.topLevel) : minimalLevel;
}

/** The four figures of spec §3 `general` that follow from the tiers. */
export function poolFigures(tiers: readonly PrizeTier[]): { dailyPrizePool: number; highestPrizePerDay: number; prizeCountPerDay: number } {
  return {
    dailyPrizePool: tiers.reduce((sum, t) => sum + t.value * t.count, 0),
    highestPrizePerDay: tiers.reduce((max, t) => (t.count > 0 ? Math.max(max, t.value) : max), 0),
    prizeCountPerDay: tiers.reduce((sum, t) => sum + t.count, 0),
  };
}

/** Checks operator tiers: one row per level, whole positive values and counts, a day's pool a safe integer. */
export function tierProblems(tiers: readonly PrizeTier[]): string[] {
  const problems: string[] = [];
  const levels = new Set(tiers.map((t) => t.level));
  if (levels.size !== tiers.length) problems.push('each prize level appears once');
  for (const t of tiers) {
    if (!Number.isSafeInteger(t.value) || t.value < 1) problems.push(`level ${t.level}: value must be a whole number of at least 1`);
    if (!Number.isSafeInteger(t.count) || t.count < 0) problems.push(`level ${t.level}: count must be a whole number`);
  }
  if (poolFigures(tiers).prizeCountPerDay < 1) problems.push('a day needs at least one prize');
  if (!Number.isSafeInteger(poolFigures(tiers).dailyPrizePool)) problems.push('the daily pool is too large');
  return problems;
}

/**
 * How many prizes of a tier are released once blocks `0..block` of a day of `blocks` hourly blocks
 * have opened: spread evenly, the last block releasing the rest. Unawarded prizes stay available
 * for the following blocks of the same day (they carry over), never into the next day.
 */
export function releasedThrough(count: number, block: number, blocks: number): number {
  if (block < 0) return 0;
  if (block >= blocks - 1) return count;
  return Math.floor((count * (block + 1)) / blocks);
}

/** The hourly block of a moment of a day (0-based hours since the day's start; 23, 24 or 25 of them across DST). */
export function blockOf(nowMs: number, dayStartMs: number): number {
  return Math.floor((nowMs - dayStartMs) / 3_600_000);
}

export function blocksInDay(dayStartMs: number, nextDayStartMs: number): number {
  return Math.round((nextDayStartMs - dayStartMs) / 3_600_000);
}

/** A draw's largest denominator: the fair source answers integers below 2^32. */
export const MAX_CHANCE_DIVISOR = 4_294_967_295;

export interface DropDraw {
  /** The ticket drawn in [0, chanceDivisor). */
  ticket: number;
  /** The spin wins when `ticket < threshold` (threshold = min(divisor, stake × available)). */
  threshold: number;
  won: boolean;
  /** When won: the tier ticket in [0, available) and the level it names. */
  tierTicket: number | null;
  level: PrizeLevel | null;
}

/**
 * One spin's draw: the first integer of the source decides the win (chance stake × available ÷
 * divisor, capped at 1); a winning spin's second integer picks one of the waiting prizes uniformly,
 * counting tiers from bronze to gold, so a tier's chance is its share of what waits.
 */
export function drawDrop(source: UniformSource, input: { stake: number; available: ReadonlyMap<PrizeLevel, number>; chanceDivisor: number }): DropDraw {
  const total = PRIZE_LEVELS.reduce((sum, level) => sum + (input.available.get(level) ?? 0), 0);
  const divisor = input.chanceDivisor;
  if (!Number.isSafeInteger(divisor) || divisor < 1 || divisor > MAX_CHANCE_DIVISOR) throw new Error(`chance divisor ${divisor} out of range`);
  const threshold = Math.min(divisor, input.stake * total);
  const ticket = source.int(divisor);
  if (total === 0 || ticket >= threshold) return { ticket, threshold, won: false, tierTicket: null, level: null };
  const tierTicket = source.int(total);
  let below = 0;
  for (const level of PRIZE_LEVELS) {
    below += input.available.get(level) ?? 0;
    if (tierTicket < below) return { ticket, threshold, won: true, tierTicket, level };
  }
  throw new Error('tier ticket beyond the waiting prizes');
}

/** A player's name as the board shows it: the first two characters and a mask (never a full login or email). */
export function maskedPlayerName(name: string): string {
  const visible = [...name.split('@')[0]!].slice(0, 2).join('');
  return `${visible || 'pl'}***`;
}
