import { CashierDepositCompleted } from '@sweepstack/contracts/cashier/events';
import { AppError } from '@sweepstack/contracts/errors';
import { ZBundleConfigsQuery, ZBundleConfigsResponse, ZCheckAvailabilityRequest, ZCheckAvailabilityResponse } from '@sweepstack/contracts/promo-offers/bundles';
import { ZFlipQuery, ZFlipResponse, ZSubscribeRequest, ZSubscribeResponse } from '@sweepstack/contracts/promo-offers/links';
import { readPlayerFeatureState, writePlayerFeatureState } from '@sweepstack/db/repositories/feature-state';
import { findPreset, findPresetByUrlHash, listBundles, listPresets, type PopupOfferStatus, subscribe, type WelcomeOfferStatus } from '@sweepstack/db/promo-offers/repository';
import { shownDespite } from '@sweepstack/domain/promo-offers/availability';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defineFeature } from '../../platform/define-feature';
import { requirePlayer } from '../../plugins/session';
import { flipTheCoin } from './flip-the-coin';
import { bundlesFor, evaluatePresets, FEATURE, popupAnswers, presetAnswer, REFUSAL_CODES, welcomeAnswer } from './offers';
import { promoOfferOperatorRoutes } from './operator-routes';
import { promoOfferPromotions } from './promotion';

/** The player's state app init reads: whether any purchase completed (the welcome offer is then gone). */
interface PromoOffersPlayerState {
  hasPurchase?: boolean;
}

/** App init's welcome offer: the first step of the welcome pack, for visitors without a purchase. */
function welcomeSlice({ status, state, nowMs }: { status: unknown; state: unknown; nowMs: number }) {
  const welcome = (status as { welcome?: WelcomeOfferStatus | null } | null)?.welcome ?? null;
  if (!welcome || (state as PromoOffersPlayerState | null)?.hasPurchase) return null;
  return welcomeAnswer(welcome, nowMs);
}

