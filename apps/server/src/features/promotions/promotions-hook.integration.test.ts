import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ZHomePageResponse } from '@sweepstack/contracts/games/home';
import { ZPromotionsPageResponse } from '@sweepstack/contracts/promotions/promotion';
import { migrateToLatest } from '@sweepstack/db/migrate';
import { writeFeatureStatus } from '@sweepstack/db/repositories/feature-state';
import { seedDatabase } from '@sweepstack/db/seed';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '@sweepstack/testkit/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../app';
import { loadConfig } from '../../config';
import { OPERATOR_ENV, operatorCookie } from '../../kyc/testing';
import { signUpViaApi } from '../../testing/auth-helpers';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/**
 * The promotions hook as a new feature uses it: two feature folders outside the app's (fixtures/),
 * one answering magicBox cards behind its status switch, one that always throws.
 */
describe.each(dialectsUnderTest())('the promotions hook on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    await seedDatabase(database.db, { theme: 'nlc' });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sweepstack-promotions-')),
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '100000',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      JOBS_RUNNER: 'false',
      OUTBOX_DISPATCHER: 'false',
      ...OPERATOR_ENV,
    });
    app = await build({ config, database, logger: false, extraFeatureRoots: { server: [FIXTURES] } });
    ({ cookie } = await signUpViaApi(app, `promotions-hook.${dialect}@example.com`));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  const page = async () => {
    const res = await app.inject({ method: 'GET', url: '/rest/page/promotions/', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return ZPromotionsPageResponse.parse(res.json()).payload;
  };

  it("shows a feature's cards from its own folder only while its switch is on, and the rest of the page when one feature fails", async () => {
    // Off: no magicBox card; the broken feature costs nothing but its own cards.
    const keys = (cards: readonly { key: string }[]) => cards.map((c) => c.key);
    const others = (cards: readonly { type: string; key: string }[]) => keys(cards.filter((c) => c.type !== 'magicBox'));
    const baseline = await page();
    expect(keys(baseline.promotions)).toContain('promotions:verification:0');
    expect([...baseline.promotions, ...baseline.available_soon].some((c) => c.type === 'magicBox')).toBe(false);

    await writeFeatureStatus(database.db, 'promo-fixture-box', { isActive: true }, Date.now());
    let data = await page();
    const ready = data.promotions.filter((c) => c.type === 'magicBox');
    expect(ready).toEqual([expect.objectContaining({ key: 'promo-fixture-box:magicBox:ready', feature: 'promo-fixture-box', data: { boxes: 3 }, needDeposits: true, link: { modal: 'magic-boxes' }, availableAtMs: null, viewKeys: { isShowHomePage: false, isShowPromoPage: true } })]);
    expect(data.available_soon.filter((c) => c.type === 'magicBox').map((c) => c.key)).toEqual(['promo-fixture-box:magicBox:later']);
    expect(others(data.promotions)).toEqual(keys(baseline.promotions));
    expect(others(data.available_soon)).toEqual(keys(baseline.available_soon));

    // The operator puts magic boxes first and on the home page.
    const operator = await operatorCookie(app, OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL, OPERATOR_ENV.OPERATOR_BOOTSTRAP_PASSWORD);
    const put = await app.inject({ method: 'PUT', url: '/api/operator/promotions/placements/', headers: { cookie: operator }, payload: { placements: [{ type: 'magicBox', enabled: true, isShowHomePage: true, isShowPromoPage: true, howWorks: null }] } });
    expect(put.statusCode, put.body).toBe(200);
    data = await page();
    expect(keys(data.promotions)).toEqual(['promo-fixture-box:magicBox:ready', ...keys(baseline.promotions)]);
    const home = ZHomePageResponse.parse((await app.inject({ method: 'GET', url: '/rest/page/home/', headers: { cookie } })).json()).payload.promotions;
    expect(home[0]!.key).toBe('promo-fixture-box:magicBox:ready');
    expect(keys(home)).toContain('promotions:verification:0');
    expect(home.filter((c) => c.type === 'magicBox').map((c) => c.key)).toEqual(['promo-fixture-box:magicBox:ready', 'promo-fixture-box:magicBox:later']);
  });
});
