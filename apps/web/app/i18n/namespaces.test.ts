import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { TranslationDictionary } from '@sweepstack/contracts/app/translations';
import { describe, expect, it } from 'vitest';
import { registry } from '../platform/registry';
import { bundledDictionary } from './bundled-dictionaries';
import { documentTranslations, keptDocumentTranslations, navigationTranslations, PAGE_NAMESPACES, pickTranslations, routeNamespaces, stateNamespaces } from './namespaces';

const appDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const english = bundledDictionary('en');
const spanish = bundledDictionary('es');
const size = (d: unknown) => JSON.stringify(d).length;

/** Namespaces a source file names in t('ns.…') / t(`ns.…`) calls, following its static relative imports. */
function namespacesUsedBy(file: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(file)) return found;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/\bt\(\s*['"`]([a-zA-Z]+)\./g)) found.add(match[1]!);
  // Static imports only: lazy chunks (import()) wait for the whole dictionary before they render.
  for (const match of source.matchAll(/^import [^;]*?from '(\.\.?\/[^']+)';/gm)) {
    const base = path.resolve(path.dirname(file), match[1]!);
    const target = [`${base}.tsx`, `${base}.ts`, path.join(base, 'index.ts')].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
    if (target && !target.endsWith('.server.ts')) for (const name of namespacesUsedBy(target, seen)) found.add(name);
  }
  return found;
}

