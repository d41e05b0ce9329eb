import { listPresets } from '@sweepstack/db/promo-offers/repository';
import { defineEconomy } from '../../platform/define-economy';

/** Regular packages give 1 FC per dollar (content/cashier/packages.json: 500 FC cents for $4.99). */
const REGULAR_FC_CENTS_PER_PRICE_CENT = 1;

/**
 * Promo offers are sold, not given; what they cost the operator is the Fortune Coins beyond the
 * regular packages' rate (an offer's bonus FC), paid with each purchase. The welcome pack's steps are
 * bought once each, in order; a public offer (no link, flip or pack) at most its daily limit a day.
 * Link and flip offers depend on campaigns and are left out of this model.
 */
export default defineEconomy<'welcome-step-chance' | 'promo-offer-chance'>({
  feature: 'promo-offers',
  options: {
    'welcome-step-chance': { default: 0.04, min: 0, max: 1, help: 'chance that an active player buys the next welcome pack step on a day' },
    'promo-offer-chance': { default: 0.01, min: 0, max: 1, help: 'chance that an active player buys a public promo offer on a day (each, once)' },
  },
  async models({ db, option }) {
    const presets = (await listPresets(db)).filter((p) => Number(p.active) === 1);
    if (presets.length === 0) return [];
    const bonusOf = (p: (typeof presets)[number]) => Math.max(0, Number(p.pkg.fortune_cents) - Math.round(Number(p.pkg.price_cents) * REGULAR_FC_CENTS_PER_PRICE_CENT));
    const steps = presets.filter((p) => p.bundle_id !== null).sort((a, b) => Number(a.bundle_step) - Number(b.bundle_step)).map(bonusOf);
    const publicOffers = presets.filter((p) => p.bundle_id === null && p.offer_set === null && Number(p.subscription_required) === 0).map((p) => ({ bonus: bonusOf(p), dayOfWeek: p.day_of_week === null ? null : Number(p.day_of_week) }));
    const welcome = option('welcome-step-chance');
    const promo = option('promo-offer-chance');
    return [
      {
        feature: 'promo-offers',
        budget: { gc: null, fcCents: null },
        behaviour: `an active player buys the next of ${steps.length} welcome pack steps with probability ${welcome} a day, and each of ${publicOffers.length} public offers with probability ${promo} on its days; cost = FC beyond 1 FC per dollar`,
        initialState: () => 0,
        playerDay(nextStep: number, active, day, random) {
          if (!active) return { state: nextStep, cost: { gc: 0, fcCents: 0 } };
          let fcCents = 0;
          let state = nextStep;
          if (state < steps.length && random.float() < welcome) {
            fcCents += steps[state]!;
            state += 1;
          }
          const weekday = (day % 7) + 1;
          for (const offer of publicOffers) if ((offer.dayOfWeek === null || offer.dayOfWeek === weekday) && random.float() < promo) fcCents += offer.bonus;
          return { state, cost: { gc: 0, fcCents } };
        },
      },
    ];
  },
});
