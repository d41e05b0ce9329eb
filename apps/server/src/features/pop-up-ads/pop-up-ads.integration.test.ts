import fc from 'fast-check';
import { countDeposit } from '@sweepstack/db/cashier/repository';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { playerIdOf } from '../../kyc/testing';
import { startExclusion } from '../../responsible-play/exclusions';
import { ManualClock, signUpViaApi } from '../../testing/auth-helpers';
import { featureTestApp } from '../../testing/feature-test-app';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Noon in New York (the default operator time zone) on Friday 2027-01-08. */
const START_MS = Date.parse('2027-01-08T17:00:00Z');
const SEEDED = 'Come back and play';

const content = (title: string) => ({
  en: { title, text: `${title}: the text.`, ctaLabel: 'Go' },
  es: { title: `${title} (es)`, text: `${title}: el texto.`, ctaLabel: 'Ir' },
});
const popupInput = (name: string, patch: Record<string, unknown> = {}) => ({ name, priority: 10, active: true, delaySeconds: 1, triggers: ['closeGame'], image: 'gift', ctaUrl: '/promotions/', content: content(name), ...patch });
const campaignInput = (name: string, patch: Record<string, unknown> = {}) => ({ name, priority: 10, active: true, audience: 'everyone', deposits: 'any', startsAt: null, endsAt: null, ...patch });

