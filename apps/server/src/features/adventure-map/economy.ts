import { adventureMapSections, adventureMapSettings } from '@sweepstack/db/adventure-map/repository';
import { adventureMapEconomyModel } from '@sweepstack/domain/adventure-map/economy-model';
import type { EconomyFeatureModel } from '@sweepstack/domain/rewards/economy-sim';
import { defineEconomy } from '../../platform/define-economy';

const DAY_MS = 86_400_000;

/** Adventure map awards (docs/features/adventure-map.md): the configured map and its rates. */
export default defineEconomy<'map-rounds' | 'map-tasks'>({
  feature: 'adventure-map',
  options: {
    'map-rounds': { default: 60, min: 0, max: 10_000, help: 'rounds a player who comes plays that day (adventure map points)' },
    'map-tasks': { default: 1, min: 0, max: 100, help: 'quest tasks a player who comes completes that day (adventure map points)' },
  },
  async models({ db, budgetOf, option }) {
    const settings = await adventureMapSettings(db);
    if (!settings?.active) return [];
    return [
      adventureMapEconomyModel({
        slug: settings.slug,
        sections: await adventureMapSections(db),
        pointsPerRound: settings.pointsPerRound,
        pointsPerTask: settings.pointsPerTask,
        days: Math.ceil((settings.endsAtMs - settings.startsAtMs) / DAY_MS),
        roundsPerDay: option('map-rounds'),
        tasksPerDay: option('map-tasks'),
        budget: await budgetOf('adventure-map'),
      }) as EconomyFeatureModel,
    ];
  },
});
