import { ZHomePageResponse } from '@sweepstack/contracts/games/home';
import { ZPromotionPlacementsResponse } from '@sweepstack/contracts/promotions/operator';
import { ZPromotionsPageResponse, type Promotion, type PromotionsPage } from '@sweepstack/contracts/promotions/promotion';
import { PROMOTION_PLACEMENTS_KEY } from '@sweepstack/db/promotions/repository';
import { insertQuest, insertQuestTask, saveQuestProgress, updateQuest } from '@sweepstack/db/quests/repository';
import { refreshLeagueStatus, setLeagueEnabled } from '@sweepstack/db/rank-league/repository';
import { ensureProfile } from '@sweepstack/db/kyc/repository';
import { insertRun, setRunStatus } from '@sweepstack/db/tournaments/repository';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { startExclusion } from '../../responsible-play/exclusions';
import { ManualClock } from '../../testing/auth-helpers';
import { featureTestApp } from '../../testing/feature-test-app';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Noon in New York on Friday 2027-01-08 (after every seeded quest and before any planned tournament). */
const START_MS = Date.parse('2027-01-08T17:00:00Z');

interface Player {
  cookie: string;
  id: number;
  uuid: string;
}

describe.each(dialectsUnderTest())('promotions on %s', (dialect) => {
  const clock = new ManualClock(START_MS);
  const h = featureTestApp(dialect, { name: 'promotions', clock, env: { OUTBOX_DISPATCHER: 'false' } }).hooks();
  const db = h.db;
  let app: FastifyInstance;
  beforeAll(() => {
    app = h.app();
  });

  const operator = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) => h.operator(method, url, payload);
  const player = (): Promise<Player> => h.signUp();
  const page = async (who: Player, locale?: 'en' | 'es'): Promise<PromotionsPage> => {
    const res = await app.inject({ method: 'GET', url: `/rest/page/promotions/${locale ? `?locale=${locale}` : ''}`, headers: { cookie: who.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return ZPromotionsPageResponse.parse(res.json()).payload;
  };
  const home = async (who: Player | null): Promise<Promotion[]> => {
    const res = await app.inject({ method: 'GET', url: '/rest/page/home/', headers: who ? { cookie: who.cookie } : {} });
    expect(res.statusCode, res.body).toBe(200);
    const cards = ZHomePageResponse.parse(res.json()).payload.promotions;
    if (who) {
      // The cached lobby asks for the same cards on their own (page=home; docs/page-serving.md "Session 11").
      const own = await app.inject({ method: 'GET', url: '/rest/page/promotions/?page=home', headers: { cookie: who.cookie } });
      expect(own.statusCode, own.body).toBe(200);
      const payload = ZPromotionsPageResponse.parse(own.json()).payload;
      expect([...payload.promotions, ...payload.available_soon]).toEqual(cards);
    }
    return cards;
  };
  // The promo offers' cards (offerDeposit, offerPeriodic) are checked in their own feature's test.
  const types = (cards: readonly Promotion[]) => cards.filter((c) => c.feature !== 'promo-offers').map((c) => c.type);
  const card = (cards: readonly Promotion[], type: Promotion['type']) => cards.find((c) => c.type === type);
  const placements = async () => {
    const res = await operator('GET', '/promotions/placements/');
    expect(res.statusCode, res.body).toBe(200);
    return ZPromotionPlacementsResponse.parse(res.json()).data.placements;
  };
  const stored = async () => (await db().selectFrom('settings').select('value_json').where('key', '=', PROMOTION_PLACEMENTS_KEY).executeTakeFirst())?.value_json ?? null;
  const auditCount = async () => Number((await db().selectFrom('operator_audit').select((eb) => eb.fn.countAll<number>().as('n')).where('action', 'like', 'promotions.%').executeTakeFirstOrThrow()).n);
  const scheduleId = async () => Number((await db().selectFrom('tournament_schedules').select('id').orderBy('id').executeTakeFirstOrThrow()).id);
  const anyGame = async () => (await db().selectFrom('games').select(['id', 'slug']).orderBy('id').executeTakeFirstOrThrow());

  it('refuses a guest the promotions page and shows a guest no home cards', async () => {
    const res = await app.inject({ method: 'GET', url: '/rest/page/promotions/' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('AUTH_REQUIRED');
    expect(await home(null)).toEqual([]);
  });

  it("shows a new player only the built features' cards that have something for them", async () => {
    const p = await player();
    const data = await page(p);
    // Seeded: the league is on (its cashback counts down to the week's end); no tournament run, no
    // running quest, no free spins; offers, invites and magic boxes are not built.
    expect(types(data.promotions)).toEqual(['verification', 'invite', 'dailyLogin']);
    expect(types(data.available_soon)).toEqual(['rankLeagueCashback']);
    // The daily prize (ADR 0007): ready until claimed, then counting down to the next claim.
    expect(card(data.promotions, 'dailyLogin')).toMatchObject({ feature: 'daily-login', link: { modal: 'daily-login' }, availableAtMs: null, viewKeys: { isShowHomePage: false, isShowPromoPage: true } });
    const claim = await app.inject({ method: 'GET', url: '/rest/daily-login/apply-prize/', headers: { cookie: p.cookie } });
    expect(claim.statusCode, claim.body).toBe(200);
    const claimed = await page(p);
    expect(types(claimed.promotions)).toEqual(['verification', 'invite']);
    expect(types(claimed.available_soon)).toEqual(['rankLeagueCashback', 'dailyLogin']);
    const nextClaimAtMs = card(claimed.available_soon, 'dailyLogin')!.availableAtMs!;
    expect(nextClaimAtMs).toBeGreaterThan(START_MS);
    expect(nextClaimAtMs).toBeLessThanOrEqual(START_MS + DAY_MS);
    expect(data.paused).toBeNull();
    const verification = card(data.promotions, 'verification')!;
    expect(verification).toMatchObject({ key: 'promotions:verification:0', feature: 'promotions', data: { status: 'none' }, link: { to: '/account/#verification-title' }, viewKeys: { isShowHomePage: true, isShowPromoPage: true }, needDeposits: false, howWorks: null, availableAtMs: null });
    const cashback = card(data.available_soon, 'rankLeagueCashback')!;
    expect(cashback).toMatchObject({ feature: 'rank-league', data: { status: 'unavailable', prize: null }, link: { to: '/vip/' } });
    expect(cashback.availableAtMs!).toBeGreaterThan(START_MS);
    expect(cashback.availableAtMs!).toBeLessThanOrEqual(START_MS + 7 * DAY_MS);
    // The home page shows the home types only: verification is one, the cashback is not by default.
    expect(types(await home(p))).toEqual(['verification']);
  });

  it('shows each live feature as a card leading to it, and drops a card when its feature turns off or has nothing left', async () => {
    const p = await player();
    const game = await anyGame();
    // A tournament announced now, open in an hour.
    const runId = await insertRun(
      db(),
      { schedule_id: await scheduleId(), title: 'Promo cup', announce_at_ms: START_MS, open_at_ms: START_MS + HOUR_MS, start_ms: START_MS + 2 * HOUR_MS, end_ms: START_MS + 5 * HOUR_MS, status: 'announced', bets_on: 'tournaments_points', games_json: JSON.stringify([game.id]), rules_json: JSON.stringify({ kind: 'wager', minBet: 1 }), prizes_json: '[]', team_based: 0 },
      null,
      START_MS,
    );
    // An advent quest running since this morning: day 1 has one task, day 2 opens tomorrow.
    const questId = await insertQuest(db(), { slug: `promo-quest-${dialect}`, type: 'advent', title: { en: 'Promo trail', es: 'Sendero promo' }, startsAtMs: START_MS - 2 * HOUR_MS, endsAtMs: START_MS + 5 * DAY_MS, dayCount: 2, active: true, sharedGameSets: {} }, START_MS);
    const firstTask = await insertQuestTask(db(), questId, { dayIndex: 0, sortOrder: 0, kind: 'rounds', target: 3, currency: null, gameIds: [], sharedSetKeys: [], feature: null, minAmountCents: 0, prize: { gc: 100, fcCents: 0 } }, START_MS);
    await insertQuestTask(db(), questId, { dayIndex: 1, sortOrder: 0, kind: 'rounds', target: 3, currency: null, gameIds: [], sharedSetKeys: [], feature: null, minAmountCents: 0, prize: { gc: 100, fcCents: 0 } }, START_MS);
    // Free spins granted by an operator through the rewards engine.
    const grant = await operator('POST', '/rewards/grants/', { playerUuid: p.uuid, prize: { kind: 'free_spins', gameId: game.id, count: 5, betLevel: 1, lifetimeMs: 2 * DAY_MS, currency: 'GC' }, reason: 'goodwill for the promotions test', key: `promotions-${dialect}-spins` });
    expect(grant.statusCode, grant.body).toBe(200);

    let data = await page(p, 'es');
    expect(types(data.promotions)).toEqual(['playerFreeSpin', 'verification', 'quest', 'invite', 'dailyLogin']);
    expect(types(data.available_soon)).toEqual(['tournament', 'rankLeagueCashback']);
    expect(card(data.promotions, 'playerFreeSpin')).toMatchObject({ feature: 'rewards', data: { spins: 5, game: { id: game.id, slug: game.slug }, currency: 'GC', expiresAtMs: START_MS + 2 * DAY_MS }, link: { modal: 'game', options: { game: game.slug, isMoney: false } }, availableAtMs: null });
    expect(card(data.promotions, 'quest')).toMatchObject({ feature: 'quests', key: `quests:quest:${questId}`, data: { id: questId, title: 'Sendero promo', running: true, tasksCompleted: 0, tasksOpen: 1 }, link: { to: '/quests/' }, availableAtMs: null, finishesAtMs: START_MS + 5 * DAY_MS });
    expect(card(data.available_soon, 'tournament')).toMatchObject({ feature: 'tournaments', data: { id: runId, title: 'Promo cup', status: 'announced', joined: false }, link: { modal: 'tournaments' }, availableAtMs: START_MS + HOUR_MS, finishesAtMs: START_MS + 5 * HOUR_MS });

    // The tournament opens; the player finishes the day's quest task (tomorrow's opens at the start + 1 day).
    await setRunStatus(db(), runId!, ['announced'], 'open', START_MS);
    await db()
      .transaction()
      .execute((trx) => saveQuestProgress(trx, p.id, questId, new Map([[firstTask, { progress: 3, completedAtMs: START_MS }]]), START_MS));
    data = await page(p);
    expect(types(data.promotions)).toEqual(['playerFreeSpin', 'tournament', 'verification', 'invite', 'dailyLogin']);
    expect(types(data.available_soon)).toEqual(['rankLeagueCashback', 'quest']);
    expect(card(data.available_soon, 'quest')).toMatchObject({ data: { title: 'Promo trail', tasksCompleted: 1, tasksOpen: 1 }, availableAtMs: START_MS - 2 * HOUR_MS + DAY_MS });
    expect(types(await home(p))).toEqual(['playerFreeSpin', 'tournament', 'verification']);

    // Off or done: the league switched off, the quest switched off, the player verified (the referral's invite card stays: the program runs).
    await db()
      .transaction()
      .execute(async (trx) => {
        await setLeagueEnabled(trx, false, START_MS);
        await refreshLeagueStatus(trx, START_MS);
      });
    await updateQuest(db(), questId, { slug: `promo-quest-${dialect}`, type: 'advent', title: { en: 'Promo trail', es: 'Sendero promo' }, startsAtMs: START_MS - 2 * HOUR_MS, endsAtMs: START_MS + 5 * DAY_MS, dayCount: 2, active: false, sharedGameSets: {} }, START_MS);
    await ensureProfile(db(), p.id, START_MS);
    await db().updateTable('player_profiles').set({ verification_status: 'verified' }).where('player_id', '=', p.id).execute();
    data = await page(p);
    expect(types(data.promotions)).toEqual(['playerFreeSpin', 'tournament', 'invite', 'dailyLogin']);
    expect(data.available_soon).toEqual([]);
    // Restore the league for the other tests.
    await db()
      .transaction()
      .execute(async (trx) => {
        await setLeagueEnabled(trx, true, START_MS);
        await refreshLeagueStatus(trx, START_MS);
      });
    await setRunStatus(db(), runId!, ['open'], 'voided', START_MS);
  });

  it('shows no cards to a player in a self-exclusion or a cool-off', async () => {
    for (const kind of ['self_exclusion', 'cooling_off'] as const) {
      const p = await player();
      await startExclusion(db(), clock, p.id, { kind, period: kind === 'cooling_off' ? '24h' : '6m', ip: null, userAgent: null });
      const data = await page(p);
      expect(data).toEqual({ promotions: [], available_soon: [], paused: kind === 'cooling_off' ? 'coolingOff' : 'selfExcluded' });
      expect(await home(p)).toEqual([]);
    }
  });

  it("refuses bad placements with a stable code and writes nothing; a good edit decides order, pages and the how-it-works text, audited", async () => {
    const p = await player();
    const before = await placements();
    expect(before.map((x) => x.type)).toEqual(['offerDeposit', 'playerFreeSpin', 'tournament', 'verification', 'offerPeriodic', 'rankLeagueCashback', 'quest', 'magicBox', 'invite', 'inviteQualification', 'dailyLogin', 'wheelOfTreasure']);
    const storedBefore = await stored();
    const auditsBefore = await auditCount();
    const entry = (type: string, over: Record<string, unknown> = {}) => ({ type, enabled: true, isShowHomePage: false, isShowPromoPage: true, howWorks: null, ...over });

    const twice = await operator('PUT', '/promotions/placements/', { placements: [entry('quest'), entry('verification'), entry('quest')] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toMatchObject({ code: 'PROMOTIONS_DUPLICATE_TYPE', fields: { placements: 'quest' } });
    for (const bad of [{ placements: [entry('dailyBonus')] }, { placements: [] }, { placements: [entry('quest', { howWorks: { en: 'Only English' } })] }, { placements: [entry('quest', { extra: 1 })] }, { order: ['quest'] }]) {
      const res = await operator('PUT', '/promotions/placements/', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const guest = await app.inject({ method: 'PUT', url: '/api/operator/promotions/placements/', payload: { placements: [entry('quest')] } });
    expect(guest.statusCode).toBe(401);
    expect(await stored()).toBe(storedBefore);
    expect(await auditCount()).toBe(auditsBefore);
    expect(await placements()).toEqual(before);

    // Cashback first and on the home page, verification switched off, with its how-it-works text.
    const ok = await operator('PUT', '/promotions/placements/', {
      placements: [entry('rankLeagueCashback', { isShowHomePage: true, howWorks: { en: 'Play all week, get some back.', es: 'Juega toda la semana y recupera parte.' } }), entry('verification', { enabled: false, isShowHomePage: true })],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = ZPromotionPlacementsResponse.parse(ok.json()).data.placements;
    expect(after.map((x) => x.type).slice(0, 3)).toEqual(['rankLeagueCashback', 'verification', 'offerDeposit']);
    expect(after).toHaveLength(12);
    expect(await auditCount()).toBe(auditsBefore + 1);
    const data = await page(p, 'es');
    expect(types(data.promotions)).toEqual(['invite', 'dailyLogin']);
    expect(types(data.available_soon)).toEqual(['rankLeagueCashback']);
    expect(data.available_soon[0]).toMatchObject({ viewKeys: { isShowHomePage: true, isShowPromoPage: true }, howWorks: 'Juega toda la semana y recupera parte.' });
    expect(types(await home(p))).toEqual(['rankLeagueCashback']);

    // Back to the defaults (every type listed in the default order).
    const reset = await operator('PUT', '/promotions/placements/', { placements: before });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(types((await page(p)).promotions)).toEqual(['verification', 'invite', 'dailyLogin']);
  });
});
