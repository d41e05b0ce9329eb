import { describe, expect, it } from 'vitest';
import { CATALOGUE, findGame } from './games';
import { STUDIOS } from './studios';

describe('catalogue', () => {
  it('has at least 24 games from at least 4 studios, every engine, unique slugs', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(24);
    expect(new Set(CATALOGUE.map((g) => g.studio)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(CATALOGUE.map((g) => g.studio))).toEqual(new Set(Object.values(STUDIOS).map((s) => s.name)));
    expect(new Set(CATALOGUE.map((g) => g.config.engine))).toEqual(new Set(['classic', 'lines', 'ways', 'holdAndLink']));
    expect(new Set(CATALOGUE.map((g) => g.slug)).size).toBe(CATALOGUE.length);
    expect(CATALOGUE.every((g) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(g.slug))).toBe(true);
    expect(findGame('reef-raiders')?.title).toBe('Reef Raiders');
    expect(findGame('nope')).toBeUndefined();
  });

  it('covers every lobby list flag and the themes', () => {
    for (const flag of ['jackpot', 'holdNLink', 'fishing', 'bonusBuy', 'intoTheWild', 'freeSpins', 'classic'] as const) {
      expect(CATALOGUE.filter((g) => g.flags[flag]).length, flag).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(CATALOGUE.map((g) => g.theme))).toEqual(new Set(['fruit', 'ocean', 'wild animals', 'space', 'gems', 'myths']));
    const buyEngines = new Set(CATALOGUE.filter((g) => g.flags.bonusBuy).map((g) => g.config.engine));
    expect(buyEngines.size).toBeGreaterThanOrEqual(2);
  });

  it('gives every game its own reels and paytable', () => {
    const reels = CATALOGUE.map((g) => JSON.stringify('reels' in g.config ? g.config.reels : null));
    expect(new Set(reels).size).toBe(CATALOGUE.length);
    const pays = CATALOGUE.map((g) => JSON.stringify(g.config.engine === 'classic' ? g.config.rules : g.config.pays));
    expect(new Set(pays).size).toBe(CATALOGUE.length);
  });

  it('has bet steps that are multiples of the bet divisor, in both currencies', () => {
    for (const game of CATALOGUE) {
      for (const currency of ['GC', 'FC'] as const) {
        const limits = game.bets[currency];
        expect(limits.steps.every((s) => Number.isSafeInteger(s) && s > 0 && s % game.config.betDivisor === 0), `${game.slug} ${currency}`).toBe(true);
        expect(limits.min).toBe(limits.steps[0]);
        expect(limits.max).toBe(limits.steps[limits.steps.length - 1]);
        expect([...limits.steps].sort((a, b) => a - b)).toEqual(limits.steps);
      }
    }
  });
});
