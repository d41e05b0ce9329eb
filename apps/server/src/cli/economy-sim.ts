// `npm run economy:sim [-- --players 10000 --days 60 --active 0.5 --seed 1]` (`-- --help` lists every
// feature's options): simulates a population of players over many days with the configured database's prize tables and budgets (docs/rewards.md,
// "Economy simulation") and prints, per feature and currency, the expected and 99th-percentile cost
// per active player per day and the daily totals against each budget. Exits 1 when a simulated day
// passed a budget (the budget can be exceeded: fallback prizes or refused claims would follow).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '@sweepstack/db/connection';
import { rewardBudget } from '@sweepstack/db/rewards/repository';
import type { FreeSpinStake } from '@sweepstack/domain/rewards/budget';
import { seededSimRandom, simulateEconomy, type EconomyFeatureModel, type FeatureFigures } from '@sweepstack/domain/rewards/economy-sim';
import { isThemeId } from '@sweepstack/contracts/themes';
import { findGame } from '@sweepstack/games/catalogue/games';
import type { EconomyDefinition, EconomyOption } from '../platform/define-economy';
import { FEATURES_DIR } from '../platform/load-features';

/** Every feature's `economy.ts` (features/<feature>/economy.ts), by folder order. */
async function loadEconomies(): Promise<EconomyDefinition[]> {
  const files = readdirSync(FEATURES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(FEATURES_DIR, entry.name, 'economy.ts'))
    .filter((file) => existsSync(file))
    .sort();
  const economies: EconomyDefinition[] = [];
  for (const file of files) {
    const definition = ((await import(pathToFileURL(file).href)) as { default?: EconomyDefinition }).default;
    if (!definition || typeof definition.models !== 'function') throw new Error(`${path.relative(FEATURES_DIR, file)} must default-export defineEconomy({...})`);
    const folder = path.basename(path.dirname(file));
    if (definition.feature !== folder) throw new Error(`${folder}/economy.ts names feature ${definition.feature}: it must be its folder's name`);
    economies.push(definition);
  }
  return economies;
}

const economies = await loadEconomies();
const general: Record<string, EconomyOption> = {
  players: { default: 10_000, min: 1, max: 1_000_000, help: 'players in the population' },
  days: { default: 60, min: 1, max: 3650, help: 'days simulated' },
  active: { default: 0.5, min: 0, max: 1, help: 'chance that a player comes on a given day' },
  seed: { default: 1, min: 0, max: 2 ** 31, help: 'seed of the simulation (same seed, same run)' },
};
const optionOwners = new Map<string, string>(Object.keys(general).map((name) => [name, 'economy:sim']));
const allOptions: Record<string, EconomyOption> = { ...general };
for (const economy of economies) {
  for (const [name, option] of Object.entries<EconomyOption>(economy.options ?? {})) {
    const owner = optionOwners.get(name);
    if (owner) throw new Error(`economy option --${name} of ${economy.feature} is already ${owner}'s`);
    optionOwners.set(name, economy.feature);
    allOptions[name] = option;
  }
}

const { values } = parseArgs({
  options: { help: { type: 'boolean' }, ...Object.fromEntries(Object.keys(allOptions).map((name) => [name, { type: 'string' as const }])) },
});
if (values.help) {
  const lines = Object.entries(allOptions).map(([name, o]) => `  --${name} <${o.min}..${o.max}>  ${o.help} (${optionOwners.get(name)}; default ${o.default})`);
  process.stdout.write(`npm run economy:sim -- [options]\n${lines.join('\n')}\n`);
  process.exit(0);
}

function number(name: string): number {
  const option = allOptions[name];
  if (!option) throw new Error(`unknown economy option ${name}`);
  const given = (values as Record<string, string | boolean | undefined>)[name];
  const value = typeof given === 'string' ? Number(given) : option.default;
  if (!Number.isFinite(value) || value < option.min || value > option.max) {
    process.stderr.write(`--${name} must be a number from ${option.min} to ${option.max}\n`);
    process.exit(2);
  }
  return value;
}

const behaviour = { players: Math.trunc(number('players')), days: Math.trunc(number('days')), dailyActiveChance: number('active') };


const url = process.env.DATABASE_URL || 'sqlite:data/sweepstack.db';
// The server's theme (its default when unset): it decides which extended wheel is drawn.
const theme = isThemeId(process.env.THEME) ? process.env.THEME : 'nlc';
const handle = openDatabase(url, { poolSize: 2 });
try {
  const db = handle.db;
  const games = await db.selectFrom('games').select(['id', 'slug']).execute();
  const slugOf = new Map(games.map((g) => [Number(g.id), g.slug]));
  // A free spin costs the game's bet step at the prize's bet level (docs/rewards.md, daily budgets).
  const freeSpinStake: FreeSpinStake = (prize) => {
    const steps = findGame(slugOf.get(prize.gameId) ?? '')?.bets[prize.currency].steps ?? [];
    return steps[prize.betLevel - 1] ?? steps.at(-1) ?? 0;
  };
  const budgetOf = async (feature: string) => (await rewardBudget(db, feature, '')).budget;

  const models: EconomyFeatureModel[] = [];
  for (const economy of economies) {
    models.push(...(await economy.models({ db, theme, freeSpinStake, budgetOf, option: number })));
  }
  if (models.length === 0) {
    process.stdout.write('economy:sim: no active feature with prizes in this database (run npm run db:seed)\n');
  } else {
    const figures = simulateEconomy(models, behaviour, seededSimRandom(Math.trunc(number('seed'))));
    process.stdout.write(report(figures));
    if (figures.some((f) => f.gc.exceeded || f.fcCents.exceeded)) process.exitCode = 1;
  }
} catch (error) {
  process.stderr.write(`economy:sim could not run: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
} finally {
  await handle.close();
}

function report(figures: FeatureFigures[]): string {
  const gc = (n: number) => `${Math.round(n).toLocaleString('en-US')} GC`;
  const fc = (cents: number) => `${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} FC`;
  const lines = [`economy:sim: ${behaviour.players} players, ${behaviour.days} days, each comes on a day with probability ${behaviour.dailyActiveChance}`];
  for (const feature of figures) {
    lines.push('', `${feature.feature}: ${feature.behaviour}`);
    for (const [name, f, fmt] of [['Gold Coins', feature.gc, gc], ['Fortune Coins', feature.fcCents, fc]] as const) {
      const budget = f.budget === null ? 'no budget' : `budget ${fmt(f.budget)}/day`;
      const verdict = f.budget === null ? '' : f.exceeded ? '  EXCEEDED' : `  ok (largest day ${((f.maxDailyTotal / Math.max(1, f.budget)) * 100).toFixed(1)}% of budget)`;
      lines.push(`  ${name}: per active player per day mean ${fmt(f.meanPerActivePlayerDay)}, p99 ${fmt(f.p99PerActivePlayerDay)}; daily total mean ${fmt(f.meanDailyTotal)}, largest ${fmt(f.maxDailyTotal)}; ${budget}${verdict}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
