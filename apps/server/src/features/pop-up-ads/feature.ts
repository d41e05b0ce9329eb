import { AppError } from '@sweepstack/contracts/errors';
import {
  ZPopUpAdsSettings,
  ZPopUpAdsSettingsResponse,
  ZPopUpCampaignCreate,
  ZPopUpCampaignInput,
  ZPopUpCampaignResponse,
  ZPopUpCampaignsResponse,
  ZPopUpInput,
  ZPopUpLogsQuery,
  ZPopUpLogsResponse,
  type PopUpCampaignInput,
  type PopUpCampaignView,
  type PopUpInput,
} from '@sweepstack/contracts/pop-up-ads/operator';
import { ZPopUpAdsRequest, ZPopUpAdsResponse, ZPopUpLogActionRequest, type PopUpContent, type PopUpImage, type PopUpTrigger } from '@sweepstack/contracts/pop-up-ads/popup-ads';
import { ZSuccessResponse } from '@sweepstack/contracts/envelope';
import {
  campaignById,
  insertCampaign,
  insertPopup,
  listCampaigns,
  listLogs,
  listPopups,
  popupById,
  readPopUpAdsSettings,
  updateCampaign,
  updatePopup,
  writePopUpAdsSettings,
  type CampaignValues,
  type PopupValues,
  type PopUpRow,
} from '@sweepstack/db/pop-up-ads/repository';
import type { Database } from '@sweepstack/db/schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { normalizeEmail } from '@sweepstack/domain/auth/email';
import { contentCache } from '../../lib/content-cache';
import { defineFeature } from '../../platform/define-feature';
import { requirePlayer, SESSION_COOKIE } from '../../plugins/session';
import type { AppDeps } from '../../app-context';
import { actionOf, adsRunning, answerPopUpAds, logAction, writePopUpAdsStatus } from './answer';
import { browserHoldUntil, holdBrowser, releaseBrowser, suppressionOf } from './browser-hold';

/** Spec §3 cookie: `tracking_id`, 1 year, created when pop-up ads are active; it identifies a guest's log rows. */
export const TRACKING_COOKIE = 'tracking_id';
const TRACKING_MAX_AGE_S = 365 * 24 * 60 * 60;
const TRACKING_PATTERN = /^[0-9a-f]{32}$/;

const READERS = ['support', 'compliance'] as const;
const WRITERS = ['admin'] as const;
const ZId = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
/** Rate limits count per visitor (session, else tracking id, else address): many players share an address. */
function visitorKey(request: FastifyRequest): string {
  const session = request.cookies[SESSION_COOKIE];
  if (session) return `s:${session.slice(0, 64)}`;
  const tracking = trackingIdOf(request);
  return tracking ? `t:${tracking}` : `ip:${request.ip}`;
}
// Each trigger occurrence asks once; a visitor cannot need more than a few a minute.
const ASK_LIMIT = { rateLimit: { max: 20, timeWindow: '1 minute', keyGenerator: visitorKey } };
const LOG_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: visitorKey } };

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const iso = (ms: number | string | bigint | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The visitor's valid `tracking_id`, or undefined. */
function trackingIdOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[TRACKING_COOKIE];
  return value !== undefined && TRACKING_PATTERN.test(value) ? value : undefined;
}

/** The visitor's `tracking_id`, set (1 year) when missing. Only called while ads are active. */
function ensureTrackingId(deps: AppDeps, request: FastifyRequest, reply: FastifyReply): string {
  const existing = trackingIdOf(request);
  if (existing) return existing;
  const created = hex(deps.rng.bytes(16));
  reply.setCookie(TRACKING_COOKIE, created, { path: '/', httpOnly: true, sameSite: 'lax', secure: deps.config.secureCookies, maxAge: TRACKING_MAX_AGE_S });
  return created;
}

function popupView(row: PopUpRow) {
  return {
    id: Number(row.id),
    campaignId: Number(row.campaign_id),
    name: row.name,
    priority: row.priority,
    active: Number(row.active) === 1,
    delaySeconds: row.delay_seconds,
    triggers: JSON.parse(row.triggers_json) as PopUpTrigger[],
    image: row.image as PopUpImage,
    ctaUrl: row.cta_url,
    content: JSON.parse(row.content_json) as PopUpContent,
  };
}

async function campaignViews(db: Kysely<Database>, only?: number): Promise<PopUpCampaignView[]> {
  const campaigns = (await listCampaigns(db)).filter((c) => only === undefined || Number(c.id) === only);
  const popups = await listPopups(db, campaigns.map((c) => Number(c.id)));
  return campaigns.map((c) => ({
    id: Number(c.id),
    name: c.name,
    priority: c.priority,
    active: Number(c.active) === 1,
    audience: c.audience,
    deposits: c.deposits,
    startsAt: iso(c.starts_at_ms),
    endsAt: iso(c.ends_at_ms),
    testPlayerEmails: JSON.parse(c.test_player_emails_json) as string[],
    popups: popups.filter((p) => Number(p.campaign_id) === Number(c.id)).map(popupView),
  }));
}

