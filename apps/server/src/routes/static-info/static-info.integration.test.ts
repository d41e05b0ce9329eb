import { existsSync } from 'node:fs';
import path from 'node:path';
import { ZStaticInfoResponse } from '@sweepstack/contracts/app/static-info';
import { touchContentSet } from '@sweepstack/db/repositories/content';
import { writeFeatureStatus } from '@sweepstack/db/repositories/feature-state';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentCache } from '../../lib/content-cache';
import { DEFAULT_PUBLIC_DIR } from '../../lib/image-resize';
import { createTestApp, type TestApp } from '../../testing/test-app';

const URL_PLAYER = '/api/rest/static-info/?versionApp=2_28_0&isGuest=false';
const URL_GUEST = '/api/rest/static-info/?versionApp=2_28_0&isGuest=true';

describe.each(dialectsUnderTest())('GET /api/rest/static-info/ on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // No job runner: the lottery's planning job writes the lottery status row that a test below sets.
    t = await createTestApp(dialect, {
      seed: true,
      env: { JOBS_RUNNER: 'false', CAPTCHA_ENABLED: 'true', CAPTCHA_SITE_KEY: 'site-key-1', CAPTCHA_SCRIPT_URL: 'https://captcha.example/api.js' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the seeded shell content in the contract shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL_PLAYER });
    expect(res.statusCode).toBe(200);
    const body = ZStaticInfoResponse.parse(res.json());
    const ids = body.data.menuInfo.menu.main.map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining(['lobby', 'promotions', 'tournaments', 'vip', 'wheel-of-treasure', 'scratch-cards', 'referral', 'how-it-works', 'redeem']));
    // Magic boxes and prize drops are the shell's extra entries shown from app init flags (spec §2), not menu items.
    expect(ids).not.toContain('prize-drops');
    expect(ids).not.toContain('magic-boxes');
    const lobby = body.data.menuInfo.menu.main.find((i) => i.id === 'lobby');
    expect(lobby).toMatchObject({ title: 'Lobby', url: '/lobby/', image: '/icons/menu/lobby.svg', image_active: '/icons/menu/lobby-active.svg', is_granted_for_guest: false });
    expect(body.data.footer.menu[0]?.second_column.map((l) => l.url)).toEqual(['/page/terms', '/page/privacy', '/page/sweepstakes-rules', '/page/responsible-play']);
    expect(body.data.footer.menu.flatMap((m) => m.second_column.map((l) => l.url))).toContain('/page/faq');
    expect(body.data.trustpilot.rate).toBe(4.6);
    expect(body.data.socialNetworks.length).toBeGreaterThan(0);
    expect(body.data.tapBar.map((i) => i.id)).toContain('lobby');
    expect(body.data.captcha).toEqual({ isEnabled: true, key: 'site-key-1', url: 'https://captcha.example/api.js' });
    expect(body.data.featInfo).toEqual({ 'magic-box': {}, 'deposit-streak-skin-info': {}, 'mini-game-slot': {}, seasons: {}, 'scratch-card': {} });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
  });

  it('shows the lottery item only while a lottery runs (spec §5), from the lottery feature\'s status row', async () => {
    const menuIds = async () => ZStaticInfoResponse.parse((await t.app.inject({ method: 'GET', url: URL_PLAYER })).json()).data.menuInfo.menu.main.map((i) => i.id);
    await writeFeatureStatus(t.database.db, 'lottery', { active: false }, Date.now());
    contentCache(t.app.deps).invalidate();
    expect(await menuIds()).not.toContain('lottery');
    await writeFeatureStatus(t.database.db, 'lottery', { active: true }, Date.now());
    contentCache(t.app.deps).invalidate();
    expect(await menuIds()).toContain('lottery');
  });

  it('points every menu, tap-bar and social image at a file of the web app', async () => {
    const body = ZStaticInfoResponse.parse((await t.app.inject({ method: 'GET', url: URL_PLAYER })).json());
    const images = [
      ...body.data.menuInfo.menu.main.flatMap((i) => [i.image, i.image_active]),
      ...body.data.tapBar.map((i) => i.image),
      ...body.data.socialNetworks.map((i) => i.icon),
    ].filter((i): i is string => i !== null);
    expect(images.length).toBeGreaterThan(20);
    for (const image of images) expect(existsSync(path.join(DEFAULT_PUBLIC_DIR, image)), image).toBe(true);
  });

  it('gives guests only the items granted for guests', async () => {
    const body = ZStaticInfoResponse.parse((await t.app.inject({ method: 'GET', url: URL_GUEST })).json());
    expect(body.data.menuInfo.menu.main.length).toBeGreaterThan(0);
    expect(body.data.menuInfo.menu.main.every((i) => i.is_granted_for_guest)).toBe(true);
    expect(body.data.menuInfo.menu.main.map((i) => i.id)).not.toContain('redeem');
  });

  it('speaks Spanish when asked', async () => {
    const body = ZStaticInfoResponse.parse((await t.app.inject({ method: 'GET', url: `${URL_PLAYER}&locale=es` })).json());
    expect(body.data.menuInfo.menu.main.find((i) => i.id === 'tournaments')?.title).toBe('Torneos');
    expect(body.data.footer.menu[0]?.second_column[0]?.title).toBe('Términos y condiciones');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject({ method: 'GET', url: URL_PLAYER });
    const again = await t.app.inject({ method: 'GET', url: URL_PLAYER, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('refuses bad queries with 400 VALIDATION_FAILED', async () => {
    for (const url of [
      '/api/rest/static-info/',
      '/api/rest/static-info/?versionApp=2.28.0&isGuest=true',
      '/api/rest/static-info/?versionApp=2_28_0&isGuest=maybe',
      '/api/rest/static-info/?versionApp=2_28_0',
      `/api/rest/static-info/?versionApp=${'1_'.repeat(40)}1&isGuest=true`,
      '/api/rest/static-info/?versionApp=2_28_0&isGuest=true&extra=1',
      '/api/rest/static-info/?versionApp=2_28_0&isGuest=true&locale=fr',
      '/api/rest/static-info/?versionApp=2_28_0&versionApp=2_29_0&isGuest=true',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
    }
  });

  it('shows an operator edit once the content set is touched', async () => {
    await t.database.db.updateTable('menu_items').set({ titles_json: JSON.stringify({ en: 'Game lobby' }) }).where('item_key', '=', 'lobby').where('menu', '=', 'main').execute();
    await touchContentSet(t.database.db, 'menu', Date.now() + 1);
    contentCache(t.app.deps).invalidate();
    const body = ZStaticInfoResponse.parse((await t.app.inject({ method: 'GET', url: URL_PLAYER })).json());
    expect(body.data.menuInfo.menu.main.find((i) => i.id === 'lobby')?.title).toBe('Game lobby');
    // Spanish falls back to English when the operator wrote only English.
    const es = ZStaticInfoResponse.parse((await t.app.inject({ method: 'GET', url: `${URL_PLAYER}&locale=es` })).json());
    expect(es.data.menuInfo.menu.main.find((i) => i.id === 'lobby')?.title).toBe('Game lobby');
  });
});

describe('static info on a theme without a lobby', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: true, env: { THEME: 'tao' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('points the lobby entries at the index page and reports captcha off', async () => {
    const body = ZStaticInfoResponse.parse((await t.app.inject({ method: 'GET', url: URL_PLAYER })).json());
    expect(body.data.menuInfo.menu.main.find((i) => i.id === 'lobby')?.url).toBe('/');
    expect(body.data.tapBar.find((i) => i.id === 'lobby')?.url).toBe('/');
    expect(body.data.captcha).toEqual({ isEnabled: false, key: null, url: null });
  });
});
