import { AppError } from '@sweepstack/contracts/errors';
import { type OperatorPreset, ZOperatorBundle, ZOperatorPreset, ZOperatorPresetParams, ZOperatorSet } from '@sweepstack/contracts/promo-offers/operator';
import { findPreset, findSet, listBundles, listPresets, type PresetWithPackage, refreshWelcomeStatus, saveBundle, savePreset, saveSet } from '@sweepstack/db/promo-offers/repository';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentCache } from '../../lib/content-cache';
import type { FeatureDefinition } from '../../platform/define-feature';

const READERS = ['support', 'compliance'] as const;

/** A preset as operators edit it (the PUT body's shape). */
function presetView(row: PresetWithPackage): OperatorPreset & { id: string } {
  return {
    id: row.package_id,
    priceCents: Number(row.pkg.price_cents),
    usualPriceCents: row.pkg.usual_price_cents === null ? null : Number(row.pkg.usual_price_cents),
    goldCoins: Number(row.pkg.gold_coins),
    fortuneCents: Number(row.pkg.fortune_cents),
    badgeLabel: row.pkg.badge_label,
    bestDeal: Number(row.pkg.best_deal) === 1,
    mostPopular: Number(row.pkg.most_popular) === 1,
    sortOrder: Number(row.pkg.sort_order),
    urlHash: row.url_hash,
    subscriptionRequired: Number(row.subscription_required) === 1,
    offerSet: row.offer_set,
    bundle: row.bundle_id === null ? null : { id: row.bundle_id, step: Number(row.bundle_step) },
    dayOfWeek: row.day_of_week === null ? null : Number(row.day_of_week),
    limitPerDay: row.limit_per_day === null ? null : Number(row.limit_per_day),
    minBalance: row.min_balance === null ? null : Number(row.min_balance),
    availableTill: row.available_till_ms === null ? null : new Date(Number(row.available_till_ms)).toISOString(),
    firstPurchaseOnly: Number(row.first_purchase_only) === 1,
    imagePopup: row.image_popup,
    relatedPresetIds: JSON.parse(row.related_preset_ids) as string[],
    active: Number(row.active) === 1,
  };
}

/**
 * The operator calls under `/api/operator/promo-offers/` (docs/features/promo-offers.md): support and
 * compliance read; admins create and edit presets, bundles and flip-the-coin sets. Every change is
 * audited in its transaction and rewrites the welcome offer app init shows.
 */
export const promoOfferOperatorRoutes: NonNullable<FeatureDefinition['operatorRoutes']> = (fastify, { audit }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = fastify.deps;
  const { db } = database;

  app.get('/presets/', { config: { operatorRoles: READERS }, schema: { tags: ['operator'] } }, async () => ({
    success: true as const,
    data: { presets: (await listPresets(db)).map(presetView), bundles: (await listBundles(db)).map((b) => ({ id: b.id, type: b.type, title: JSON.parse(b.title_json) as unknown, active: Number(b.active) === 1 })) },
  }));

  app.put('/presets/:id/', { config: { operatorRoles: ['admin'] }, schema: { tags: ['operator'], params: ZOperatorPresetParams, body: ZOperatorPreset } }, async (request) => {
    const id = request.params.id;
    const body = request.body;
    const nowMs = clock.nowMs();
    const saved = await db.transaction().execute(async (trx) => {
      const before = await findPreset(trx, id);
      // A regular package is not turned into an offer behind the cashier's back.
      if (!before && (await trx.selectFrom('cashier_packages').select('id').where('id', '=', id).executeTakeFirst())) {
        throw new AppError('VALIDATION_FAILED', { fields: { id: 'This id is a regular coin package' } });
      }
      if (body.bundle && !(await listBundles(trx)).some((b) => b.id === body.bundle!.id)) throw new AppError('VALIDATION_FAILED', { fields: { 'bundle.id': 'No such bundle' } });
      if (body.offerSet && !(await findSet(trx, body.offerSet))) throw new AppError('VALIDATION_FAILED', { fields: { offerSet: 'No such flip-the-coin set' } });
      if (body.urlHash) {
        const other = await trx.selectFrom('promo_offer_presets').select('package_id').where('url_hash', '=', body.urlHash).where('package_id', '!=', id).executeTakeFirst();
        if (other) throw new AppError('VALIDATION_FAILED', { fields: { urlHash: 'Another offer has this link' } });
      }
      if (body.bundle) {
        const step = await trx.selectFrom('promo_offer_presets').select('package_id').where('bundle_id', '=', body.bundle.id).where('bundle_step', '=', body.bundle.step).where('package_id', '!=', id).executeTakeFirst();
        if (step) throw new AppError('VALIDATION_FAILED', { fields: { 'bundle.step': 'Another offer is this step of the bundle' } });
      }
      await savePreset(
        trx,
        {
          packageId: id,
          urlHash: body.urlHash,
          // Link and flip offers are sold only to players who opened the link or flipped the coin.
          subscriptionRequired: body.subscriptionRequired || body.offerSet !== null,
          offerSet: body.offerSet,
          bundleId: body.bundle?.id ?? null,
          bundleStep: body.bundle?.step ?? null,
          dayOfWeek: body.dayOfWeek,
          limitPerDay: body.limitPerDay,
          minBalance: body.minBalance,
          availableTillMs: body.availableTill === null ? null : Date.parse(body.availableTill),
          firstPurchaseOnly: body.firstPurchaseOnly,
          imagePopup: body.imagePopup,
          relatedPresetIds: body.relatedPresetIds,
          active: body.active,
        },
        body,
        nowMs,
      );
      const after = (await findPreset(trx, id))!;
      await refreshWelcomeStatus(trx, nowMs);
      await audit(trx, request, { action: before ? 'preset.update' : 'preset.create', targetType: 'promo_offer_preset', targetId: id, before: before ? presetView(before) : null, after: presetView(after) });
      return after;
    });
    contentCache(fastify.deps).invalidate();
    return { success: true as const, data: presetView(saved) };
  });

  app.put('/bundles/:id/', { config: { operatorRoles: ['admin'] }, schema: { tags: ['operator'], params: ZOperatorPresetParams, body: ZOperatorBundle } }, async (request) => {
    const { id } = request.params;
    const nowMs = clock.nowMs();
    await db.transaction().execute(async (trx) => {
      const before = (await listBundles(trx)).find((b) => b.id === id);
      await saveBundle(trx, { id, ...request.body }, nowMs);
      await refreshWelcomeStatus(trx, nowMs);
      await audit(trx, request, { action: before ? 'bundle.update' : 'bundle.create', targetType: 'promo_offer_bundle', targetId: id, before: before ?? null, after: request.body });
    });
    contentCache(fastify.deps).invalidate();
    return { success: true as const, data: { id, ...request.body } };
  });

  app.put('/sets/:id/', { config: { operatorRoles: ['admin'] }, schema: { tags: ['operator'], params: ZOperatorPresetParams, body: ZOperatorSet } }, async (request) => {
    const { id } = request.params;
    const nowMs = clock.nowMs();
    await db.transaction().execute(async (trx) => {
      const before = await findSet(trx, id);
      await saveSet(trx, { id, cooldownMs: request.body.cooldownHours * 3_600_000, active: request.body.active }, nowMs);
      await audit(trx, request, { action: before ? 'set.update' : 'set.create', targetType: 'promo_offer_set', targetId: id, before: before ?? null, after: request.body });
    });
    return { success: true as const, data: { id, ...request.body } };
  });
};
