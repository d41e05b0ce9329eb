/**
 * The published scoring rule of tournaments (docs/features/tournaments.md): a qualifying spin is a
 * paid spin (not a bonus buy: purchases never earn points) in the tournament's currency, on one of
 * its games, played between its start and its end, with a stake at or above the minimum bet. It
 * earns win ÷ bet × 100 points (whole, rounded down), at most `capPerSpin`. Only the player's first
 * `spinsLimit` qualifying spins count. Ties go to whoever reached the score first.
 */

export interface ScoringRules {
  minBet: number;
  spinsLimit: number;
  capPerSpin: number;
  teamTopMembers: number;
}

export interface TournamentWindow {
  currency: 'GC' | 'FC';
  gamesIds: readonly number[];
  startMs: number;
  endMs: number;
  rules: ScoringRules;
}

export interface ScoredRound {
  gameId: number;
  currency: 'GC' | 'FC';
  /** What the spin took from the balance (0 for a free spin of a game feature or a free-spin grant). */
  stake: number;
  win: number;
  /** A bonus buy: a purchase, never scored. */
  bought: boolean;
  playedAtMs: number;
}

/** Whether a round counts for the tournament at all (before the spins limit). */
export function qualifies(window: TournamentWindow, round: ScoredRound): boolean {
  return (
    !round.bought &&
    round.currency === window.currency &&
    round.playedAtMs >= window.startMs &&
    round.playedAtMs < window.endMs &&
    round.stake >= window.rules.minBet &&
    window.gamesIds.includes(round.gameId)
  );
}

/** The points one qualifying spin earns: floor(win × 100 ÷ stake), capped. */
export function spinPoints(rules: ScoringRules, round: Pick<ScoredRound, 'stake' | 'win'>): number {
  if (round.stake <= 0) throw new Error('spinPoints: a qualifying spin has a stake');
  return Math.min(rules.capPerSpin, Math.floor((round.win * 100) / round.stake));
}

export interface Standing {
  points: number;
  roundsPlayed: number;
  /** Order in which the current score was reached (smaller: earlier). */
  reachedSeq: number;
}

/**
 * A player's standing after one more round (`seq`: its place in play order, increasing). A round
 * past the spins limit or not qualifying changes nothing (answers null). The score's reached
 * sequence moves only when the points change, so a tie keeps the earlier player ahead.
 */
export function applyRound(window: TournamentWindow, standing: Standing, round: ScoredRound, seq: number): { standing: Standing; points: number } | null {
  if (!qualifies(window, round) || standing.roundsPlayed >= window.rules.spinsLimit) return null;
  const points = spinPoints(window.rules, round);
  const moved = points > 0 || standing.roundsPlayed === 0;
  return { standing: { points: standing.points + points, roundsPlayed: standing.roundsPlayed + 1, reachedSeq: moved ? seq : standing.reachedSeq }, points };
}

/** Standings order: more points first; equal points, who reached them first. */
export function compareStandings(a: Pick<Standing, 'points' | 'reachedSeq'>, b: Pick<Standing, 'points' | 'reachedSeq'>): number {
  return b.points - a.points || a.reachedSeq - b.reachedSeq;
}

/** A team's score: the sum of its best `topMembers` members' points. */
export function teamScore(memberPoints: readonly number[], topMembers: number): number {
  return [...memberPoints].sort((a, b) => b - a).slice(0, topMembers).reduce((sum, p) => sum + p, 0);
}

export interface TeamStanding {
  teamId: number;
  points: number;
  /** When the team's counted score was last reached (the latest reached sequence among its counted members). */
  reachedSeq: number;
}

/**
 * Ranks teams: by score, then by who reached it first (the moment the last counted member's score
 * was reached), then by team id. Members are `{ teamId, points, reachedSeq }`; teams without members score 0.
 */
export function rankTeams(teamIds: readonly number[], members: readonly { teamId: number; points: number; reachedSeq: number }[], topMembers: number): TeamStanding[] {
  const byTeam = new Map<number, { points: number; reachedSeq: number }[]>(teamIds.map((id) => [id, []]));
  for (const m of members) byTeam.get(m.teamId)?.push(m);
  const standings = [...byTeam].map(([teamId, list]) => {
    const counted = [...list].sort(compareStandings).slice(0, topMembers);
    return { teamId, points: counted.reduce((s, m) => s + m.points, 0), reachedSeq: counted.reduce((s, m) => Math.max(s, m.reachedSeq), 0) };
  });
  return standings.sort((a, b) => b.points - a.points || (a.points === 0 ? 0 : a.reachedSeq - b.reachedSeq) || a.teamId - b.teamId);
}

/** The team a new member joins: the one with fewest members (the lowest id among equals), so teams stay balanced. */
export function teamToJoin(teams: readonly { teamId: number; members: number }[]): number {
  if (teams.length === 0) throw new Error('teamToJoin: a team tournament has teams');
  return [...teams].sort((a, b) => a.members - b.members || a.teamId - b.teamId)[0]!.teamId;
}

/** The currency a tournament counts (spec §3 betsOn). */
export function currencyOfBetsOn(betsOn: 'entries' | 'tournaments_points'): 'GC' | 'FC' {
  return betsOn === 'entries' ? 'FC' : 'GC';
}

/** Shows a display name to other players: its first two characters, then stars. */
export function publicProfileName(login: string): string {
  const chars = [...login.trim()];
  return `${chars.slice(0, 2).join('')}***`;
}
