// `npm run economy:sim [-- --players 10000 --days 60 --active 0.5 --seed 1]`: simulates a population
// of players over many days with the configured database's prize tables and budgets (docs/rewards.md,
// "Economy simulation") and prints, per feature and currency, the expected and 99th-percentile cost
// per active player per day and the daily totals against each budget. Exits 1 when a simulated day
// passed a budget (the budget can be exceeded: fallback prizes or refused claims would follow).
import { parseArgs } from 'node:util';
import { openDatabase } from '@sweepstack/db/connection';
import { currentLadder } from '@sweepstack/db/daily-login/repository';
import { currentPrizeTable, currentPrizeTables, rewardBudget } from '@sweepstack/db/rewards/repository';
import { dailyLoginEconomyModel } from '@sweepstack/domain/daily-login/economy-model';
import type { FreeSpinStake } from '@sweepstack/domain/rewards/budget';
import { simulateEconomy, type EconomyFeatureModel, type FeatureFigures, type SimRandom } from '@sweepstack/domain/rewards/economy-sim';
import type { PrizeTable } from '@sweepstack/domain/rewards/prize-table';
import { hasCapability, isThemeId } from '@sweepstack/contracts/themes';
import { wheelEconomyModel } from '@sweepstack/domain/wheel-of-treasure/economy-model';
import { findGame } from '@sweepstack/games/catalogue/games';

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '10000' },
    days: { type: 'string', default: '60' },
    active: { type: 'string', default: '0.5' },
    seed: { type: 'string', default: '1' },
    'claim-chance': { type: 'string', default: '0.9' },
    'spin-chance': { type: 'string', default: '0.9' },
    'booster-chance': { type: 'string', default: '0.3' },
    'extra-chance': { type: 'string', default: '0.05' },
  },
});

function number(name: keyof typeof values, min: number, max: number): number {
  const value = Number(values[name]);
  if (!Number.isFinite(value) || value < min || value > max) {
    process.stderr.write(`--${name} must be a number from ${min} to ${max}\n`);
    process.exit(2);
  }
  return value;
}

const behaviour = { players: Math.trunc(number('players', 1, 1_000_000)), days: Math.trunc(number('days', 1, 3650)), dailyActiveChance: number('active', 0, 1) };

/** sfc32 seeded from one integer: the same run for the same seed. */
function seededRandom(seed: number): SimRandom {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const word = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i += 1) word();
  return {
    float: () => word() / 4_294_967_296,
    int(n) {
      const limit = 4_294_967_296 - (4_294_967_296 % n);
      for (;;) {
        const w = word();
        if (w < limit) return w % n;
      }
    },
  };
}

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
  const ladder = await currentLadder(db);
  if (ladder?.active) {
    models.push(dailyLoginEconomyModel({ levels: ladder.levels, rules: ladder.rules, budget: await budgetOf('daily-login'), claimChance: number('claim-chance', 0, 1), freeSpinStake }) as EconomyFeatureModel);
  }
  const wheelDaily = await currentPrizeTable(db, 'wheel-of-treasure-daily');
  if (wheelDaily) {
    // The wheel of treasure's tables: daily, booster, extra and any lootbox (docs/features/wheel-of-treasure.md).
    {
      const tables = new Map<string, PrizeTable>((await currentPrizeTables(db, 'wheel-of-treasure')).map((t) => [t.slug, t]));
      models.push(
        wheelEconomyModel({
          daily: wheelDaily,
          booster: tables.get('wheel-of-treasure-booster'),
          // The extended wheel this deployment draws: with the treasure chest in lootbox themes (spec §5).
          extra: tables.get(hasCapability(theme, 'lootboxes') ? 'wheel-of-treasure-extra-lootbox' : 'wheel-of-treasure-extra'),
          tables,
          budget: await budgetOf('wheel-of-treasure'),
          spinChance: number('spin-chance', 0, 1),
          boosterChance: number('booster-chance', 0, 1),
          extraChance: number('extra-chance', 0, 1),
          freeSpinStake,
        }) as EconomyFeatureModel,
      );
    }
  }
  if (models.length === 0) {
    process.stdout.write('economy:sim: no active feature with prizes in this database (run npm run db:seed)\n');
  } else {
    const figures = simulateEconomy(models, behaviour, seededRandom(Math.trunc(number('seed', 0, 2 ** 31))));
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
