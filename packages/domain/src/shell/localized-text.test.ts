import { describe, expect, it } from 'vitest';
import { localizedTextProblem, pickLocalized } from './localized-text';

describe('pickLocalized', () => {
  it('serves the visitor’s language, English when the content has none for it', () => {
    const text = { en: 'Game of the week', es: 'Juego de la semana' };
    expect(pickLocalized(text, 'es')).toBe('Juego de la semana');
    expect(pickLocalized(text, 'en')).toBe('Game of the week');
    expect(pickLocalized({ en: 'New this week' }, 'es')).toBe('New this week');
    expect(pickLocalized('Reef Raiders', 'es')).toBe('Reef Raiders');
    expect(pickLocalized(undefined, 'es')).toBe('');
  });
});

describe('localizedTextProblem', () => {
  it('accepts a string or strings by language with an English fallback', () => {
    expect(localizedTextProblem('x')).toBeUndefined();
    expect(localizedTextProblem({ en: 'x', es: 'y' })).toBeUndefined();
  });
  it('names what is wrong', () => {
    expect(localizedTextProblem('')).toMatch(/empty/);
    expect(localizedTextProblem({ es: 'y' })).toMatch(/"en"/);
    expect(localizedTextProblem({ en: 'x', es: 3 })).toMatch(/"es"/);
    expect(localizedTextProblem({ en: 'x', spanish: 'y' })).toMatch(/language code/);
    expect(localizedTextProblem(['x'])).toMatch(/object of strings/);
  });
});
