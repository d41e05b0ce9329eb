import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppInitData } from '@sweepstack/contracts/app/app-init';
import type { TranslationDictionary } from '@sweepstack/contracts/app/translations';
import i18next from 'i18next';
import { type ComponentType, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { dictionaryFromFiles } from '../i18n/dictionary-files';
import type { ModalEntry } from '../features/modals/modal-store';
import type { WebFeature } from './feature';
import { featureRoutes } from './feature-routes';
import { createRegistry } from './registry';

/**
 * The proof that a web feature is only files: platform/fixtures/features/fixture-prize (feature.ts
 * and ui/) plus fixtures/content/translations/{en,es}/fixturePrize.json. The same code that scans
 * app/features/ in the app (registry.ts, routes.ts) scans the fixture folder here, next to the app's
 * own features, and every shell part finds it: route, deep link, modal, backdrop rule, sidebar and
 * tap bar, strings in both languages, welcome modal.
 */
const FIXTURES = import.meta.glob<{ default: WebFeature }>('./fixtures/features/*/feature.ts', { eager: true });
const APP_FEATURES = import.meta.glob<{ default: WebFeature }>('../features/*/feature.ts', { eager: true });
const STRINGS = import.meta.glob<TranslationDictionary>('./fixtures/content/translations/*/*.json', { eager: true, import: 'default' });
const registry = createRegistry({ ...APP_FEATURES, ...FIXTURES });
const appDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function appInit(moneyBoxActive: boolean): AppInitData {
  return { moneyBox: { isActive: moneyBoxActive }, magicBox: { isActive: false }, prizeDrops: { isActive: false }, bingo: { isActive: false }, scratchCardLottery: { isActive: false }, dailyLogin: { isActive: false }, popUpAds: { isActive: false }, season: { isActive: false }, rankLeague: { enabled: false } } as unknown as AppInitData;
}

function render<P extends object>(component: ComponentType<P>, props: P, locale: 'en' | 'es'): string {
  const instance = i18next.createInstance();
  void instance.init({ lng: locale, resources: { [locale]: { translation: dictionaryFromFiles(STRINGS, locale) } }, initAsync: false, interpolation: { escapeValue: false } });
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n: instance }, createElement(component, props)));
}

describe('a web feature folder is found without editing a shared file (fixture-prize)', () => {
  it('is discovered next to the app\'s features', () => {
    expect(registry.features.map((feature) => feature.id)).toContain('fixture-prize');
    expect(registry.features.length).toBe(Object.keys(APP_FEATURES).length + 1);
  });

  it('gets its page route (the routes.ts code, on this folder) with its middleware and namespaces', () => {
    const routes = featureRoutes(FIXTURES, 'platform');
    expect(routes).toEqual([expect.objectContaining({ path: 'fixture-prize', file: 'platform/fixtures/features/fixture-prize/ui/fixture-prize-page.tsx', id: 'feature:fixture-prize' })]);
    expect(existsSync(path.join(appDir, routes[0]!.file))).toBe(true);
    expect(registry.middlewareForPath('/fixture-prize/')).toEqual(['signup-required']);
    expect(registry.routeNamespaces('/fixture-prize/')).toEqual(['fixturePrize']);
    expect(registry.pageNamespaces).toContain('fixturePrize');
    expect(registry.shellSubtrees).toContain('fixturePrize.nav');
  });

  it('opens its modal from openModal=fixture-prize (players; guests go to sign-up), with its backdrop rule', async () => {
    expect(registry.resolveDeepLinks('?openModal=fixture-prize', { isGuest: false, emailConfirmed: false })).toEqual([
      { feature: 'fixture-prize', param: 'openModal', modal: 'fixture-prize', options: {}, playersOnly: true },
    ]);
    const modal = registry.modal('fixture-prize');
    expect(modal).toMatchObject({ feature: 'fixture-prize', closesOnBackdrop: false, described: true });
    const { default: Modal } = await modal!.load!();
    const entry: ModalEntry = { id: 1, name: 'fixture-prize' };
    expect(render(Modal, { entry, onDone: () => undefined }, 'en')).toContain('Claim the fixture prize');
    expect(render(Modal, { entry, onDone: () => undefined }, 'es')).toContain('Reclama el premio de prueba');
  });

  it('shows its sidebar and tap-bar entries only while app init says it is active', () => {
    const active = registry.featureStates(appInit(true));
    const inactive = registry.featureStates(appInit(false));
    expect(active['fixture-prize']).toEqual({ isActive: true, finishesAtMs: null });
    expect(registry.navEntries('sidebar', active).filter((e) => e.feature === 'fixture-prize')).toEqual([expect.objectContaining({ key: 'fixturePrize', to: '/fixture-prize/', label: 'fixturePrize.nav.label' })]);
    expect(registry.navEntries('tapBar', active).map((e) => e.modal)).toEqual(['fixture-prize']);
    expect(registry.navEntries('sidebar', inactive).filter((e) => e.feature === 'fixture-prize')).toEqual([]);
    expect(registry.navEntries('tapBar', inactive)).toEqual([]);
    expect(registry.welcomes).toContainEqual({ feature: 'fixture-prize', modal: 'fixture-prize' });
  });

  it('has its strings in English and Spanish, with the same keys, and its page renders them', async () => {
    const keys = (d: unknown, prefix = ''): string[] =>
      Object.entries(d as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)));
    const en = dictionaryFromFiles(STRINGS, 'en');
    const es = dictionaryFromFiles(STRINGS, 'es');
    expect(keys(es).sort()).toEqual(keys(en).sort());
    expect(keys(en)).toContain('fixturePrize.page.title');
    const { default: Page } = await import('./fixtures/features/fixture-prize/ui/fixture-prize-page');
    expect(render(Page, {}, 'en')).toContain('The fixture prize');
    expect(render(Page, {}, 'es')).toContain('El premio de prueba');
  });
});