/** Promo offers: presets with conditions, promo links, flip-the-coin, bundles and the welcome offer (docs/features/promo-offers.md). */
export default defineFeature({
  name: FEATURE,

  routes: async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { deps } = fastify;
    const db = deps.database.db;

    app.get(
      '/rest/promo-offers-bundle/configs/',
      { schema: { tags: ['promo-offers'], summary: 'The offer packs (welcomePack) and their steps, `current` on the one I can buy now', querystring: ZBundleConfigsQuery, response: { 200: ZBundleConfigsResponse } } },
      async (request, reply) => {
        const player = await request.getPlayer();
        reply.header('cache-control', 'no-store');
        return { success: true as const, data: { bundles: await bundlesFor(db, player?.id ?? null, deps.clock.nowMs(), request.query.locale ?? 'en') } };
      },
    );

    app.post(
      '/rest/promo-offers-bundle/check-availability/',
      { schema: { tags: ['promo-offers'], summary: 'Whether I can buy a step of an offer pack now, and if not why', body: ZCheckAvailabilityRequest, response: { 200: ZCheckAvailabilityResponse } } },
      async (request, reply) => {
        const player = await requirePlayer(request);
        const { promoOfferBundleId, promoOfferId } = request.body;
        const bundle = (await listBundles(db)).find((b) => b.id === promoOfferBundleId);
        const preset = bundle ? await findPreset(db, promoOfferId) : undefined;
        if (!bundle || !preset || preset.bundle_id !== bundle.id) throw new AppError('PROMO_OFFER_BUNDLE_NOT_FOUND');
        const [evaluated] = await evaluatePresets(db, player.id, deps.clock.nowMs(), (p) => p.package_id === promoOfferId);
        const reasons = Number(bundle.active) === 1 ? evaluated!.reasons : ['inactive' as const, ...evaluated!.reasons.filter((r) => r !== 'inactive')];
        reply.header('cache-control', 'no-store');
        return { success: true as const, data: { available: reasons.length === 0, unavailabilityReasons: reasons }, unavailabilityReasons: reasons };
      },
    );

    app.post(
      '/rest/cash/promo-offer-preset/subscribe/',
      { schema: { tags: ['promo-offers'], summary: "Apply a promo offer link's hash: the preset it opens becomes mine to buy", body: ZSubscribeRequest, response: { 200: ZSubscribeResponse } } },
      async (request, reply) => {
        const player = await requirePlayer(request);
        const row = await findPresetByUrlHash(db, request.body.urlHash);
        if (!row) throw new AppError('PROMO_OFFER_LINK_UNKNOWN');
        const nowMs = deps.clock.nowMs();
        // A link to an offer that ended or was withdrawn says so (nothing is written).
        if (Number(row.active) !== 1) throw new AppError('PROMO_OFFER_INACTIVE');
        if (row.available_till_ms !== null && nowMs > Number(row.available_till_ms)) throw new AppError('PROMO_OFFER_EXPIRED');
        await subscribe(db, { playerId: player.id, packageId: row.package_id, source: 'link', nowMs });
        reply.header('cache-control', 'no-store');
        return { success: true as const, presetId: row.package_id };
      },
    );

    app.post(
      '/rest/cash/promo-offer-preset/flip-the-coin/',
      { schema: { tags: ['promo-offers'], summary: "Flip the coin of an offer set: it picks the offer I may buy (provably fair), or says why not", querystring: ZFlipQuery, response: { 200: ZFlipResponse } } },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.header('cache-control', 'no-store');
        return flipTheCoin(deps, player, request.query.promoOfferSet);
      },
    );
  },

  operatorRoutes: promoOfferOperatorRoutes,

  promotions: promoOfferPromotions,

  handlers: ({ on }) => {
    // App init drops the welcome offer once the player's first purchase is credited.
    on(CashierDepositCompleted, async function rememberPurchase(event, { trx, clock }) {
      if (event.playerId === null) return;
      const state = (await readPlayerFeatureState(trx, event.playerId, FEATURE)) as PromoOffersPlayerState | undefined;
      if (state?.hasPurchase) return;
      await writePlayerFeatureState(trx, event.playerId, FEATURE, { ...state, hasPurchase: true } satisfies PromoOffersPlayerState, clock.nowMs());
    });
  },

  appInit: [
    { key: 'bannerPresetPackage', build: welcomeSlice },
    { key: 'popupPresetPackage', build: welcomeSlice },
    { key: 'popupPresetPackages', build: ({ status, nowMs }) => popupAnswers((status as { popups?: PopupOfferStatus[] } | null)?.popups ?? [], nowMs) },
  ],

  cashierOffers: async ({ db, player, nowMs }) => {
    const presets = await listPresets(db);
    if (presets.length === 0) return {};
    const evaluated = await evaluatePresets(db, player?.id ?? null, nowMs);
    // Shown: what this visitor can buy now, and what only today's limit or the balance rule holds back.
    const shown = evaluated.filter((e) => shownDespite(e.reasons));
    return {
      ownPackageIds: presets.map((p) => p.package_id),
      packages: shown.map((e) => presetAnswer(e.preset, e.reasons)),
      promoOffers: { bundle: (await bundlesFor(db, player?.id ?? null, nowMs, 'en')).filter((b) => b.promoOffers.some((o) => o.current)) },
    };
  },

  purchaseGuard: async ({ trx, player, packageId, nowMs }) => {
    const preset = await findPreset(trx, packageId);
    if (!preset) return;
    const [evaluated] = await evaluatePresets(trx, player.id, nowMs, (p) => p.package_id === packageId);
    const reasons = evaluated!.reasons;
    if (reasons.length > 0) throw new AppError(REFUSAL_CODES[reasons[0]!], { fields: { presetId: packageId, reasons: reasons.join(',') } });
  },
});
