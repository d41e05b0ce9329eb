import { CATALOGUE } from '@sweepstack/games/catalogue/games';
import { describe, expect, it } from 'vitest';
import { symbolFiles, symbolIcon, tileSvg } from './compose';
import { TILE_HEROES } from './icons';

describe('game art', () => {
  it('illustrates every symbol of every game, wild and scatter marked as special', () => {
    for (const game of CATALOGUE) {
      for (const symbol of game.config.symbols) {
        if (symbol.kind === 'blank' || /^(7R|7B|B1|B2|B3)$/.test(symbol.id)) continue;
        expect(symbolIcon(symbol.name), `${game.slug} ${symbol.id} ${symbol.name}`).toBeDefined();
      }
    }
    const files = symbolFiles();
    const reef = (id: string) => files.get(`images/games/symbols/reef-raiders/${id}.svg`) ?? '';
    expect(reef('W')).toContain('>WILD<');
    expect(reef('S')).toContain('>BONUS<');
    expect(files.get('images/games/symbols/wolf-moon-ways/W3.svg')).toContain('WILD ×3');
    expect(files.get('images/games/symbols/reef-raiders/H1-blur.svg')).toContain('feGaussianBlur');
  });

  it('gives every tile its own hero and no printed title', () => {
    const heroes = CATALOGUE.map((g) => JSON.stringify(TILE_HEROES[g.slug]?.hero));
    expect(new Set(heroes).size).toBe(CATALOGUE.length);
    for (const game of CATALOGUE) expect(tileSvg(game)).not.toContain(`>${game.title}<`);
  });
});
