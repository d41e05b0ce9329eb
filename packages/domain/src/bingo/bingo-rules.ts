import type { UniformSource } from '../rewards/prize-table';
import { daysBetween, nextDay } from '../shared/operator-day';

/**
 * Bingo (docs/features/bingo.md): play earns balls, ten balls play a round of the period's card
 * (ten numbers of the card's committed ball order), and every line completed, and the full card,
 * pays a draw from the rewards engine.
 */

/** Spec §9: a round of bingo takes 10 balls; the progress popup shows from 1 ball. */
export const BALLS_TO_PLAY = 10;
export const BALLS_FOR_POPUP = 1;
/** A 75-ball card: 5 × 5, the centre free. */
export const BALL_COUNT = 75;
export const CARD_SIZE = 25;
export const FREE_CELL = 12;

export interface BingoRules {
  active: boolean;
  /** Gold Coins staked (paid rounds) that earn one ball. */
  stakePerBall: number;
  /** A card lasts this many operator days, periods counted from `anchorDay`. */
  periodDays: number;
  anchorDay: string;
}

export const DEFAULT_BINGO_RULES: BingoRules = { active: true, stakePerBall: 2_000, periodDays: 7, anchorDay: '2026-01-05' };

/** The period holding an operator day: its index, first day, and the day after its last (the card's end). */
export function periodOf(day: string, rules: Pick<BingoRules, 'periodDays' | 'anchorDay'>): { index: number; startDay: string; endDay: string } {
  const offset = daysBetween(rules.anchorDay, day);
  const index = Math.floor(offset / rules.periodDays);
  let startDay = rules.anchorDay;
  // Walk from the anchor: periods are days apart, and days are names (no calendar arithmetic on ms across DST).
  for (let i = 0; i < index * rules.periodDays; i++) startDay = nextDay(startDay);
  if (index < 0) startDay = day;
  let endDay = startDay;
  for (let i = 0; i < rules.periodDays; i++) endDay = nextDay(endDay);
  return { index, startDay, endDay };
}

/**
 * A new card and its whole ball order from one fair source: column c (B I N G O) holds five distinct
 * numbers of 15c+1..15c+15 (four in N, around the free centre), then the 75 balls are shuffled
 * (Fisher–Yates, every draw rejection sampled). Rows of the result are the card's rows; 0 is free.
 */
export function dealCard(source: UniformSource): { numbers: number[]; order: number[] } {
  const numbers = new Array<number>(CARD_SIZE).fill(0);
  for (let column = 0; column < 5; column++) {
    const pool = Array.from({ length: 15 }, (_, i) => column * 15 + i + 1);
    for (let row = 0; row < 5; row++) {
      const cell = row * 5 + column;
      if (cell === FREE_CELL) continue;
      const pick = source.int(pool.length);
      numbers[cell] = pool.splice(pick, 1)[0]!;
    }
  }
  const order = Array.from({ length: BALL_COUNT }, (_, i) => i + 1);
  for (let i = order.length - 1; i > 0; i--) {
    const j = source.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return { numbers, order };
}

/** The twelve lines of a card (5 rows, 5 columns, 2 diagonals) as cell indexes. */
export const LINES: readonly (readonly number[])[] = [
  ...Array.from({ length: 5 }, (_, r) => Array.from({ length: 5 }, (_, c) => r * 5 + c)),
  ...Array.from({ length: 5 }, (_, c) => Array.from({ length: 5 }, (_, r) => r * 5 + c)),
  [0, 6, 12, 18, 24],
  [4, 8, 12, 16, 20],
];

/** Which cells are marked once these balls are drawn (the free centre always). */
export function markedCells(numbers: readonly number[], drawn: readonly number[]): boolean[] {
  const balls = new Set(drawn);
  return numbers.map((n, i) => i === FREE_CELL || balls.has(n));
}

/** Indexes (into LINES) of the complete lines. */
export function completeLines(marked: readonly boolean[]): number[] {
  return LINES.flatMap((line, i) => (line.every((cell) => marked[cell]) ? [i] : []));
}

export function isFullCard(marked: readonly boolean[]): boolean {
  return marked.every(Boolean);
}

/**
 * Stake turned into balls: the progress carried plus this stake, one ball per `stakePerBall`.
 * Answers the balls earned and the progress left toward the next one.
 */
export function earnBalls(progress: number, stake: number, stakePerBall: number): { balls: number; progress: number } {
  const total = progress + stake;
  return { balls: Math.floor(total / stakePerBall), progress: total % stakePerBall };
}

/** Spec §3 nextBallProgress: percent of the way to the next ball (0–99). */
export function nextBallPercent(progress: number, stakePerBall: number): number {
  return Math.floor((progress * 100) / stakePerBall);
}
