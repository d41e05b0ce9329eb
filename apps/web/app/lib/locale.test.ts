import { describe, expect, it } from 'vitest';
import { detectBrowserLocale, localeFromPath, localizePath, switchLocalePath } from './locale';

describe('locale routing', () => {
  it('reads the optional prefix (prefix except default)', () => {
    expect(localeFromPath('/')).toEqual({ locale: 'en', prefixed: false, invalid: false, rest: '/' });
    expect(localeFromPath('/es/')).toEqual({ locale: 'es', prefixed: true, invalid: false, rest: '/' });
    expect(localeFromPath('/es/lobby/')).toMatchObject({ locale: 'es', rest: '/lobby/' });
    expect(localeFromPath('/es')).toMatchObject({ locale: 'es', rest: '/' });
    expect(localeFromPath('/lobby/')).toMatchObject({ locale: 'en', prefixed: false, rest: '/lobby/' });
    expect(localeFromPath('/en/lobby/')).toMatchObject({ invalid: true });
  });

  it('detects the browser language with q-weights, only en and es', () => {
    expect(detectBrowserLocale('es-ES,es;q=0.9,en;q=0.8')).toBe('es');
    expect(detectBrowserLocale('fr-FR,fr;q=0.9,es;q=0.5,en;q=0.6')).toBe('en');
    expect(detectBrowserLocale('fr-FR,de;q=0.9')).toBe('en');
    expect(detectBrowserLocale('en;q=0.1, es-MX;q=0.7')).toBe('es');
    expect(detectBrowserLocale(undefined)).toBe('en');
    expect(detectBrowserLocale('es;q=0')).toBe('en');
  });

  it('localizes and switches paths', () => {
    expect(localizePath('/lobby/', 'en')).toBe('/lobby/');
    expect(localizePath('/lobby/', 'es')).toBe('/es/lobby/');
    expect(localizePath('/', 'es')).toBe('/es/');
    expect(localizePath('https://x.test/a', 'es')).toBe('https://x.test/a');
    expect(switchLocalePath('/es/promotions/', 'en')).toBe('/promotions/');
    expect(switchLocalePath('/promotions/', 'es')).toBe('/es/promotions/');
  });
});
