import type { Database } from '@sweepstack/db/schema';
import { CONTENT_DIR, parseContentJson, readContentText } from '@sweepstack/db/seeds/content-files';
import { defaultSeason, packagePriceCents, SEASON_PASS_PACKAGE } from '@sweepstack/db/seasons/repository';
import type { Prize } from '@sweepstack/domain/rewards/prize';
import { seasonEconomyModel } from '@sweepstack/domain/seasons/economy-model';
import { checkSeasonLevels, type SeasonLevel, type SeasonRates } from '@sweepstack/domain/seasons/season-progress';
import type { EconomyFeatureModel } from '@sweepstack/domain/rewards/economy-sim';
import type { Kysely } from 'kysely';
import { defineEconomy } from '../../platform/define-economy';

const DAY_MS = 86_400_000;

interface SimSeason {
  slug: string;
  days: number;
  rates: SeasonRates;
  levels: SeasonLevel[];
  premiumPackageId: string | null;
  note: string;
}

/** The reference season of content/seasons/season.json (`example`), when the database holds none. */
function exampleSeason(): SimSeason | null {
  const text = readContentText(CONTENT_DIR, 'seasons/season.json');
  if (text === undefined) return null;
  const example = (parseContentJson(text, 'seasons/season.json') as { example?: { days: number; rates: SeasonRates; levels: { points: number; freePrize: Prize; premiumPrize: Prize | null }[] } }).example;
  if (!example) return null;
  return { slug: 'example', days: example.days, rates: example.rates, levels: checkSeasonLevels(example.levels, true), premiumPackageId: SEASON_PASS_PACKAGE, note: ', the reference season of content/seasons/season.json' };
}

async function seasonToSimulate(db: Kysely<Database>): Promise<SimSeason | null> {
  const season = await defaultSeason(db);
  if (!season) return exampleSeason();
  return { slug: season.slug, days: Math.max(1, Math.ceil((season.endsAtMs - season.startsAtMs) / DAY_MS)), rates: season.rates, levels: season.levels, premiumPackageId: season.premiumPackageId, note: `, ${season.status}` };
}

/**
 * Season prizes (docs/features/seasons.md): the default season (running, else the next, else the last),
 * or the reference season when the database has none, climbed with the stated play and purchases.
 */
export default defineEconomy<'season-wager-gc' | 'season-wager-fc' | 'season-purchase-chance' | 'season-pass-chance'>({
  feature: 'seasons',
  options: {
    'season-wager-gc': { default: 20_000, min: 0, max: 100_000_000, help: 'mean Gold Coins an active player wagers a day (exponentially distributed)' },
    'season-wager-fc': { default: 5, min: 0, max: 1_000_000, help: 'mean Fortune Coins an active player wagers a day (exponentially distributed)' },
    'season-purchase-chance': { default: 0.05, min: 0, max: 1, help: 'chance that an active player buys a $9.99 package that day' },
    'season-pass-chance': { default: 0.02, min: 0, max: 1, help: 'chance that an active player without the season pass buys it that day' },
  },
  async models({ db, budgetOf, option, freeSpinStake }) {
    const season = await seasonToSimulate(db);
    if (!season) return [];
    const passPriceCents = season.premiumPackageId === null ? 0 : ((await packagePriceCents(db, season.premiumPackageId)) ?? 999);
    return [
      seasonEconomyModel({
        slug: season.slug,
        days: season.days,
        rates: season.rates,
        levels: season.levels,
        hasPremium: season.premiumPackageId !== null,
        passPriceCents,
        budget: await budgetOf('seasons'),
        freeSpinStake,
        wagerGc: option('season-wager-gc'),
        wagerFcCents: Math.round(option('season-wager-fc') * 100),
        purchaseChance: option('season-purchase-chance'),
        purchaseCents: 999,
        passChance: option('season-pass-chance'),
        note: season.note,
      }) as EconomyFeatureModel,
    ];
  },
});
