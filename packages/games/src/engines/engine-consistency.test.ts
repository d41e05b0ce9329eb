import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../catalogue/games';
import { Xoshiro128 } from '../fairness/xoshiro';
import { compileGame } from './game';
import { type GameState } from './types';

/**
 * The simulator (used for the RTP confirmation) and the play path must be the same game: with the same
 * random stream, playing every step of a round pays exactly what the simulator counts.
 */
describe('simulator and play agree draw for draw', () => {
  it.each(CATALOGUE.map((g) => g.slug))('%s', (slug) => {
    const game = CATALOGUE.find((g) => g.slug === slug)!;
    const engine = compileGame(game.config);
    const d = game.config.betDivisor;
    const bet = d * 3;
    const simRng = new Xoshiro128(99);
    const playRng = new Xoshiro128(99);
    let features = 0;
    for (let round = 0; round < 3000; round++) {
      const units = engine.simulateRound(simRng);
      let paid = 0;
      let state: GameState = null;
      let first = true;
      while (first || state !== null) {
        const outcome = engine.play(playRng, { bet }, state);
        paid += outcome.totalWin;
        first = false;
        state = outcome.next;
        if (state !== null && outcome.step === 'base') features++;
      }
      expect(paid).toBe(units * (bet / d));
    }
    if (engine.simulateBuy) {
      for (let round = 0; round < 200; round++) {
        const units = engine.simulateBuy(simRng);
        let outcome = engine.play(playRng, { bet, buy: true }, null);
        let paid = outcome.totalWin;
        while (outcome.next !== null) {
          outcome = engine.play(playRng, { bet }, outcome.next);
          paid += outcome.totalWin;
        }
        expect(paid).toBe(units * (bet / d));
      }
    }
    // Features were exercised (classics have none).
    if (game.config.engine !== 'classic') expect(features).toBeGreaterThan(0);
  });
});
