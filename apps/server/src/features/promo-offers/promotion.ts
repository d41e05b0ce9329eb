import type { OfferDepositPromotionData } from '@sweepstack/contracts/promotions/cards/offer-deposit';
import type { OfferPeriodicPromotionData } from '@sweepstack/contracts/promotions/cards/offer-periodic';
import { readOperatorTimeZone } from '@sweepstack/db/rewards/operator-time-zone';
import { nextOperatorDayStartMs } from '@sweepstack/domain/shared/operator-day';
import type { FeatureDefinition, PromotionContribution } from '../../platform/define-feature';
import { bundlesFor, evaluatePresets } from './offers';

const cashLink = (presetId: string) => ({ to: `/#/cash/deposit-by-money/${encodeURIComponent(presetId)}/promoOffer/` });

/**
 * Promo offers' promotion cards (docs/features/promo-offers.md): `offerDeposit` for the welcome pack's
 * step the player can buy now; `offerPeriodic` for each public offer that comes back by day (a weekday
 * or a daily limit) and is on sale today, counting down to tomorrow once today's purchases are used up.
 */
export const promoOfferPromotions: NonNullable<FeatureDefinition['promotions']> = async ({ db, player, locale, nowMs }) => {
  const cards: PromotionContribution[] = [];
  for (const bundle of await bundlesFor(db, player.id, nowMs, locale)) {
    const current = bundle.promoOffers.find((o) => o.current);
    if (!current) continue;
    const data: OfferDepositPromotionData = { presetId: current.id, title: bundle.title, step: current.step, steps: bundle.promoOffers.length, coins: current.coins, entries: current.entries, priceCents: current.priceCents, usualPriceCents: current.usualPriceCents };
    cards.push({ type: 'offerDeposit', key: bundle.id, data, link: cashLink(current.id), availableAtMs: null, finishesAtMs: current.availableTill === null ? null : Date.parse(current.availableTill) });
  }
  const periodic = (await evaluatePresets(db, player.id, nowMs, (p) => p.bundle_id === null && p.offer_set === null && Number(p.subscription_required) === 0 && (p.day_of_week !== null || p.limit_per_day !== null))).filter(
    (e) => e.reasons.every((r) => r === 'limitPerDay'),
  );
  const tomorrowMs = periodic.length > 0 ? nextOperatorDayStartMs(nowMs, await readOperatorTimeZone(db)) : 0;
  for (const { preset, reasons } of periodic) {
    const boughtOut = reasons.includes('limitPerDay');
    const data: OfferPeriodicPromotionData = {
      presetId: preset.package_id,
      badgeLabel: preset.pkg.badge_label,
      coins: Number(preset.pkg.gold_coins),
      entries: Number(preset.pkg.fortune_cents) / 100,
      priceCents: Number(preset.pkg.price_cents),
      usualPriceCents: preset.pkg.usual_price_cents === null ? Number(preset.pkg.price_cents) : Number(preset.pkg.usual_price_cents),
      dayOfWeek: preset.day_of_week === null ? null : Number(preset.day_of_week),
      limitPerDay: preset.limit_per_day === null ? null : Number(preset.limit_per_day),
      boughtOut,
    };
    cards.push({
      type: 'offerPeriodic',
      key: preset.package_id,
      data,
      link: cashLink(preset.package_id),
      // Bought out today: back when the operator day turns (a weekday offer: on its next day).
      availableAtMs: boughtOut ? (preset.day_of_week === null ? tomorrowMs : tomorrowMs + 6 * 86_400_000) : null,
      finishesAtMs: preset.available_till_ms === null ? null : Number(preset.available_till_ms),
    });
  }
  return cards;
};
