import { describe, expect, it } from 'vitest';
import { applyRound, compareStandings, qualifies, rankTeams, spinPoints, teamScore, teamToJoin, publicProfileName, type ScoredRound, type Standing, type TournamentWindow } from './scoring';
import { paidPlaces, runTimes, statusAt } from './lifecycle';

const window: TournamentWindow = { currency: 'GC', gamesIds: [1, 2], startMs: 1000, endMs: 2000, rules: { minBet: 100, spinsLimit: 3, capPerSpin: 5000, teamTopMembers: 0 } };
const round = (over: Partial<ScoredRound> = {}): ScoredRound => ({ gameId: 1, currency: 'GC', stake: 100, win: 250, bought: false, playedAtMs: 1500, ...over });
const empty: Standing = { points: 0, roundsPlayed: 0, reachedSeq: 0 };

describe('tournament scoring', () => {
  it('counts paid spins in the currency, on the games, in the window, at or above the minimum bet; never a purchase', () => {
    expect(qualifies(window, round())).toBe(true);
    expect(qualifies(window, round({ bought: true }))).toBe(false);
    expect(qualifies(window, round({ currency: 'FC' }))).toBe(false);
    expect(qualifies(window, round({ gameId: 3 }))).toBe(false);
    expect(qualifies(window, round({ stake: 99 }))).toBe(false);
    expect(qualifies(window, round({ stake: 0 }))).toBe(false);
    expect(qualifies(window, round({ playedAtMs: 999 }))).toBe(false);
    expect(qualifies(window, round({ playedAtMs: 2000 }))).toBe(false);
    expect(qualifies(window, round({ playedAtMs: 1000 }))).toBe(true);
  });

  it('scores win ÷ bet × 100 rounded down, capped per spin', () => {
    expect(spinPoints(window.rules, { stake: 100, win: 250 })).toBe(250);
    expect(spinPoints(window.rules, { stake: 300, win: 100 })).toBe(33);
    expect(spinPoints(window.rules, { stake: 100, win: 0 })).toBe(0);
    expect(spinPoints(window.rules, { stake: 100, win: 1_000_000 })).toBe(5000);
  });

  it('counts only the first N qualifying spins, and keeps the moment a score was reached', () => {
    let s = empty;
    const seqs: number[] = [];
    for (const [i, win] of [200, 0, 100, 900].entries()) {
      const next = applyRound(window, s, round({ win }), 10 + i);
      if (next) s = next.standing;
      seqs.push(s.reachedSeq);
    }
    expect(s).toEqual({ points: 300, roundsPlayed: 3, reachedSeq: 12 });
    // A spin that wins nothing does not move the moment the score was reached.
    expect(seqs).toEqual([10, 10, 12, 12]);
  });

  it('breaks ties by who reached the score first', () => {
    const list = [{ points: 5, reachedSeq: 9 }, { points: 7, reachedSeq: 20 }, { points: 5, reachedSeq: 3 }];
    expect(list.sort(compareStandings)).toEqual([{ points: 7, reachedSeq: 20 }, { points: 5, reachedSeq: 3 }, { points: 5, reachedSeq: 9 }]);
    expect(paidPlaces([{ points: 3 }, { points: 0 }], 5)).toEqual([{ points: 3 }]);
  });

  it('scores a team by its best M members, and puts a new member in the smallest team', () => {
    expect(teamScore([5, 1, 9, 3], 2)).toBe(14);
    const ranked = rankTeams([1, 2, 3], [{ teamId: 1, points: 10, reachedSeq: 5 }, { teamId: 1, points: 1, reachedSeq: 1 }, { teamId: 2, points: 6, reachedSeq: 2 }, { teamId: 2, points: 5, reachedSeq: 3 }], 2);
    // Both score 11; team 2's counted score was complete at sequence 3, team 1's at 5.
    expect(ranked.map((t) => [t.teamId, t.points])).toEqual([[2, 11], [1, 11], [3, 0]]);
    expect(teamToJoin([{ teamId: 1, members: 2 }, { teamId: 2, members: 1 }, { teamId: 3, members: 1 }])).toBe(2);
  });

  it('goes announced → open → running → finished by its times', () => {
    const times = runTimes(10_000, { durationMs: 5000, openLeadMs: 2000, announceLeadMs: 4000 });
    expect([5000, 6000, 8000, 10_000, 15_000].map((t) => statusAt(times, t))).toEqual(['announced', 'announced', 'open', 'running', 'finished']);
    expect(publicProfileName('Marina')).toBe('Ma***');
  });
});
