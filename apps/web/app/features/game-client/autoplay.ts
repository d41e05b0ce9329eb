/** Autoplay settings (the player's stop conditions) and the decision after every paid round. */
export interface AutoplaySettings {
  /** Paid spins to play (10 to 1000). */
  count: number;
  /** Stop when one round wins more than this (smallest currency unit); null: never. */
  stopOnWinAbove: number | null;
  /** Stop when the balance falls below this (smallest currency unit); null: never. */
  stopOnBalanceBelow: number | null;
  /** Stop when free spins or a hold-and-link feature start. */
  stopOnFeature: boolean;
}

export interface AutoplayProgress {
  /** Paid spins already played. */
  played: number;
}

export interface RoundSummary {
  /** Everything the round (and the feature it finished) paid. */
  win: number;
  balance: number;
  /** A feature started in this round. */
  featureTriggered: boolean;
  /** The next paid spin's bet. */
  nextBet: number;
}

/** Why autoplay stopped; `realityCheck`: the hosting page showed the reality-check reminder. */
export type AutoplayStop = 'count' | 'win' | 'balance' | 'feature' | 'funds' | 'realityCheck' | null;

export const AUTOPLAY_COUNTS = [10, 25, 50, 100, 250] as const;

/** Why autoplay stops after this round, or null to go on. Features in progress are played out first by the caller. */
export function autoplayStopReason(settings: AutoplaySettings, progress: AutoplayProgress, round: RoundSummary): AutoplayStop {
  if (settings.stopOnFeature && round.featureTriggered) return 'feature';
  if (settings.stopOnWinAbove !== null && round.win > settings.stopOnWinAbove) return 'win';
  if (settings.stopOnBalanceBelow !== null && round.balance < settings.stopOnBalanceBelow) return 'balance';
  if (round.balance < round.nextBet) return 'funds';
  if (progress.played >= settings.count) return 'count';
  return null;
}

/** Settings are valid when the count is 1–1000 and limits are non-negative integers. */
export function isValidAutoplay(settings: AutoplaySettings): boolean {
  const limit = (v: number | null) => v === null || (Number.isInteger(v) && v >= 0);
  return Number.isInteger(settings.count) && settings.count >= 1 && settings.count <= 1000 && limit(settings.stopOnWinAbove) && limit(settings.stopOnBalanceBelow);
}