const campaignValues = (c: PopUpCampaignInput): CampaignValues => ({
  name: c.name,
  priority: c.priority,
  active: c.active ? 1 : 0,
  audience: c.audience,
  deposits: c.deposits,
  starts_at_ms: c.startsAt === null ? null : Date.parse(c.startsAt),
  ends_at_ms: c.endsAt === null ? null : Date.parse(c.endsAt),
  test_player_emails_json: JSON.stringify(c.testPlayerEmails.map(normalizeEmail)),
});

const popupValues = (p: PopUpInput): PopupValues => ({
  name: p.name,
  priority: p.priority,
  active: p.active ? 1 : 0,
  delay_seconds: p.delaySeconds,
  triggers_json: JSON.stringify(p.triggers),
  image: p.image,
  cta_url: p.ctaUrl,
  content_json: JSON.stringify(p.content),
});

/**
 * Pop-up ads (docs/features/pop-up-ads.md, spec §3, §4, §7): operator campaigns and their pop-ups; the
 * guest and player calls answer the highest-priority eligible ad for a trigger (closeCashbox,
 * closeGame, sessionStart) with its log id; log-action records shown, clicked and closed.
 */
export default defineFeature({
  name: 'pop-up-ads',

  // Off for a signed-in player who is not ACTIVE (cooling off, self-excluded, closed): the browser does not
  // even ask, on top of the player call's refusal.
  appInit: { key: 'popUpAds', build: ({ status, accountStatus }) => ({ isActive: status !== null && (status as { isActive?: unknown }).isActive === true && (accountStatus == null || accountStatus === 'ACTIVE') }) },

  routes: async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const deps = fastify.deps;
    const { db } = deps.database;

    app.post(
      '/rest/pop-up-ads/guest-popup-ads/',
      { config: ASK_LIMIT, schema: { tags: ['pop-up-ads'], summary: "A guest's pop-up ad for a trigger (at most one element)", body: ZPopUpAdsRequest, response: { 200: ZPopUpAdsResponse } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const nowMs = deps.clock.nowMs();
        if (!(await adsRunning(db, nowMs))) return { success: true as const, data: [] };
        const trackingId = ensureTrackingId(deps, request, reply);
        const held = browserHoldUntil(request, nowMs) !== null;
        return { success: true as const, data: await answerPopUpAds(deps, { kind: 'guest', trackingId, held }, request.body.triggerType) };
      },
    );

    app.post(
      '/rest/pop-up-ads/player-popup-ads/',
      { config: ASK_LIMIT, schema: { tags: ['pop-up-ads'], summary: "A player's pop-up ad for a trigger (at most one element)", body: ZPopUpAdsRequest, response: { 200: ZPopUpAdsResponse } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const player = await requirePlayer(request);
        const nowMs = deps.clock.nowMs();
        if (!(await adsRunning(db, nowMs))) return { success: true as const, data: [] };
        ensureTrackingId(deps, request, reply);
        // The browser follows its player: held while they must not get ads, released when they may again.
        const suppression = await suppressionOf(db, player, nowMs);
        if (suppression) holdBrowser(deps, request, reply, suppression, nowMs);
        else releaseBrowser(request, reply);
        return { success: true as const, data: await answerPopUpAds(deps, { kind: 'player', player, suppressed: suppression?.reason ?? null }, request.body.triggerType) };
      },
    );

    app.post(
      '/rest/pop-up-ads/log-action/',
      { config: LOG_LIMIT, schema: { tags: ['pop-up-ads'], summary: 'Record that a pop-up ad was shown, clicked or closed', body: ZPopUpLogActionRequest, response: { 200: ZSuccessResponse } } },
      async (request) => {
        const { log_id, action_id, is_player } = request.body;
        const action = actionOf(action_id);
        let viewer: { playerId: number } | { trackingId: string } | null;
        if (is_player) viewer = { playerId: (await requirePlayer(request)).id };
        else {
          const trackingId = trackingIdOf(request);
          viewer = trackingId ? { trackingId } : null;
        }
        await logAction(deps, { logId: log_id, action, viewer });
        return { success: true as const };
      },
    );
  },

  operatorRoutes: (fastify, { audit }) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const deps = fastify.deps;
    const { db } = deps.database;
    const changed = () => contentCache(deps).invalidate();
    const one = async (id: number) => {
      const [campaign] = await campaignViews(db, id);
      if (!campaign) throw new AppError('POP_UP_ADS_CAMPAIGN_NOT_FOUND');
      return { success: true as const, data: { campaign } };
    };

    app.get('/settings/', { config: { operatorRoles: READERS }, schema: { tags: ['operator'], response: { 200: ZPopUpAdsSettingsResponse } } }, async () => ({ success: true as const, data: await readPopUpAdsSettings(db) }));

    app.put('/settings/', { config: { operatorRoles: WRITERS }, schema: { tags: ['operator'], summary: 'Frequency rules', body: ZPopUpAdsSettings, response: { 200: ZPopUpAdsSettingsResponse } } }, async (request) => {
      await db.transaction().execute(async (trx) => {
        const before = await readPopUpAdsSettings(trx);
        await writePopUpAdsSettings(trx, request.body, deps.clock.nowMs());
        await audit(trx, request, { action: 'settings.update', targetType: 'feature', targetId: 'pop-up-ads', before, after: request.body });
      });
      return { success: true as const, data: await readPopUpAdsSettings(db) };
    });

    app.get('/campaigns/', { config: { operatorRoles: READERS }, schema: { tags: ['operator'], response: { 200: ZPopUpCampaignsResponse } } }, async () => ({ success: true as const, data: { campaigns: await campaignViews(db) } }));

    app.post('/campaigns/', { config: { operatorRoles: WRITERS }, schema: { tags: ['operator'], summary: 'A campaign with its pop-ups', body: ZPopUpCampaignCreate, response: { 200: ZPopUpCampaignResponse } } }, async (request) => {
      const nowMs = deps.clock.nowMs();
      const id = await db.transaction().execute(async (trx) => {
        const created = await insertCampaign(trx, campaignValues(request.body.campaign), nowMs);
        for (const popup of request.body.popups) await insertPopup(trx, created, popupValues(popup), nowMs);
        await writePopUpAdsStatus(trx, nowMs);
        await audit(trx, request, { action: 'campaign.create', targetType: 'pop_up_ad_campaign', targetId: created, after: request.body });
        return created;
      });
      changed();
      return one(id);
    });

    app.put('/campaigns/:id/', { config: { operatorRoles: WRITERS }, schema: { tags: ['operator'], summary: 'Change a campaign (targeting, priority, window, on or off)', params: ZId, body: ZPopUpCampaignInput, response: { 200: ZPopUpCampaignResponse } } }, async (request) => {
      const nowMs = deps.clock.nowMs();
      await db.transaction().execute(async (trx) => {
        const before = await campaignById(trx, request.params.id);
        if (!before) throw new AppError('POP_UP_ADS_CAMPAIGN_NOT_FOUND');
        await updateCampaign(trx, request.params.id, campaignValues(request.body), nowMs);
        await writePopUpAdsStatus(trx, nowMs);
        await audit(trx, request, { action: 'campaign.update', targetType: 'pop_up_ad_campaign', targetId: request.params.id, before, after: request.body });
      });
      changed();
      return one(request.params.id);
    });

    app.post('/campaigns/:id/popups/', { config: { operatorRoles: WRITERS }, schema: { tags: ['operator'], summary: 'Add a pop-up to a campaign', params: ZId, body: ZPopUpInput, response: { 200: ZPopUpCampaignResponse } } }, async (request) => {
      const nowMs = deps.clock.nowMs();
      await db.transaction().execute(async (trx) => {
        if (!(await campaignById(trx, request.params.id))) throw new AppError('POP_UP_ADS_CAMPAIGN_NOT_FOUND');
        const id = await insertPopup(trx, request.params.id, popupValues(request.body), nowMs);
        await audit(trx, request, { action: 'popup.create', targetType: 'pop_up_ad', targetId: id, after: request.body });
      });
      return one(request.params.id);
    });

    app.put('/popups/:id/', { config: { operatorRoles: WRITERS }, schema: { tags: ['operator'], summary: 'Change a pop-up (content, triggers, delay, priority, on or off)', params: ZId, body: ZPopUpInput, response: { 200: ZPopUpCampaignResponse } } }, async (request) => {
      const nowMs = deps.clock.nowMs();
      const campaignId = await db.transaction().execute(async (trx) => {
        const before = await popupById(trx, request.params.id);
        if (!before) throw new AppError('POP_UP_ADS_POPUP_NOT_FOUND');
        await updatePopup(trx, request.params.id, popupValues(request.body), nowMs);
        await audit(trx, request, { action: 'popup.update', targetType: 'pop_up_ad', targetId: request.params.id, before: popupView(before), after: request.body });
        return Number(before.campaign_id);
      });
      return one(campaignId);
    });

    app.get('/logs/', { config: { operatorRoles: READERS }, schema: { tags: ['operator'], summary: 'Answered and suppressed pop-up ads, newest first', querystring: ZPopUpLogsQuery, response: { 200: ZPopUpLogsResponse } } }, async (request) => {
      const rows = await listLogs(db, request.query);
      return {
        success: true as const,
        data: {
          logs: rows.map((r) => ({
            id: Number(r.id),
            popupId: r.popup_id === null ? null : Number(r.popup_id),
            campaignId: r.campaign_id === null ? null : Number(r.campaign_id),
            playerId: r.player_id === null ? null : Number(r.player_id),
            isPlayer: r.player_id !== null,
            trigger: r.trigger_type,
            suppressed: r.suppressed,
            createdAt: iso(r.created_at_ms)!,
            shownAt: iso(r.shown_at_ms),
            clickedAt: iso(r.clicked_at_ms),
            closedAt: iso(r.closed_at_ms),
          })),
        },
      };
    });
  },
});
