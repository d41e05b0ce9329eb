/**
 * What the client shows after a round has landed (pure, tested): the win tier in multiples of the bet,
 * how long the win counter rolls, and the screens that follow in order (feature intros, feature totals,
 * the jackpot award, the big-win celebration). Only the server's round decides; this only presents it.
 */

export type WinTier = 'none' | 'win' | 'big' | 'mega' | 'epic';

/** Celebration thresholds in multiples of the bet. */
export const WIN_TIERS = { big: 10, mega: 25, epic: 50 } as const;

export function winTier(win: number, bet: number): WinTier {
  if (win <= 0) return 'none';
  if (bet <= 0) return 'win';
  const multiple = win / bet;
  if (multiple >= WIN_TIERS.epic) return 'epic';
  if (multiple >= WIN_TIERS.mega) return 'mega';
  if (multiple >= WIN_TIERS.big) return 'big';
  return 'win';
}

/** How long the win counter rolls up, in ms. */
export function rollUpMs(tier: WinTier, turbo: boolean): number {
  const ms = { none: 0, win: 700, big: 2600, mega: 3600, epic: 4600 }[tier];
  return turbo ? Math.round(ms / 2.5) : ms;
}

export type Screen =
  | { kind: 'celebration'; tier: 'big' | 'mega' | 'epic'; amount: number }
  | { kind: 'jackpot'; tier: string; amount: number }
  | { kind: 'featureIntro'; feature: 'freeSpins' | 'holdAndLink'; count: number; retrigger: boolean }
  | { kind: 'featureTotal'; feature: 'freeSpins' | 'holdAndLink'; amount: number };

export interface PresentedRound {
  bet: number;
  win: number;
  outcome: {
    step: 'base' | 'freeSpin' | 'respin';
    featureWin: number;
    jackpotWon: string | null;
    features: { freeSpinsAwarded: number; holdAndLinkTriggered: boolean; respinsLeft: number; featureEnded: boolean };
  };
  feature: { kind: 'freeSpins' | 'holdAndLink' } | null;
}

/** The screens after a round, in the order they show. */
export function screensAfter(round: PresentedRound): Screen[] {
  const screens: Screen[] = [];
  const { outcome } = round;
  const inFeature = outcome.step !== 'base';
  const ended = inFeature && outcome.features.featureEnded;
  if (outcome.jackpotWon) screens.push({ kind: 'jackpot', tier: outcome.jackpotWon, amount: round.win });
  else if (!ended) {
    const tier = winTier(round.win, round.bet);
    if (tier === 'big' || tier === 'mega' || tier === 'epic') screens.push({ kind: 'celebration', tier, amount: round.win });
  }
  if (ended) {
    const feature = outcome.step === 'respin' ? 'holdAndLink' : 'freeSpins';
    const total = Math.max(outcome.featureWin, round.win);
    const tier = winTier(total, round.bet);
    if (!outcome.jackpotWon && (tier === 'big' || tier === 'mega' || tier === 'epic')) screens.push({ kind: 'celebration', tier, amount: total });
    screens.push({ kind: 'featureTotal', feature, amount: total });
  }
  if (outcome.features.freeSpinsAwarded > 0) screens.push({ kind: 'featureIntro', feature: 'freeSpins', count: outcome.features.freeSpinsAwarded, retrigger: inFeature });
  else if (outcome.features.holdAndLinkTriggered && !inFeature) screens.push({ kind: 'featureIntro', feature: 'holdAndLink', count: outcome.features.respinsLeft, retrigger: false });
  return screens;
}

/** How long a screen stays before it closes by itself (the player may close it sooner). */
export function screenMs(screen: Screen, turbo: boolean): number {
  const ms = screen.kind === 'celebration' ? rollUpMs(screen.tier, false) + 1600 : screen.kind === 'jackpot' ? 6000 : screen.kind === 'featureIntro' ? 2200 : 2600;
  return turbo ? Math.round(ms / 2.5) : ms;
}
