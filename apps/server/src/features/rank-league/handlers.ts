import { GameRoundPlayed } from '@sweepstack/contracts/games/events';
import { RankLeagueDailyWheelPrizePaid } from '@sweepstack/contracts/rank-league/events';
import { WheelOfTreasureSpun } from '@sweepstack/contracts/wheel-of-treasure/events';
import { addLeagueExperienceOfMany, addPeriodPlay, leagueEnabled, leaguePlayerOf, leagueVersionAt, RANK_LEAGUE_FEATURE, type PeriodPlay } from '@sweepstack/db/rank-league/repository';
import { readOperatorTimeZone } from '@sweepstack/db/rewards/operator-time-zone';
import { periodOf, type LeaguePeriod } from '@sweepstack/domain/rank-league/period';
import { experienceMilliOf, progressOf } from '@sweepstack/domain/rank-league/rules';
import type { On, OnBatch } from '../../events/registry';
import { CLOSE_PERIOD_JOB, EARN_EXPERIENCE_HANDLER } from './period-jobs';
import { settleProgressOfMany } from './progress';

/**
 * The league's reactions: rounds played earn experience at the published rate and count toward the
 * week's cashback (one transaction per batch of rounds, whatever their number, and one statement per
 * table for all of its players, so spins stay fast);
 * a daily wheel-of-treasure spin pays the section's daily wheel prize beside it. Purchases earn nothing.
 */
export function leagueHandlers({ on, onBatch }: { on: On; onBatch: OnBatch }): void {
  onBatch(GameRoundPlayed, async function earnExperience(events, { trx, clock, scheduleJob }) {
    const nowMs = clock.nowMs();
    const version = await leagueVersionAt(trx, nowMs);
    if (!version || !(await leagueEnabled(trx))) return;
    const timeZone = await readOperatorTimeZone(trx);
    // Sum stakes and wins per player and week first: experience is computed once per sum.
    const plays = new Map<string, PeriodPlay & { gcStaked: number; fcStaked: number }>();
    const periods = new Map<string, number>();
    // A batch's rounds almost always fall in one week: its bounds are computed once, not per round.
    let last: LeaguePeriod | undefined;
    for (const event of events) {
      if (event.playerId === null) continue;
      const period = last && event.createdAtMs >= last.startMs && event.createdAtMs < last.endMs ? last : (last = periodOf(event.createdAtMs, timeZone));
      periods.set(period.key, period.endMs);
      const key = `${event.playerId}:${period.key}`;
      const play = plays.get(key) ?? { playerId: event.playerId, periodKey: period.key, gcWagered: 0, gcWon: 0, fcWagered: 0, fcWon: 0, experienceMilli: 0, gcStaked: 0, fcStaked: 0 };
      const { currency, stake, win } = event.payload;
      if (currency === 'GC') {
        play.gcWagered += stake;
        play.gcWon += win;
      } else {
        play.fcWagered += stake;
        play.fcWon += win;
      }
      plays.set(key, play);
    }
    if (plays.size === 0) return;
    const gained = new Map<number, number>();
    for (const play of plays.values()) {
      play.experienceMilli = experienceMilliOf(version.rules, 'GC', play.gcWagered) + experienceMilliOf(version.rules, 'FC', play.fcWagered);
      gained.set(play.playerId, (gained.get(play.playerId) ?? 0) + play.experienceMilli);
    }
    await addPeriodPlay(trx, [...plays.values()], nowMs);
    // Each week with play is closed by a durable job at its end (unique per week: scheduled once).
    for (const [periodKey, endMs] of periods) await scheduleJob(CLOSE_PERIOD_JOB, `period:${periodKey}`, endMs, { periodKey });
    for (const [playerId, experienceMilli] of gained) if (experienceMilli === 0) gained.delete(playerId);
    if (gained.size === 0) return;
    const rows = await addLeagueExperienceOfMany(trx, gained, nowMs);
    await settleProgressOfMany(trx, version.rules, [...rows.values()], gained, clock);
  }, { name: EARN_EXPERIENCE_HANDLER });

  on(WheelOfTreasureSpun, async function payDailyWheelPrize(event, { trx, clock, recordPush, creditPlayer }) {
    if (event.playerId === null || event.payload.kind !== 'daily') return;
    const nowMs = clock.nowMs();
    const version = await leagueVersionAt(trx, nowMs);
    if (!version || !(await leagueEnabled(trx))) return;
    const row = await leaguePlayerOf(trx, event.playerId);
    const { section } = progressOf(version.rules, Math.floor(row.experienceMilli / 1000), row.level);
    const prize = version.rules.sections[section - 1]!.dailyWheelPrize;
    if (!prize) return;
    const credit = await creditPlayer({ playerId: event.playerId, feature: RANK_LEAGUE_FEATURE, prize, idempotencyKey: `rank-league:wheel:${event.playerId}:${event.payload.drawId}`, metadata: { section, drawId: event.payload.drawId } });
    if (credit.replayed) return;
    await recordPush({ eventType: RankLeagueDailyWheelPrizePaid.name, playerId: event.playerId, payload: { drawId: event.payload.drawId, section }, push: { type: 'rankLeague', action: 'daily wheel prize', data: { section, prize } } });
  });
}
