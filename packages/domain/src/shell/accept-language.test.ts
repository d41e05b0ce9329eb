import { describe, expect, it } from 'vitest';
import { rankedLanguages } from './accept-language';

describe('rankedLanguages', () => {
  it('orders by weight, keeps header order on ties, drops q=0 and unreadable weights', () => {
    expect(rankedLanguages('es-MX;q=0.8, en')).toEqual(['en', 'es']);
    expect(rankedLanguages('fr, es;q=1, en;q=0')).toEqual(['fr', 'es']);
    expect(rankedLanguages('de;q=abc, ES')).toEqual(['es']);
    expect(rankedLanguages(undefined)).toEqual([]);
  });
});
