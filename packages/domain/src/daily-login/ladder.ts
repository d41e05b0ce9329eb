import { DomainError } from '../shared/domain-error';
import { daysBetween } from '../shared/operator-day';

/**
 * The daily login ladder (docs/features/daily-login.md, spec §3 Daily login, §9: 7 levels). One
 * claim per operator day; each claim climbs one level. A missed day keeps the level for one grace
 * day; after that the ladder restarts at level 1. Days the platform could not serve claims (outage
 * days, operator data) are not counted as missed. After the last level the ladder wraps to 1 or
 * holds at the last level, as configured.
 */
export interface LadderRules {
  /** Number of levels (spec §9 default 7). */
  levels: number;
  /** Missed days a streak survives (1: the grace day). */
  graceDays: number;
  afterLast: 'wrap' | 'hold';
}

export const DEFAULT_LADDER_RULES: LadderRules = { levels: 7, graceDays: 1, afterLast: 'wrap' };

/** A player's place on the ladder: the last level claimed (0: never) and the operator day of that claim. */
export interface LadderState {
  level: number;
  lastClaimDay: string | null;
}

export const NEW_LADDER: LadderState = { level: 0, lastClaimDay: null };

export interface LadderStatus {
  /** True when a claim is open today. */
  isAvailable: boolean;
  /** The level a claim today pays (when available), or the level claimed today. */
  activeLevel: number;
  /** Whether today's claim was made. */
  claimedToday: boolean;
  /** True when the streak was broken and the next claim starts at level 1 again. */
  restarted: boolean;
}

/** Missed days between the last claim and today, not counting outage days. */
export function missedDays(lastClaimDay: string, today: string, outageDays: ReadonlySet<string>): number {
  const gap = daysBetween(lastClaimDay, today) - 1;
  if (gap <= 0) return 0;
  let outages = 0;
  for (const day of outageDays) if (daysBetween(lastClaimDay, day) > 0 && daysBetween(day, today) > 0) outages += 1;
  return Math.max(0, gap - outages);
}

/** The level the next claim pays, given the state and today. */
export function nextLevel(state: LadderState, today: string, outageDays: ReadonlySet<string>, rules: LadderRules = DEFAULT_LADDER_RULES): { level: number; restarted: boolean } {
  if (state.lastClaimDay === null || state.level === 0) return { level: 1, restarted: false };
  if (missedDays(state.lastClaimDay, today, outageDays) > rules.graceDays) return { level: 1, restarted: true };
  if (state.level >= rules.levels) return { level: rules.afterLast === 'wrap' ? 1 : rules.levels, restarted: false };
  return { level: state.level + 1, restarted: false };
}

/** Where the player stands today. */
export function ladderStatus(state: LadderState, today: string, outageDays: ReadonlySet<string>, rules: LadderRules = DEFAULT_LADDER_RULES): LadderStatus {
  if (state.lastClaimDay !== null && daysBetween(state.lastClaimDay, today) <= 0) {
    return { isAvailable: false, activeLevel: state.level, claimedToday: true, restarted: false };
  }
  const next = nextLevel(state, today, outageDays, rules);
  return { isAvailable: true, activeLevel: next.level, claimedToday: false, restarted: next.restarted };
}

/** Today's claim: the new state and the level it pays (DAILY_LOGIN_ALREADY_CLAIMED when made today). */
export function claimLevel(state: LadderState, today: string, outageDays: ReadonlySet<string>, rules: LadderRules = DEFAULT_LADDER_RULES): { state: LadderState; level: number } {
  const status = ladderStatus(state, today, outageDays, rules);
  if (!status.isAvailable) throw new DomainError('DAILY_LOGIN_ALREADY_CLAIMED', 'today\'s prize was claimed');
  return { state: { level: status.activeLevel, lastClaimDay: today }, level: status.activeLevel };
}
