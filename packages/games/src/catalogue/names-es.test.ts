import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './games';
import { localName } from './names-es';

// Names that are the same word in Spanish.
const SAME = new Set(['Kiwi', 'Mustang', 'Cactus', 'Supernova', 'Marula']);

describe('Spanish names of the symbols and paying lines', () => {
  it('every symbol and every classic paying line of the catalogue has one (wild multipliers kept)', () => {
    const missing: string[] = [];
    for (const game of CATALOGUE) {
      const names = [...game.config.symbols.map((s) => s.name), ...('rules' in game.config ? game.config.rules.map((r) => r.name) : [])];
      for (const name of names) if (localName(name, 'es') === name && !SAME.has(name)) missing.push(`${game.slug}: ${name}`);
    }
    expect(missing).toEqual([]);
  });

  it('keeps the English name on English pages and a wild multiplier on Spanish ones', () => {
    expect(localName('Coral Wild', 'en')).toBe('Coral Wild');
    expect(localName('Coral Wild ×2', 'es')).toBe('Comodín de coral ×2');
    expect(localName('Lion Crest Wild ×2', 'es')).toBe('Comodín blasón del león ×2');
    expect(localName('Three Red Sevens', 'es')).toBe('Tres sietes rojos');
    expect(localName('Not a symbol', 'es')).toBe('Not a symbol');
  });
});
