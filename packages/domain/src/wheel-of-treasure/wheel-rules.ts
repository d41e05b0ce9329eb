import { DomainError } from '../shared/domain-error';
import { daysBetween } from '../shared/operator-day';

/**
 * The wheel of treasure (docs/features/wheel-of-treasure.md):
 * - one free daily wheel spin per operator day;
 * - the booster: a player who has played `boosterRounds` game rounds since the operator day began has
 *   earned it, and that day's free spin first spins the booster wheel, whose multiplier multiplies
 *   the daily wheel's prize (both draws provably fair, both tables published);
 * - extra wheels: spins bought with a package that carries `promoOffers.extraWheel`, drawn from the
 *   extended wheel's own published table, kept until used;
 * - lootboxes: segments of the extended wheel, only in themes with the lootbox flag (spec §5).
 */
export interface WheelRules {
  /** Game rounds played today that earn the booster (0: never). */
  boosterRounds: number;
}

export const DEFAULT_WHEEL_RULES: WheelRules = { boosterRounds: 50 };

export interface WheelState {
  /** Operator day of the last free daily spin. */
  lastDailySpinDay: string | null;
  /** Rounds played on `roundsDay`. */
  roundsDay: string | null;
  rounds: number;
  /** Extra wheel spins bought and not used. */
  extraSpins: number;
}

export const NEW_WHEEL_STATE: WheelState = { lastDailySpinDay: null, roundsDay: null, rounds: 0, extraSpins: 0 };

export type WheelKind = 'daily' | 'extra';

export interface WheelStatus {
  dailyAvailable: boolean;
  boosterEarned: boolean;
  /** Rounds still to play today for the booster (0 when earned or off). */
  roundsToBooster: number;
  extraSpins: number;
}

/** Rounds played today by the state's count (a count of another day is zero). */
export function roundsToday(state: WheelState, today: string): number {
  return state.roundsDay === today ? state.rounds : 0;
}

/** Where the player stands today. */
export function wheelStatus(state: WheelState, today: string, rules: WheelRules = DEFAULT_WHEEL_RULES): WheelStatus {
  const dailyAvailable = state.lastDailySpinDay === null || daysBetween(state.lastDailySpinDay, today) > 0;
  const played = roundsToday(state, today);
  const boosterEarned = rules.boosterRounds > 0 && played >= rules.boosterRounds;
  return { dailyAvailable, boosterEarned, roundsToBooster: rules.boosterRounds > 0 ? Math.max(0, rules.boosterRounds - played) : 0, extraSpins: state.extraSpins };
}

/** Counts played rounds into the state (a new day starts the count again). */
export function addRounds(state: WheelState, day: string, rounds: number): WheelState {
  return state.roundsDay === day ? { ...state, rounds: state.rounds + rounds } : { ...state, roundsDay: day, rounds };
}

/** The state after a spin of `kind` today (WHEEL_NOT_AVAILABLE when none is open). */
export function takeWheelSpin(state: WheelState, kind: WheelKind, today: string, rules: WheelRules = DEFAULT_WHEEL_RULES): { state: WheelState; boosted: boolean } {
  const status = wheelStatus(state, today, rules);
  if (kind === 'daily') {
    if (!status.dailyAvailable) throw new DomainError('WHEEL_NOT_AVAILABLE', 'today\'s free spin was used');
    return { state: { ...state, lastDailySpinDay: today }, boosted: status.boosterEarned };
  }
  if (state.extraSpins <= 0) throw new DomainError('WHEEL_NOT_AVAILABLE', 'no extra wheel spins');
  return { state: { ...state, extraSpins: state.extraSpins - 1 }, boosted: false };
}
