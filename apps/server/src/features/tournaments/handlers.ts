import { GameRoundPlayed } from '@sweepstack/contracts/games/events';
import { TournamentPositionsDue, TournamentStandingChanged } from '@sweepstack/contracts/tournaments/events';
import { recordEvents, type NewDomainEvent } from '@sweepstack/db/repositories/domain-events';
import { entriesOf, findRun, loginsOf, scoringRuns, standingsUpdatedBetween, updateEntryStandings } from '@sweepstack/db/tournaments/repository';
import { applyRound, currencyOfBetsOn, type Standing, type TournamentWindow } from '@sweepstack/domain/tournaments/scoring';
import { publicProfileName } from '@sweepstack/domain/tournaments/scoring';
import type { OnBatch, On } from '../../events/registry';
import { pushEvent } from '../../realtime/push';
import { positionsJobOf } from './jobs';
import { JOB_POSITIONS } from './planner';
import type { StandingsStore, StandingUpdate } from './standings';
import { gamesOf, leadersOf, rulesOf, runRef } from './views';

declare module '../../events/registry' {
  interface TransactionServices {
    /** Where live tournament standings are mirrored and read (Redis when REDIS_URL is set, else the table). */
    tournamentStandings: StandingsStore;
  }
}

/**
 * Scores played rounds: one transaction per batch of rounds, whatever their number. For each run
 * whose window holds a round, each subscribed player's qualifying rounds are applied in play order
 * (the event id is the play sequence that breaks ties), the entries written (one prepared statement,
 * player by player), the standings store told (one Redis pipeline), and each player who scored gets
 * one `bet` push for the batch (all of them in one insert). The `positions` push (the leaders and the player's own
 * place) goes out at most once a second per run, after that second, to every player who scored in
 * it, with the standings as they are then: a job per run and second, whose event is handled below.
 */
export function tournamentHandlers({ on, onBatch }: { on: On; onBatch: OnBatch }): void {
  onBatch(GameRoundPlayed, async function scoreRounds(events, { trx, clock, scheduleJob, tournamentStandings }) {
    const played = events.filter((e) => e.playerId !== null && !e.payload.bought && e.payload.stake > 0);
    if (played.length === 0) return;
    const fromMs = Math.min(...played.map((e) => e.createdAtMs));
    const toMs = Math.max(...played.map((e) => e.createdAtMs));
    const runs = await scoringRuns(trx, fromMs, toMs);
    if (runs.length === 0) return;
    const players = [...new Set(played.map((e) => e.playerId!))];
    const entries = await entriesOf(trx, runs.map((r) => r.id), players);
    if (entries.length === 0) return;
    const nowMs = clock.nowMs();
    const ordered = [...played].sort((a, b) => a.id - b.id);
    for (const run of runs) {
      const window: TournamentWindow = { currency: currencyOfBetsOn(run.bets_on), gamesIds: gamesOf(run), startMs: Number(run.start_ms), endMs: Number(run.end_ms), rules: rulesOf(run) };
      const standings = new Map<number, Standing & { lastPoints: number; changed: boolean }>();
      for (const entry of entries) {
        if (entry.run_id !== run.id) continue;
        standings.set(entry.player_id, { points: Number(entry.points), roundsPlayed: entry.rounds_played, reachedSeq: Number(entry.reached_seq), lastPoints: 0, changed: false });
      }
      if (standings.size === 0) continue;
      for (const event of ordered) {
        const standing = standings.get(event.playerId!);
        if (!standing) continue;
        const { payload } = event;
        const next = applyRound(window, standing, { gameId: payload.gameId, currency: payload.currency, stake: payload.stake, win: payload.win, bought: payload.bought, playedAtMs: event.createdAtMs }, event.id);
        if (!next) continue;
        standings.set(event.playerId!, { ...next.standing, lastPoints: next.points, changed: true });
      }
      const updates: StandingUpdate[] = [];
      const written: { playerId: number; points: number; roundsPlayed: number; reachedSeq: number }[] = [];
      for (const [playerId, s] of standings) {
        if (!s.changed) continue;
        written.push({ playerId, points: s.points, roundsPlayed: s.roundsPlayed, reachedSeq: s.reachedSeq });
        updates.push({ playerId, points: s.points, reachedSeq: s.reachedSeq });
      }
      if (updates.length === 0) continue;
      await updateEntryStandings(trx, run.id, written, nowMs);
      await tournamentStandings.record(trx, { id: run.id, endMs: Number(run.end_ms) }, updates);
      const ref = runRef(run);
      const payload = { tournamentId: ref.id, historyId: ref.historyId };
      const pushes: NewDomainEvent[] = [];
      for (const update of updates) {
        const s = standings.get(update.playerId)!;
        pushes.push(pushEvent({ eventType: TournamentStandingChanged.name, playerId: update.playerId, payload, push: { type: 'tournament', action: 'bet', data: { ...ref, roundsPlayed: s.roundsPlayed, points: s.points, spinPoints: s.lastPoints } } }));
      }
      await recordEvents(trx, pushes, { clock });
      // The leaders and places go out once this second is over, to everyone who scored in it (one job a second per run, whatever the batches).
      const due = positionsJobOf(run.id, nowMs);
      await scheduleJob(JOB_POSITIONS, due.key, due.runAtMs, due.payload);
    }
  });

  on(TournamentPositionsDue, async function pushPositions(event, { trx, clock, tournamentStandings }) {
    const run = await findRun(trx, event.payload.historyId);
    if (!run) return;
    const changed = await standingsUpdatedBetween(trx, run.id, event.payload.fromMs, event.payload.toMs);
    if (changed.length === 0) return;
    const ref = runRef(run);
    const leaders = await leadersOf(trx, tournamentStandings, run, null);
    const places = await tournamentStandings.places(trx, { id: run.id, endMs: Number(run.end_ms) }, changed);
    const logins = await loginsOf(trx, changed.map((s) => s.playerId));
    const pushes = changed.map((s) => {
      const login = logins.get(s.playerId)?.login ?? '';
      return pushEvent({
        eventType: TournamentStandingChanged.name,
        playerId: s.playerId,
        payload: { tournamentId: ref.id, historyId: ref.historyId },
        push: { type: 'tournament', action: 'positions', data: { ...ref, winners: leaders.winners, playerData: { roundsPlayed: s.roundsPlayed, place: places.get(s.playerId) ?? 0, points: s.points, profile: publicProfileName(login), name: login } } },
      });
    });
    await recordEvents(trx, pushes, { clock });
  });
}
