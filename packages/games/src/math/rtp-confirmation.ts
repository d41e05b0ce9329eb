import { CATALOGUE } from '../catalogue/games';
import { compileGame } from '../engines/game';
import { Xoshiro128 } from '../fairness/xoshiro';
import { computeGameMath, type GameMath } from './game-math';
import { simulateBuys, simulateRounds } from './simulate';
import { Z_99 } from './statistics';

export interface Confirmation {
  slug: string;
  math: GameMath;
  rounds: number;
  /** Simulated and exact mean pay units per round, and the 99% half-width around the exact mean. */
  rtp: { simulated: number; exact: number; halfWidth: number };
  hitFrequency: { simulated: number; exact: number; halfWidth: number };
  buy: { simulated: number; exact: number; halfWidth: number } | null;
  /** Time of the rounds' simulation (bonus buys excluded). */
  seconds: number;
}

/** Simulates a catalogue game with a fixed seed and sets the result beside its exact figures. */
export function confirmGame(slug: string, rounds: number, seed: number, now: () => number): Confirmation {
  const game = CATALOGUE.find((g) => g.slug === slug);
  if (!game) throw new Error(`unknown game ${slug}`);
  const math = computeGameMath(game.config);
  const engine = compileGame(game.config);
  const rng = new Xoshiro128(seed);
  const started = now();
  const totals = simulateRounds(engine, rng, rounds);
  const seconds = (now() - started) / 1000;
  let buy: Confirmation['buy'] = null;
  if (engine.simulateBuy && math.buyUnits) {
    const count = Math.max(10_000, Math.floor(rounds / 50));
    const bought = simulateBuys(engine, rng, count);
    buy = { simulated: bought.sum / count, exact: math.buyUnits.mean, halfWidth: Z_99 * Math.sqrt(math.buyUnits.variance / count) };
  }
  const h = math.units.hitFrequency;
  return {
    slug, math, rounds,
    rtp: { simulated: totals.sum / rounds, exact: math.units.mean, halfWidth: Z_99 * Math.sqrt(math.units.variance / rounds) },
    hitFrequency: { simulated: totals.hits / rounds, exact: h, halfWidth: Z_99 * Math.sqrt((h * (1 - h)) / rounds) },
    buy,
    seconds,
  };
}
