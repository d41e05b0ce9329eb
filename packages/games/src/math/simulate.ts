import { type RandomSource } from '../fairness/random-source';
import { type GameEngine } from '../engines/game';

export interface SimulationTotals {
  rounds: number;
  /** Σ pay units, Σ pay units², rounds that paid or triggered a feature. */
  sum: number;
  sumSquares: number;
  hits: number;
}

/**
 * Plays `rounds` whole paid rounds through the engine's allocation-free path. Sums stay exact in
 * float64 while they are below 2^53 (10M rounds × wins below ~10^4 units squared are far from it).
 */
export function simulateRounds(engine: GameEngine, rng: RandomSource, rounds: number): SimulationTotals {
  let sum = 0;
  let sumSquares = 0;
  let hits = 0;
  for (let i = 0; i < rounds; i++) {
    const units = engine.simulateRound(rng);
    if (units > 0) {
      sum += units;
      sumSquares += units * units;
      hits++;
    } else if (engine.lastTriggered()) {
      hits++;
    }
  }
  return { rounds, sum, sumSquares, hits };
}

/** Plays `count` bought features. */
export function simulateBuys(engine: GameEngine, rng: RandomSource, count: number): SimulationTotals {
  const buy = engine.simulateBuy;
  if (!buy) throw new Error('no bonus buy');
  let sum = 0;
  let sumSquares = 0;
  let hits = 0;
  for (let i = 0; i < count; i++) {
    const units = buy(rng);
    sum += units;
    sumSquares += units * units;
    if (units > 0) hits++;
  }
  return { rounds: count, sum, sumSquares, hits };
}