describe.each(dialectsUnderTest())('pop-up ads on %s', (dialect) => {
  const clock = new ManualClock(START_MS);
  let sequence = 0;
  let headers: { cookie: string };
  const h = featureTestApp(dialect, { name: 'pop-up-ads', clock, env: { OUTBOX_DISPATCHER: 'false' } }).hooks();
  const db = h.db;
  let app: FastifyInstance;
  beforeAll(() => {
    app = h.app();
  });
  // Each test starts with every campaign off and the default frequency rules, a day later (no caps carried over).
  beforeEach(async () => {
    clock.advance(2 * 24 * HOUR_MS);
    headers = { cookie: await h.operatorCookie(true) };
    for (const c of await campaigns()) if (c.active) await putCampaign(c.id, { ...campaignOf(c), active: false });
    await operatorCall('PUT', '/settings/', { dailyCap: 3, minGapMinutes: 10, hideAfterCloseHours: 24 });
  });

  const operatorCall = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({ method, url: `/api/operator/pop-up-ads${url}`, headers, ...(payload === undefined ? {} : { payload }) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  type CampaignView = { id: number; name: string; active: boolean; popups: { id: number; name: string }[] } & Record<string, unknown>;
  const campaigns = async (): Promise<CampaignView[]> => (await operatorCall('GET', '/campaigns/')).campaigns;
  const campaignOf = (c: Record<string, unknown>) => ({ name: c.name, priority: c.priority, active: c.active, audience: c.audience, deposits: c.deposits, startsAt: c.startsAt, endsAt: c.endsAt, testPlayerEmails: c.testPlayerEmails });
  const putCampaign = (id: number, body: object) => operatorCall('PUT', `/campaigns/${id}/`, body);
  const createCampaign = async (campaign: Record<string, unknown>, popups: Record<string, unknown>[]): Promise<CampaignView> => (await operatorCall('POST', '/campaigns/', { campaign, popups })).campaign;
  const seeded = async () => (await campaigns()).find((c) => c.name === SEEDED)!;
  const switchOnSeeded = async () => {
    const c = await seeded();
    await putCampaign(c.id, { ...campaignOf(c), active: true });
    return c;
  };

  const player = async () => {
    sequence += 1;
    const email = `pop-up-ads-${sequence}@example.com`;
    const { cookie, uuid } = await signUpViaApi(app, email);
    return { cookie, email, id: await playerIdOf(db(), uuid) };
  };
  const ask = (kind: 'guest' | 'player', triggerType: unknown, cookie?: string) =>
    app.inject({ method: 'POST', url: `/rest/pop-up-ads/${kind}-popup-ads/`, headers: cookie ? { cookie } : {}, payload: { triggerType } });
  const adOf = async (kind: 'guest' | 'player', trigger: string, cookie?: string) => {
    const res = await ask(kind, trigger, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { companyInfo: { company_id: number; company_name: string; company_priority: number }; contentInfo: { popup_id: number; popup_name: string; popup_delay_time: number; popup_priority: number; popup_data: Record<string, unknown> }; logInfo: { log_id: number } }[];
  };
  const logAction = (body: object, cookie?: string) => app.inject({ method: 'POST', url: '/rest/pop-up-ads/log-action/', headers: cookie ? { cookie } : {}, payload: body });
  const trackingCookie = (res: { cookies: { name: string; value: string; maxAge?: number }[] }) => res.cookies.find((c) => c.name === 'tracking_id');
  const appInit = async (cookie?: string) => (await app.inject({ method: 'GET', url: '/rest/app/init/', headers: cookie ? { cookie } : {} })).json().data;

  it('answers an empty list, sets no cookie and tells app init it is off while the seeded campaign is inactive', async () => {
    const c = await seeded();
    expect(c).toMatchObject({ active: false, audience: 'players' });
    expect(c.popups.map((p) => p.name)).toEqual(['Gold Coin packages after a game', 'Free entry reminder']);
    const { cookie } = await player();
    for (const trigger of ['closeGame', 'closeCashbox', 'sessionStart']) {
      const res = await ask('player', trigger, cookie);
      expect(res.json()).toEqual({ success: true, data: [] });
      expect(trackingCookie(res)).toBeUndefined();
      expect((await ask('guest', trigger)).json()).toEqual({ success: true, data: [] });
    }
    expect((await appInit(cookie)).popUpAds).toEqual({ isActive: false });
    expect(await db().selectFrom('pop_up_ad_logs').select('id').execute()).toEqual([]);
  });

  it('answers the seeded ad for its triggers once switched on, with a log row per answer and the tracking cookie', async () => {
    const c = await switchOnSeeded();
    const [gold, freeEntry] = c.popups;
    const { cookie, id } = await player();
    expect((await appInit(cookie)).popUpAds).toEqual({ isActive: true });

    const res = await ask('player', 'closeGame', cookie);
    const [ad, ...rest] = res.json().data;
    expect(rest).toEqual([]);
    expect(ad).toMatchObject({
      companyInfo: { company_id: c.id, company_name: SEEDED, company_priority: 10 },
      contentInfo: { popup_id: gold!.id, popup_name: 'Gold Coin packages after a game', popup_delay_time: 3, popup_priority: 20, popup_data: { image: 'coins', ctaUrl: '/#cash' } },
    });
    expect(ad.contentInfo.popup_data.content.es.title).toBe('Recarga y sigue girando');
    const cookieSet = trackingCookie(res);
    expect(cookieSet?.value).toMatch(/^[0-9a-f]{32}$/);
    expect(cookieSet?.maxAge).toBe(365 * 24 * 60 * 60);
    const log = await db().selectFrom('pop_up_ad_logs').selectAll().where('id', '=', ad.logInfo.log_id).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ player_id: id, tracking_id: null, trigger_type: 'closeGame', suppressed: null });
    expect(Number(log.popup_id)).toBe(gold!.id);

    // The cashier's trigger is the other pop-up (after the minimum gap).
    clock.advance(10 * MINUTE_MS);
    expect((await adOf('player', 'closeCashbox', cookie))[0]?.contentInfo.popup_id).toBe(freeEntry!.id);
    clock.advance(10 * MINUTE_MS);
    expect((await adOf('player', 'sessionStart', cookie))[0]?.contentInfo.popup_id).toBe(gold!.id);
    // The campaign targets players: a guest gets nothing (but now has a tracking cookie: ads are active).
    const guest = await ask('guest', 'sessionStart');
    expect(guest.json().data).toEqual([]);
    expect(trackingCookie(guest)?.value).toMatch(/^[0-9a-f]{32}$/);
  });

  it('orders by company priority, then pop-up priority, and matches the trigger', async () => {
    const low = await createCampaign(campaignInput('Low company', { priority: 5 }), [popupInput('low-top', { priority: 999 })]);
    const high = await createCampaign(campaignInput('High company', { priority: 50 }), [popupInput('high-a', { priority: 1 }), popupInput('high-b', { priority: 7 }), popupInput('high-cash', { priority: 100, triggers: ['closeCashbox'] })]);
    const { cookie } = await player();
    const [ad] = await adOf('player', 'closeGame', cookie);
    expect(ad?.companyInfo).toMatchObject({ company_id: high.id, company_priority: 50 });
    expect(ad?.contentInfo.popup_name).toBe('high-b');
    // The high company switched off: the low one answers.
    await putCampaign(high.id, { ...campaignOf(high), active: false });
    clock.advance(10 * MINUTE_MS);
    expect((await adOf('player', 'closeGame', cookie))[0]?.contentInfo.popup_name).toBe('low-top');
    await putCampaign(low.id, { ...campaignOf(low), active: false });
  });

  it('targets guests or players, with or without deposits, within the active window', async () => {
    await createCampaign(campaignInput('Guests only', { audience: 'guests', priority: 40 }), [popupInput('for-guests', { triggers: ['sessionStart'] })]);
    await createCampaign(campaignInput('Depositors', { audience: 'players', deposits: 'with', priority: 30 }), [popupInput('for-depositors', { triggers: ['sessionStart'] })]);
    await createCampaign(campaignInput('Newcomers', { audience: 'players', deposits: 'without', priority: 20 }), [popupInput('for-newcomers', { triggers: ['sessionStart'] })]);
    const later = await createCampaign(
      campaignInput('Next week', { priority: 90, startsAt: new Date(clock.nowMs() + 7 * 24 * HOUR_MS).toISOString(), endsAt: new Date(clock.nowMs() + 8 * 24 * HOUR_MS).toISOString() }),
      [popupInput('next-week', { triggers: ['sessionStart'] })],
    );
    expect(later.startsAt).not.toBeNull();

    const guest = await ask('guest', 'sessionStart');
    expect(guest.json().data[0].contentInfo.popup_name).toBe('for-guests');
    const trackingId = trackingCookie(guest)!.value;
    const guestLog = await db().selectFrom('pop_up_ad_logs').selectAll().where('id', '=', guest.json().data[0].logInfo.log_id).executeTakeFirstOrThrow();
    expect(guestLog).toMatchObject({ player_id: null, tracking_id: trackingId });

    const newcomer = await player();
    expect((await adOf('player', 'sessionStart', newcomer.cookie))[0]?.contentInfo.popup_name).toBe('for-newcomers');
    const depositor = await player();
    await countDeposit(db(), depositor.id, 999, clock.nowMs());
    expect((await adOf('player', 'sessionStart', depositor.cookie))[0]?.contentInfo.popup_name).toBe('for-depositors');

    // A preview shows only to its test players.
    const preview = await createCampaign(campaignInput('Preview', { priority: 80, testPlayerEmails: [newcomer.email.toUpperCase()] }), [popupInput('preview', { triggers: ['sessionStart'] })]);
    clock.advance(10 * MINUTE_MS);
    expect((await adOf('player', 'sessionStart', newcomer.cookie))[0]?.contentInfo.popup_name).toBe('preview');
    expect((await adOf('player', 'sessionStart', depositor.cookie))[0]?.contentInfo.popup_name).toBe('for-depositors');
    await putCampaign(preview.id, { ...campaignOf(preview), active: false });

    // Within next week's window, its higher priority wins for everyone.
    clock.advance(7 * 24 * HOUR_MS);
    expect((await adOf('player', 'sessionStart', depositor.cookie))[0]?.contentInfo.popup_name).toBe('next-week');
    clock.advance(24 * HOUR_MS);
    expect((await adOf('player', 'sessionStart', depositor.cookie))[0]?.contentInfo.popup_name).toBe('for-depositors');
  });

  it('applies the frequency rules: minimum gap, daily cap, not the same ad within hours of a close', async () => {
    await createCampaign(campaignInput('Caps'), [popupInput('first', { priority: 9 }), popupInput('second', { priority: 1 })]);
    await operatorCall('PUT', '/settings/', { dailyCap: 2, minGapMinutes: 5, hideAfterCloseHours: 12 });
    const { cookie } = await player();
    const [one] = await adOf('player', 'closeGame', cookie);
    expect(one?.contentInfo.popup_name).toBe('first');
    // At most one per trigger occurrence: a second ask at once answers nothing.
    expect(await adOf('player', 'closeGame', cookie)).toEqual([]);
    // Closed: "first" stays away for 12 hours; the next trigger after the gap gets "second".
    expect((await logAction({ log_id: one!.logInfo.log_id, action_id: 'shown', is_player: true }, cookie)).statusCode).toBe(200);
    expect((await logAction({ log_id: one!.logInfo.log_id, action_id: 'closed', is_player: true }, cookie)).statusCode).toBe(200);
    clock.advance(5 * MINUTE_MS);
    expect((await adOf('player', 'closeGame', cookie))[0]?.contentInfo.popup_name).toBe('second');
    // The daily cap (2) is reached.
    clock.advance(30 * MINUTE_MS);
    expect(await adOf('player', 'closeGame', cookie)).toEqual([]);
    // The next operator day: "first" is back only once its 12 hours have passed.
    clock.advance(12 * HOUR_MS);
    expect((await adOf('player', 'closeGame', cookie))[0]?.contentInfo.popup_name).toBe('first');
  });

  it('suppresses ads (logged) for a player cooling off or at a purchase limit', async () => {
    await createCampaign(campaignInput('Everyone'), [popupInput('any')]);
    const limited = await player();
    const limit = await app.inject({ method: 'POST', url: '/rest/player/purchase-limits/', headers: { cookie: limited.cookie }, payload: { daily: 0 } });
    expect(limit.statusCode, limit.body).toBe(200);
    expect(await adOf('player', 'closeGame', limited.cookie)).toEqual([]);
    const cooling = await player();
    const appInitAds = async (cookie: string) => (await app.inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie } })).json().data.popUpAds;
    expect(await appInitAds(cooling.cookie)).toEqual({ isActive: true });
    await startExclusion(db(), clock, cooling.id, { kind: 'cooling_off', period: '24h', ip: null, userAgent: null });
    expect(await adOf('player', 'closeGame', cooling.cookie)).toEqual([]);
    // App init tells the browser not to ask at all.
    expect(await appInitAds(cooling.cookie)).toEqual({ isActive: false });
    const logs = await db().selectFrom('pop_up_ad_logs').select(['player_id', 'suppressed', 'popup_id']).where('player_id', 'in', [limited.id, cooling.id]).orderBy('id').execute();
    expect(logs.map((l) => [l.player_id, l.suppressed, l.popup_id])).toEqual([
      [limited.id, 'purchaseLimit', null],
      [cooling.id, 'account:COOLING_OFF', null],
    ]);
  });

  it('never answers a self-excluded player, and holds their browser: no guest ads after they sign out until the break ends (logged)', async () => {
    await createCampaign(campaignInput('Everyone'), [popupInput('any')]);
    const holdOf = (res: { cookies: { name: string; value: string; maxAge?: number }[] }) => res.cookies.find((c) => c.name === 'ss_ads_hold');
    const logout = (cookie: string) => app.inject({ method: 'GET', url: '/rest/logout/', headers: { cookie } });

    // Self-excluded for six months: the player call answers nothing (logged) and holds the browser until the end.
    const excluded = await player();
    const exclusion = await startExclusion(db(), clock, excluded.id, { kind: 'self_exclusion', period: '6m', ip: null, userAgent: null });
    const asked = await ask('player', 'closeGame', excluded.cookie);
    expect(asked.json()).toEqual({ success: true, data: [] });
    expect(holdOf(asked)).toMatchObject({ value: String(exclusion.untilMs), httpOnly: true });
    // Signing out holds the browser too (a browser that never asked as a player).
    const out = await logout(excluded.cookie);
    expect(out.statusCode, out.body).toBe(200);
    const hold = holdOf(out)!;
    expect(hold.value).toBe(String(exclusion.untilMs));
    expect(hold.maxAge).toBe(Math.ceil((exclusion.untilMs! - clock.nowMs()) / 1000));

    // The same browser as a guest: nothing, logged on its tracking id; another guest gets the ad.
    const tracking = trackingCookie(await ask('guest', 'closeGame'))!.value;
    expect((await db().selectFrom('pop_up_ad_logs').select('id').where('tracking_id', '=', tracking).execute()).length).toBe(1);
    expect(await adOf('guest', 'closeGame', `tracking_id=${tracking}; ss_ads_hold=${hold.value}`)).toEqual([]);
    const rows = await db().selectFrom('pop_up_ad_logs').select(['suppressed', 'popup_id', 'player_id']).where('tracking_id', '=', tracking).orderBy('id').execute();
    expect(rows.at(-1)).toEqual({ suppressed: 'browser:hold', popup_id: null, player_id: null });
    expect((await adOf('guest', 'closeGame'))[0]?.contentInfo.popup_name).toBe('any');
    // A hold that cannot be read, or one that ended, holds nothing.
    expect((await adOf('guest', 'closeGame', 'ss_ads_hold=soon'))[0]?.contentInfo.popup_name).toBe('any');
    expect((await adOf('guest', 'closeGame', `ss_ads_hold=${clock.nowMs() - 1}`))[0]?.contentInfo.popup_name).toBe('any');

    // Cooling off, and at a purchase limit: held at sign-out (a day for the limit); an ACTIVE player: not held.
    const cooling = await player();
    const coolingOff = await startExclusion(db(), clock, cooling.id, { kind: 'cooling_off', period: '24h', ip: null, userAgent: null });
    expect(holdOf(await logout(cooling.cookie))?.value).toBe(String(coolingOff.untilMs));
    const limited = await player();
    expect((await app.inject({ method: 'POST', url: '/rest/player/purchase-limits/', headers: { cookie: limited.cookie }, payload: { daily: 0 } })).statusCode).toBe(200);
    expect(holdOf(await logout(limited.cookie))?.value).toBe(String(clock.nowMs() + 24 * HOUR_MS));
    const active = await player();
    expect(holdOf(await logout(active.cookie))).toBeUndefined();

    // An ACTIVE player asking on a held browser gets the ad, and the hold is lifted.
    const other = await player();
    const answered = await ask('player', 'closeGame', `${other.cookie}; ss_ads_hold=${hold.value}`);
    expect(answered.json().data[0]?.contentInfo.popup_name).toBe('any');
    expect(holdOf(answered)).toMatchObject({ value: '' });
    expect(holdOf(answered)!.maxAge ?? 0).toBeLessThanOrEqual(0);
  });

  it('records shown, clicked and closed with stable errors for bad input', async () => {
    await createCampaign(campaignInput('Actions', { audience: 'everyone' }), [popupInput('act', { triggers: ['closeGame', 'sessionStart'] })]);
    const me = await player();
    const other = await player();
    const [ad] = await adOf('player', 'closeGame', me.cookie);
    const logId = ad!.logInfo.log_id;
    const code = async (body: object, cookie?: string) => {
      const res = await logAction(body, cookie);
      return [res.statusCode, res.json().error?.code ?? 'ok'];
    };
    expect(await code({ log_id: logId, action_id: 'clicked', is_player: true }, me.cookie)).toEqual([409, 'POP_UP_ADS_ACTION_OUT_OF_ORDER']);
    expect(await code({ log_id: logId, action_id: 'opened', is_player: true }, me.cookie)).toEqual([400, 'POP_UP_ADS_UNKNOWN_ACTION']);
    expect(await code({ log_id: logId, action_id: 7, is_player: true }, me.cookie)).toEqual([400, 'POP_UP_ADS_UNKNOWN_ACTION']);
    expect(await code({ log_id: 987_654_321, action_id: 'shown', is_player: true }, me.cookie)).toEqual([404, 'POP_UP_ADS_LOG_NOT_FOUND']);
    expect(await code({ log_id: logId, action_id: 'shown', is_player: true }, other.cookie)).toEqual([403, 'POP_UP_ADS_LOG_NOT_YOURS']);
    expect(await code({ log_id: logId, action_id: 'shown', is_player: false })).toEqual([403, 'POP_UP_ADS_LOG_NOT_YOURS']);
    expect(await code({ log_id: logId, action_id: 'shown', is_player: true })).toEqual([401, 'AUTH_REQUIRED']);
    for (const bad of [{ log_id: 'x', action_id: 'shown', is_player: true }, { log_id: logId, action_id: 'shown' }, { log_id: -1, action_id: 'shown', is_player: true }, { log_id: logId, action_id: 'shown', is_player: true, extra: 1 }]) {
      expect(await code(bad, me.cookie)).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await ask('player', 'openCashbox', me.cookie)).json().error.code).toBe('VALIDATION_FAILED');
    expect((await ask('player', 'closeGame')).statusCode).toBe(401);
    // None of the refused calls wrote anything.
    let row = await db().selectFrom('pop_up_ad_logs').selectAll().where('id', '=', logId).executeTakeFirstOrThrow();
    expect([row.shown_at_ms, row.clicked_at_ms, row.closed_at_ms]).toEqual([null, null, null]);

    expect(await code({ log_id: logId, action_id: 'shown', is_player: true }, me.cookie)).toEqual([200, 'ok']);
    expect(await code({ log_id: logId, action_id: 1, is_player: true }, me.cookie)).toEqual([200, 'ok']);
    expect(await code({ log_id: logId, action_id: 'clicked', is_player: true }, me.cookie)).toEqual([200, 'ok']);
    expect(await code({ log_id: logId, action_id: 'closed', is_player: true }, me.cookie)).toEqual([409, 'POP_UP_ADS_ACTION_OUT_OF_ORDER']);
    row = await db().selectFrom('pop_up_ad_logs').selectAll().where('id', '=', logId).executeTakeFirstOrThrow();
    expect(Number(row.shown_at_ms)).toBe(clock.nowMs());
    expect(Number(row.clicked_at_ms)).toBe(clock.nowMs());
    expect(row.closed_at_ms).toBeNull();

    // A guest's log is theirs by the tracking cookie.
    const guest = await ask('guest', 'sessionStart');
    const guestLog = guest.json().data[0].logInfo.log_id as number;
    const tracking = `tracking_id=${trackingCookie(guest)!.value}`;
    expect(await code({ log_id: guestLog, action_id: 'shown', is_player: false }, `tracking_id=${'0'.repeat(32)}`)).toEqual([403, 'POP_UP_ADS_LOG_NOT_YOURS']);
    expect(await code({ log_id: guestLog, action_id: 'shown', is_player: false }, tracking)).toEqual([200, 'ok']);
    expect(await code({ log_id: guestLog, action_id: 'closed', is_player: false }, tracking)).toEqual([200, 'ok']);

    const logs = (await operatorCall('GET', `/logs/?playerId=${me.id}`)).logs;
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ id: logId, isPlayer: true, trigger: 'closeGame', suppressed: null, closedAt: null });
    expect(logs[0].clickedAt).not.toBeNull();
  });

  it('validates operator input, audits changes and refuses unknown ids', async () => {
    const bad = [
      { campaign: campaignInput('x', { audience: 'robots' }), popups: [] },
      { campaign: campaignInput('x', { startsAt: '2027-02-01T00:00:00Z', endsAt: '2027-01-01T00:00:00Z' }), popups: [] },
      { campaign: campaignInput('x'), popups: [popupInput('p', { ctaUrl: 'https://elsewhere.example/' })] },
      { campaign: campaignInput('x'), popups: [popupInput('p', { triggers: ['closeGame', 'closeGame'] })] },
      { campaign: campaignInput('x'), popups: [popupInput('p', { content: { en: content('p').en } })] },
      { campaign: campaignInput('x'), popups: [popupInput('p', { image: 'logo' })] },
    ];
    for (const payload of bad) {
      const res = await app.inject({ method: 'POST', url: '/api/operator/pop-up-ads/campaigns/', headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await app.inject({ method: 'PUT', url: '/api/operator/pop-up-ads/campaigns/99999/', headers, payload: campaignInput('x') })).json().error.code).toBe('POP_UP_ADS_CAMPAIGN_NOT_FOUND');
    expect((await app.inject({ method: 'PUT', url: '/api/operator/pop-up-ads/popups/99999/', headers, payload: popupInput('x') })).json().error.code).toBe('POP_UP_ADS_POPUP_NOT_FOUND');
    expect((await app.inject({ method: 'GET', url: '/api/operator/pop-up-ads/campaigns/' })).statusCode).toBe(401);
    const created = await createCampaign(campaignInput('Audited', { active: false }), []);
    const added = await operatorCall('POST', `/campaigns/${created.id}/popups/`, popupInput('added'));
    expect(added.campaign.popups.map((p: { name: string }) => p.name)).toEqual(['added']);
    const popupId = added.campaign.popups[0].id;
    const changed = await operatorCall('PUT', `/popups/${popupId}/`, popupInput('renamed', { active: false }));
    expect(changed.campaign.popups[0]).toMatchObject({ name: 'renamed', active: false });
    const actions = (await db().selectFrom('operator_audit').select('action').where('action', 'like', 'pop-up-ads.%').execute()).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['pop-up-ads.campaign.create', 'pop-up-ads.campaign.update', 'pop-up-ads.popup.create', 'pop-up-ads.popup.update', 'pop-up-ads.settings.update']));
  });

  it('answers hostile bodies with a 4xx in the error envelope, never a 5xx', async () => {
    await switchOnSeeded();
    const { cookie } = await player();
    const value = fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom('closeGame', 'shown', 'clicked', 2_147_483_648, -1, 0, 1e300));
    const body = fc.oneof(
      fc.record({ triggerType: value }, { requiredKeys: [] }),
      fc.record({ log_id: value, action_id: value, is_player: value }, { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 12 }), value, { maxKeys: 4 }),
      fc.array(value, { maxLength: 3 }),
    );
    const path = fc.constantFrom('guest-popup-ads', 'player-popup-ads', 'log-action');
    await fc.assert(
      fc.asyncProperty(path, body, fc.boolean(), async (where, payload, signedIn) => {
        const res = await app.inject({ method: 'POST', url: `/rest/pop-up-ads/${where}/`, headers: signedIn ? { cookie } : {}, payload: payload as object });
        expect(res.statusCode, `${where} ${JSON.stringify(payload)} → ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json()).toMatchObject({ success: false, error: { code: expect.any(String) } });
      }),
      { numRuns: 150, seed: 20261126 },
    );
  });
});

