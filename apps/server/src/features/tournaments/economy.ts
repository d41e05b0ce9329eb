import { listSchedules } from '@sweepstack/db/tournaments/repository';
import type { EconomyFeatureModel } from '@sweepstack/domain/rewards/economy-sim';
import { tournamentEconomyModel, type TournamentScheduleEconomy } from '@sweepstack/domain/tournaments/economy-model';
import { occurrencesBetween } from '../../jobs/cron';
import { defineEconomy } from '../../platform/define-economy';

const WEEK_MS = 7 * 86_400_000;

/**
 * Tournament prizes (docs/features/tournaments.md): every enabled schedule's prizes, at its runs per
 * day (a recurring schedule's occurrences over the next week ÷ 7; a one-off counts once over a week).
 */
export default defineEconomy<'tournament-join-chance' | 'tournament-field'>({
  feature: 'tournaments',
  options: {
    'tournament-join-chance': { default: 0.3, min: 0, max: 1, help: 'chance that a player who comes joins (and plays) each tournament run of the day' },
    'tournament-field': { default: 200, min: 1, max: 1_000_000, help: 'participants per tournament run (a joining player places uniformly among them)' },
  },
  async models({ db, budgetOf, option }) {
    const now = Date.now();
    const schedules: TournamentScheduleEconomy[] = [];
    for (const s of await listSchedules(db)) {
      if (s.enabled !== 1) continue;
      const runsPerDay = s.cron === null ? 1 / 7 : occurrencesBetween(s.cron, s.time_zone, now, now + WEEK_MS, 100_000).length / 7;
      const prizes = (JSON.parse(s.prizes_json) as { coins: number; entries: number }[]).map((p) => ({ gc: p.coins, fcCents: Math.round(p.entries * 100) }));
      const rules = JSON.parse(s.rules_json) as { teamTopMembers: number };
      schedules.push({ slug: s.slug, runsPerDay, prizes, payeesPerPlace: s.teams_json === null ? 1 : Math.max(1, rules.teamTopMembers) });
    }
    if (schedules.length === 0) return [];
    return [tournamentEconomyModel({ schedules, budget: await budgetOf('tournaments'), joinChance: option('tournament-join-chance'), field: option('tournament-field') }) as EconomyFeatureModel];
  },
});