describe('translation namespaces', () => {
  it('names only namespaces that exist in both dictionaries', () => {
    for (const name of PAGE_NAMESPACES) {
      expect(english[name], name).toBeTypeOf('object');
      expect(spanish[name], name).toBeTypeOf('object');
    }
  });

  it('embeds on the player lobby the shell and the lobby namespaces only, a fraction of the whole', () => {
    const slice = documentTranslations(english, '/lobby/', { isGuest: false, consentGiven: true });
    for (const name of ['common', 'header', 'footer', 'errors', 'lobby', 'games']) expect(slice[name], name).toEqual(english[name]);
    for (const name of ['account', 'cash', 'kyc', 'redeem', 'gameClient', 'fairness', 'auth', 'consent']) expect(slice[name], name).toBeUndefined();
    // Of the features, only the lobby's own title; of the home page, only the default title.
    expect(slice.features).toEqual({ lobby: (english.features as TranslationDictionary).lobby });
    expect(slice.home).toEqual({ hero: { kicker: ((english.home as TranslationDictionary).hero as TranslationDictionary).kicker } });
    expect(size(slice)).toBeLessThan(size(english) * 0.4);
  });

  it('adds what the shell shows in a state: Sign in / Sign up for guests, the banner until consent', () => {
    expect(stateNamespaces({ isGuest: true, consentGiven: false })).toEqual(['auth', 'consent']);
    expect(stateNamespaces({ isGuest: false, consentGiven: true })).toEqual([]);
    const guest = documentTranslations(english, '/', { isGuest: true, consentGiven: false });
    expect(guest.auth).toEqual(english.auth);
    expect(guest.consent).toEqual(english.consent);
    expect(guest.home).toEqual(english.home);
  });

  it('keeps any namespace it does not know in the shell, so a new one is never missing', () => {
    const dictionary: TranslationDictionary = { brandNew: { title: 'New' }, lobby: { title: 'Lobby' }, cash: { title: 'Cash' } };
    expect(documentTranslations(dictionary, '/lobby/', { isGuest: false, consentGiven: true })).toEqual({ brandNew: { title: 'New' }, lobby: { title: 'Lobby' } });
  });

  it('hands out one slice object per dictionary object and embedded namespaces (the server makes its i18next instance once per slice)', () => {
    const player = { isGuest: false, consentGiven: true };
    const lobby = keptDocumentTranslations(english, '/lobby/', player);
    expect(lobby).toEqual(documentTranslations(english, '/lobby/', player));
    expect(keptDocumentTranslations(english, '/lobby/', player)).toBe(lobby);
    expect(keptDocumentTranslations(english, '/', player)).not.toBe(lobby);
    expect(keptDocumentTranslations(english, '/lobby/', { isGuest: false, consentGiven: false })).not.toBe(lobby);
    // A new dictionary (the operator's content changed) gets slices of its own.
    const edited = structuredClone(english);
    (edited.lobby as TranslationDictionary).welcome = 'Edited';
    const next = keptDocumentTranslations(edited, '/lobby/', player);
    expect(next).not.toBe(lobby);
    expect((next.lobby as TranslationDictionary).welcome).toBe('Edited');
  });

  it('brings on a client navigation only the target page namespaces, without the shell', () => {
    const slice = navigationTranslations(english, '/account/', { isGuest: false });
    expect(Object.keys(slice).sort()).toEqual(['account', 'kyc']);
    expect(navigationTranslations(english, '/no-such-page/', { isGuest: false })).toEqual({});
  });

  it('never changes the dictionary it picks from', () => {
    const before = JSON.stringify(english);
    pickTranslations(english, ['home', 'home.hero.kicker', 'features.lobby', 'features'], true);
    expect(JSON.stringify(english)).toBe(before);
  });

  it('embeds every namespace the shell components name', () => {
    const shellFiles = [
      ...readdirSync(path.join(appDir, 'features/shell')).map((f) => path.join(appDir, 'features/shell', f)),
      path.join(appDir, 'layouts/default.tsx'),
      path.join(appDir, 'routes/locale.tsx'),
      path.join(appDir, 'root.tsx'),
    ].filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
    const everywhere = new Set(['auth', 'consent']);
    for (const file of shellFiles) {
      for (const name of namespacesUsedBy(file)) {
        expect((PAGE_NAMESPACES as readonly string[]).includes(name) && !everywhere.has(name), `${path.relative(appDir, file)} uses ${name}`).toBe(false);
      }
    }
  });

  it('a feature page embeds every namespace it names (each feature.ts page with a route module)', () => {
    const pages = registry.pages.filter((page) => page.file);
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const embedded = new Set(routeNamespaces(`/${page.path}/`).map((entry) => entry.split('.')[0]));
      for (const name of namespacesUsedBy(path.join(appDir, 'features', page.feature, page.file!))) {
        if (!PAGE_NAMESPACES.includes(name)) continue;
        expect(embedded.has(name) || name === 'auth' || name === 'consent', `${page.feature}/${page.file} uses ${name}, not embedded on /${page.path}/`).toBe(true);
      }
    }
  });

  it('follows a page\'s static imports to the namespaces its components name', () => {
    const lobby = namespacesUsedBy(path.join(appDir, 'routes/lobby.tsx'));
    expect([...lobby]).toEqual(expect.arrayContaining(['lobby', 'games']));
    const account = namespacesUsedBy(path.join(appDir, 'routes/account.tsx'));
    expect([...account]).toEqual(expect.arrayContaining(['account', 'kyc']));
  });

  it.each([
    ['routes/home.tsx', '/'],
    ['routes/lobby.tsx', '/lobby/'],
    ['routes/library.tsx', '/library/'],
    ['routes/issues.tsx', '/issues/new/'],
    ['routes/fairness.tsx', '/fairness/'],
    ['routes/account.tsx', '/account/'],
    ['routes/responsible-play.tsx', '/account/responsible-play/'],
    ['routes/signin.tsx', '/signin/'],
    ['routes/signup.tsx', '/signup/'],
    ['routes/reset.tsx', '/reset/'],
    ['routes/registration-complete.tsx', '/registration-complete/'],
    ['routes/geoblock.tsx', '/geoblock/'],
    ['features/tournaments/ui/tournaments-page.tsx', '/tournaments/'],
    ['routes/feature-page.tsx', '/magic-boxes/'],
    ['features/scratch-cards/ui/scratch-cards-page.tsx', '/scratch-cards/'],
    ['features/lottery/ui/lottery-page.tsx', '/lottery/'],
    ['routes/game-client.tsx', '/games/some-game/play/'],
    ['layouts/auth.tsx', '/signin/'],
  ])('%s: its page embeds every namespace it names', (file, pagePath) => {
    const embedded = new Set(routeNamespaces(pagePath).map((entry) => entry.split('.')[0]));
    for (const name of namespacesUsedBy(path.join(appDir, file))) {
      if (!(PAGE_NAMESPACES as readonly string[]).includes(name)) continue;
      expect(embedded.has(name) || name === 'auth' || name === 'consent', `${file} uses ${name}, not embedded on ${pagePath}`).toBe(true);
    }
  });
});
