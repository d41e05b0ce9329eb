import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppInitData } from '@sweepstack/contracts/app/app-init';
import type { FeatureState, Visitor, WebFeature } from './feature';
import { createRegistry, registry } from './registry';

const player: Visitor = { isGuest: false, emailConfirmed: true };
const appDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const openModal = (value: string) => registry.resolveDeepLinks(`?openModal=${encodeURIComponent(value)}`, player).map((t) => t.options.feature ?? t.modal);

describe('the app\'s feature registry (app/features/*/feature.ts)', () => {
  it('finds every feature folder and each id is its folder', () => {
    const ids = registry.features.map((feature) => feature.id);
    expect(ids).toEqual(expect.arrayContaining(['games', 'tournaments', 'wheel-of-treasure', 'daily-login', 'vip', 'terms']));
    for (const id of ids) expect(existsSync(path.join(appDir, 'features', id, 'feature.ts')), id).toBe(true);
  });

  it('maps openModal values (spec §2): containing daily-wheel, tournaments or seasons; exactly wheel-of-treasure or daily-login', () => {
    expect(openModal('daily-wheel-booster')).toEqual(['wheel-of-treasure']);
    expect(openModal('my-tournaments')).toEqual(['tournaments']);
    expect(openModal('seasons')).toEqual(['season']);
    expect(openModal('wheel-of-treasure')).toEqual(['wheel-of-treasure']);
    expect(openModal('wheel-of-treasure-x')).toEqual([]);
    expect(openModal('daily-login')).toEqual(['daily-login']);
    expect(openModal('x-daily-login')).toEqual([]);
    expect(registry.resolveDeepLinks('', player)).toEqual([]);
  });

  it('opens the tournaments modal for players and sends guests to sign-up', () => {
    expect(registry.resolveDeepLinks('?openModal=tournaments', player)).toEqual([
      { feature: 'tournaments', param: 'openModal', modal: 'tournaments', options: {}, playersOnly: true },
    ]);
  });

  it('answers the other query parameters of spec §2 in the order of the address', () => {
    const targets = registry.resolveDeepLinks('?promoOffer=1&promoOfferSet=2&game=lucky-7&isMoney=true&openSupport=&openNotify=EMAIL_VERIFIED', player);
    expect(targets.map((t) => [t.param, t.modal, t.options, t.playersOnly])).toEqual([
      ['promoOffer', 'promo-offer-link', {}, true],
      ['promoOfferSet', 'flip-the-coin', {}, true],
      ['game', 'game', { game: 'lucky-7', isMoney: true }, true],
      ['openSupport', 'coming-soon', { feature: 'support-chat' }, false],
      ['openNotify', 'email-confirmed', {}, false],
    ]);
    expect(registry.resolveDeepLinks('?openNotify=EMAIL_VERIFIED', { ...player, emailConfirmed: false })).toEqual([]);
  });

  it('shows the sidebar entries of active features only, in their order', () => {
    const active = (...ids: string[]): Record<string, FeatureState> => Object.fromEntries(['vip', 'bingo', 'seasons', 'magic-boxes', 'prize-drops'].map((id) => [id, { isActive: ids.includes(id) }]));
    expect(registry.navEntries('sidebar', active()).map((e) => e.key)).toEqual([]);
    expect(registry.navEntries('sidebar', active('prize-drops', 'vip', 'seasons', 'bingo', 'magic-boxes')).map((e) => e.key)).toEqual(['rankLeague', 'bingo', 'season', 'magicBoxes', 'prizeDrops']);
    expect(registry.navEntries('sidebar', active('seasons')).map((e) => [e.key, e.to, e.feature])).toEqual([['season', undefined, 'seasons']]);
  });

  it("completes each feature's state with app init's featureTimes (finish timer, availability) and carries nothing else", () => {
    // Every other feature's slice answers off (a proxy: whatever field a feature reads).
    const appInit = (fields: Record<string, unknown>) => new Proxy(fields, { get: (target, key: string) => (key in target ? target[key] : key === 'TournamentsSubscriptions' ? [] : { isActive: false, enabled: false }) }) as unknown as AppInitData;
    const init = appInit({ dailyLogin: { isActive: true }, featureTimes: { 'daily-login': { finishesAtMs: 5000, availableAtMs: 7000 }, 'wheel-of-treasure': { availableAtMs: 0 } } });
    const states = registry.featureStates(init);
    expect(states['daily-login']).toEqual({ isActive: true, finishesAtMs: 5000, availableAtMs: 7000 });
    expect(states['wheel-of-treasure']).toEqual({ isActive: true, availableAtMs: 0 });
    const without = registry.featureStates(appInit({ dailyLogin: { isActive: true }, featureTimes: undefined }));
    expect(without['daily-login']).toEqual({ isActive: true });
  });

  it('declares each page\'s route module where it is, and the middleware of spec §2', () => {
    for (const page of registry.pages) if (page.file) expect(existsSync(path.join(appDir, 'features', page.feature, page.file)), page.file).toBe(true);
    expect(registry.middlewareForPath('/tournaments/')).toEqual(['signup-required']);
    expect(registry.middlewareForPath('/affiliates/partners-account')).toEqual(['affiliate-redirect']);
    expect(registry.middlewareForPath('/magic-boxes/')).toEqual([]);
    expect(registry.middlewareForPath('/nothing/')).toBeUndefined();
    expect(registry.routeNamespaces('/magic-boxes/')).toEqual(['features', 'comingSoon']);
    expect(registry.routeNamespaces('/vip/')).toEqual(['vip']);
    expect(registry.pageFor('/affiliates/partners-account/')?.id).toBe('partners-account');
  });

  it('keeps the game modals together in one lazily loaded chunk', () => {
    const game = registry.modal('game');
    expect(game).toMatchObject({ feature: 'games', layout: 'full' });
    expect(registry.modal('game-search')?.load).toBe(game?.load);
  });
});

describe('createRegistry refuses declarations that contradict each other', () => {
  const module = (feature: WebFeature, folder = feature.id) => ({ [`../features/${folder}/feature.ts`]: { default: feature } });

  it('collects the push handlers features declare, with their feature', () => {
    const handle = () => undefined;
    const contract = () => Promise.resolve();
    const features = createRegistry({ ...module({ id: 'a', pushes: [{ type: 'balance', contract, handle }] }), ...module({ id: 'b' }) });
    expect(features.pushHandlers).toEqual([{ feature: 'a', handler: { type: 'balance', contract, handle } }]);
  });

  it('an id that is not its folder', () => {
    expect(() => createRegistry(module({ id: 'a' }, 'b'))).toThrow(/folder b/);
  });

  it('one modal or one page declared twice', () => {
    expect(() => createRegistry({ ...module({ id: 'a', modals: { notifications: {} } }), ...module({ id: 'b', modals: { notifications: {} } }) })).toThrow(/notifications is declared by a and b/);
    expect(() => createRegistry({ ...module({ id: 'a', pages: [{ path: 'x' }] }), ...module({ id: 'b', pages: [{ path: '/x/' }] }) })).toThrow(/Page \/x\/ is declared by a and b/);
  });
});
