import type { Tournament, TournamentPrize, TournamentRules, TournamentWinner } from '@sweepstack/contracts/tournaments/tournament';
import type { Database } from '@sweepstack/db/schema';
import { findEntry, loginsOf, teamMemberStandings, teamsOf, winnersOf, type RunRow } from '@sweepstack/db/tournaments/repository';
import { publicProfileName, rankTeams } from '@sweepstack/domain/tournaments/scoring';
import type { Kysely, Transaction } from 'kysely';
import type { StandingsStore } from './standings';

type Db = Kysely<Database> | Transaction<Database>;

export const FEATURE = 'tournaments';
/** How many leaders a running tournament shows (spec §9: the web shows a slice of 5 or 4). */
export const LEADERS_SHOWN = 5;

export const rulesOf = (run: Pick<RunRow, 'rules_json'>) => JSON.parse(run.rules_json) as TournamentRules;
export const prizesOf = (run: Pick<RunRow, 'prizes_json'>) => JSON.parse(run.prizes_json) as TournamentPrize[];
export const gamesOf = (run: Pick<RunRow, 'games_json'>) => JSON.parse(run.games_json) as number[];
export const runRef = (run: Pick<RunRow, 'id' | 'schedule_id'>) => ({ id: run.schedule_id, historyId: run.id });

/** The leaders of a running run as winners (status `running`), from the standings store. */
export async function leadersOf(db: Db, store: StandingsStore, run: RunRow, playerId: number | null, limit = LEADERS_SHOWN): Promise<{ winners: TournamentWinner[]; place: number }> {
  const read = await store.read(db, { id: run.id, endMs: Number(run.end_ms) }, playerId, limit);
  const logins = await loginsOf(db, read.top.map((e) => e.playerId));
  const winners = read.top.map((e, i) => {
    const who = logins.get(e.playerId);
    return { profile: publicProfileName(who?.login ?? ''), prizePlace: i + 1, points: e.points, uuid: who?.uuid ?? '', status: 'running' as const };
  });
  return { winners, place: read.place };
}

/** A run's title in `locale`: the Spanish title when the operator gave one, else the title. */
export function titleOf(run: Pick<RunRow, 'title' | 'title_es'>, locale: 'en' | 'es'): string {
  return locale === 'es' && run.title_es ? run.title_es : run.title;
}

/** A run's title for a push: English as `title`, and in each language (each tab picks its page's). */
export function pushTitlesOf(run: Pick<RunRow, 'title' | 'title_es'>): { title: string; titles: { en: string; es: string } } {
  return { title: run.title, titles: { en: titleOf(run, 'en'), es: titleOf(run, 'es') } };
}

/** A run as the spec's Tournament entity, for `playerId` (null: a guest), its title in `locale`. */
export async function tournamentView(db: Db, store: StandingsStore, run: RunRow, playerId: number | null, nowMs: number, locale: 'en' | 'es' = 'en'): Promise<Tournament> {
  const rules = rulesOf(run);
  const prizes = prizesOf(run);
  const entry = playerId === null ? undefined : await findEntry(db, run.id, playerId);
  const over = run.status === 'finished' || run.status === 'paid' || run.status === 'voided';
  let winners: TournamentWinner[];
  let place = 0;
  if (run.status === 'paid' || run.status === 'voided' || (run.status === 'finished' && (await winnersOf(db, run.id)).length > 0)) {
    const rows = await winnersOf(db, run.id);
    const logins = await loginsOf(db, rows.map((w) => w.player_id));
    winners = rows.map((w) => {
      const who = logins.get(w.player_id);
      return { profile: publicProfileName(who?.login ?? ''), prizePlace: w.place, points: Number(w.points), uuid: who?.uuid ?? '', status: w.status };
    });
    if (entry && entry.rounds_played > 0) place = (await store.read(db, { id: run.id, endMs: Number(run.end_ms) }, playerId, 0)).place;
  } else {
    const leaders = await leadersOf(db, store, run, playerId, Math.min(20, Math.max(LEADERS_SHOWN, prizes.length)));
    winners = over ? leaders.winners.map((w) => ({ ...w, status: 'pending' as const })) : leaders.winners;
    place = leaders.place;
  }
  let teamBasedTournament: Tournament['teamBasedTournament'] = null;
  if (run.team_based === 1) {
    const teams = await teamsOf(db, run.id);
    const ranked = rankTeams(teams.map((t) => t.teamId), await teamMemberStandings(db, run.id), rules.teamTopMembers);
    const placeOfTeam = new Map(ranked.map((t, i) => [t.teamId, { points: t.points, place: i + 1 }]));
    teamBasedTournament = {
      teams: teams.map((t) => ({ id: t.teamId, title: locale === 'es' && t.titleEs ? t.titleEs : t.title, points: placeOfTeam.get(t.teamId)!.points, place: placeOfTeam.get(t.teamId)!.place, members: t.members })).sort((a, b) => a.place - b.place),
      teamId: entry?.team_id ?? null,
    };
  }
  let playerData: Tournament['playerData'] = null;
  if (playerId !== null && entry) {
    const me = (await loginsOf(db, [playerId])).get(playerId);
    playerData = { roundsPlayed: entry.rounds_played, place, points: Number(entry.points), profile: publicProfileName(me?.login ?? ''), name: me?.login ?? '' };
  }
  return {
    ...runRef(run),
    title: titleOf(run, locale),
    start: Number(run.start_ms),
    end: Number(run.end_ms),
    isActive: run.status === 'running' && nowMs < Number(run.end_ms),
    isOpen: (run.status === 'open' || run.status === 'running') && nowMs < Number(run.end_ms),
    isSubscribed: entry !== undefined,
    gamesIds: gamesOf(run),
    teamBasedTournament,
    prizes,
    winners,
    betsOn: run.bets_on,
    playerData,
    status: run.status,
    rules,
  };
}
