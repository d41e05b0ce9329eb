import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../catalogue/games';
import { type GameConfig } from '../engines/game';
import { volatilityLabel } from '../catalogue/volatility';
import { confirmGame } from './rtp-confirmation';

/** Rounds per game: RTP_ROUNDS (development) or 10 million. */
// eslint-disable-next-line no-restricted-globals -- test support: the round count is a test setting
export const RTP_ROUNDS = Number(process.env.RTP_ROUNDS ?? 10_000_000);

/**
 * The statistical confirmation of every game of one engine: a seeded simulation of RTP_ROUNDS rounds
 * must land within the 99% confidence interval (from the exact variance) of the exact RTP and hit
 * frequency, and so must the bonus buy; the exact RTP must be within 94–97%.
 */
export function rtpSuite(engine: GameConfig['engine'][]): void {
  const games = CATALOGUE.filter((g) => engine.includes(g.config.engine));
  describe(`RTP confirmation by simulation (${RTP_ROUNDS.toLocaleString('en-US')} rounds per game)`, () => {
    it.each(games.map((g) => g.slug))('%s', (slug) => {
      const seed = 20_261_125 + CATALOGUE.findIndex((g) => g.slug === slug);
      const result = confirmGame(slug, RTP_ROUNDS, seed, () => performance.now());
      const d = result.math.betDivisor;
      console.info(
        `${slug}: RTP${result.math.rtpJackpotContribution ? ' (engine, Grand pool excluded)' : ''} exact ${(result.rtp.exact / d * 100).toFixed(3)}% simulated ${(result.rtp.simulated / d * 100).toFixed(3)}% ±${(result.rtp.halfWidth / d * 100).toFixed(3)}; ` +
          `hit ${(result.hitFrequency.exact * 100).toFixed(3)}% vs ${(result.hitFrequency.simulated * 100).toFixed(3)}%` +
          (result.buy ? `; buy ${result.buy.exact.toFixed(1)} vs ${result.buy.simulated.toFixed(1)} ±${result.buy.halfWidth.toFixed(1)} units` : '') +
          `; ${(RTP_ROUNDS / result.seconds / 1e6).toFixed(2)}M rounds/s`,
      );
      const game = CATALOGUE.find((g) => g.slug === slug)!;
      expect(game.volatility).toBe(volatilityLabel(result.math.volatility));
      expect(result.math.rtp).toBeGreaterThanOrEqual(0.94);
      expect(result.math.rtp).toBeLessThanOrEqual(0.97);
      expect(Math.abs(result.rtp.simulated - result.rtp.exact)).toBeLessThanOrEqual(result.rtp.halfWidth);
      expect(Math.abs(result.hitFrequency.simulated - result.hitFrequency.exact)).toBeLessThanOrEqual(result.hitFrequency.halfWidth);
      if (result.math.bonusBuy) {
        expect(result.math.bonusBuy.rtp).toBeGreaterThanOrEqual(0.94);
        expect(result.math.bonusBuy.rtp).toBeLessThanOrEqual(0.97);
        expect(Math.abs(result.buy!.simulated - result.buy!.exact)).toBeLessThanOrEqual(result.buy!.halfWidth);
      }
    }, 900_000);
  });
}
