import type { Kysely } from 'kysely';
import type { Database } from '@sweepstack/db/schema';
import type { ThemeId } from '@sweepstack/contracts/themes';
import type { DailyBudget, FreeSpinStake } from '@sweepstack/domain/rewards/budget';
import type { EconomyFeatureModel } from '@sweepstack/domain/rewards/economy-sim';

/** A behaviour figure a feature's model reads from the command line (`--<name> <value>`). */
export interface EconomyOption {
  /** The value assumed when the option is not given. */
  default: number;
  min: number;
  max: number;
  /** One line for `--help`: what the figure means. */
  help: string;
}

/** What `models` is given: the configured database, the deployment's theme and the shared helpers. */
export interface EconomyContext<Options extends string = string> {
  db: Kysely<Database>;
  /** The server's theme (THEME, default nlc): some features draw different tables per theme. */
  theme: ThemeId;
  /** What one free spin of a prize costs (the game's bet step at the prize's bet level). */
  freeSpinStake: FreeSpinStake;
  /** A feature's daily budget per currency from operator data. */
  budgetOf(feature: string): Promise<DailyBudget>;
  /** The value of one of this economy's options. */
  option(name: Options): number;
}

/**
 * A feature's part of `npm run economy:sim` (docs/rewards.md, "Economy simulation"): the file
 * `apps/server/src/features/<feature>/economy.ts` default-exports one, found by folder scan like
 * `feature.ts`. `models` answers the feature's models for what the database holds (none when the
 * feature is not running or has no prizes).
 */
export interface EconomyDefinition<Options extends string = string> {
  feature: string;
  /** Behaviour figures of this feature's models; names are global on the command line (unique). */
  options?: Record<Options, EconomyOption>;
  models(context: EconomyContext<Options>): Promise<EconomyFeatureModel[]>;
}

export function defineEconomy<Options extends string = never>(definition: EconomyDefinition<Options>): EconomyDefinition<Options> {
  return definition;
}
