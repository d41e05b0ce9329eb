import { RankLeagueCashbackCalculated, RankLeagueCashbackSettled, RankLeagueDemoted } from '@sweepstack/contracts/rank-league/events';
import { scheduleJob } from '@sweepstack/db/jobs/repository';
import {
  availableCashbackPage,
  insertCashback,
  leaguePlayerOf,
  leagueVersionAt,
  markPeriodClosed,
  uncountedRoundsIn,
  periodPlayOf,
  periodPlayPage,
  playersAboveFirstSection,
  RANK_LEAGUE_FEATURE,
  refreshLeagueStatus,
  setLeaguePosition,
  settleCashback,
  type CashbackRow,
} from '@sweepstack/db/rank-league/repository';
import { readOperatorTimeZone } from '@sweepstack/db/rewards/operator-time-zone';
import type { Database } from '@sweepstack/db/schema';
import { cashbackOf } from '@sweepstack/domain/rank-league/cashback';
import { periodByKey, periodOf } from '@sweepstack/domain/rank-league/period';
import { demotedExperience, progressOf } from '@sweepstack/domain/rank-league/rules';
import type { Prize } from '@sweepstack/domain/rewards/prize';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { defineJob } from '../../jobs/registry';
import { recordPush } from '../../realtime/push';
import { creditPlayer } from '../../rewards/credit-player';
import { writeLeagueState } from './progress';
import { coinsPrize, leagueSliceOf } from './views';

export const CLOSE_PERIOD_JOB = 'rank-league.close-period';
/** The name (and receipts' key) of the handler that counts rounds toward a week: the name the feature loader gave it before it was set here. */
export const EARN_EXPERIENCE_HANDLER = 'rank-league:game.round-played:earnExperience';
export const EXPIRE_CASHBACK_JOB = 'rank-league.expire-cashback';

const ZPeriodPayload = z.strictObject({ periodKey: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
const PAGE = 500;
const DAY_MS = 86_400_000;

/** The idempotency key of a player's cashback of a period: the claim and the automatic credit share it, so only one can pay. */
export function cashbackKey(playerId: number, periodKey: string): string {
  return `rank-league:cashback:${playerId}:${periodKey}`;
}

/** A cashback row as a prize of the rewards engine. */
export function cashbackPrize(row: Pick<CashbackRow, 'goldCoins' | 'fortuneCents'>): Prize {
  if (row.fortuneCents === 0) return { kind: 'gold_coins', amount: row.goldCoins };
  if (row.goldCoins === 0) return { kind: 'fortune_coins', amountCents: row.fortuneCents };
  return { kind: 'coins', amount: row.goldCoins, amountCents: row.fortuneCents };
}

/** A week's close found rounds of the week not counted yet: the job retries (nothing was written). */
export class WeekNotCountedError extends Error {
  constructor(periodKey: string, rounds: number) {
    super(`rank league week ${periodKey}: ${rounds} rounds played before its end are not counted yet; the close retries`);
  }
}

/**
 * The end of a week (in the job's transaction, with its done mark): each player's cashback from the
 * week's play at their section's rate, demotions (at most one section, for players who did not earn
 * the section's keep experience in a week they started in it), the window's expiry job and the next
 * week's close (so weeks without play are closed too). A week closes once (its row).
 */
export async function closePeriod(trx: Transaction<Database>, periodKey: string, clock: Clock): Promise<{ cashbacks: number; demoted: number }> {
  const nowMs = clock.nowMs();
  const timeZone = await readOperatorTimeZone(trx);
  const period = periodByKey(periodKey, timeZone);
  // The rules of the week that ended: a change saved during it applies from the next week only.
  const version = await leagueVersionAt(trx, period.endMs - 1);
  // A round belongs to the week of its own time: one played just before the end whose handler has
  // not run yet (the outbox delivers it after its commit) must count before the week closes. Until
  // then the close fails and its job retries shortly (nothing written; tests: rank-league integration).
  const uncounted = await uncountedRoundsIn(trx, EARN_EXPERIENCE_HANDLER, period.startMs, period.endMs);
  if (uncounted > 0) throw new WeekNotCountedError(periodKey, uncounted);
  if (!version || !(await markPeriodClosed(trx, periodKey, version.id, nowMs))) return { cashbacks: 0, demoted: 0 };
  const rules = version.rules;
  const expiresAtMs = Math.max(nowMs, period.endMs) + rules.cashbackClaimDays * DAY_MS;
  let cashbacks = 0;
  for (let after = 0; ; ) {
    const page = await periodPlayPage(trx, periodKey, after, PAGE);
    for (const play of page) {
      after = play.playerId;
      const player = await leaguePlayerOf(trx, play.playerId);
      const section = progressOf(rules, Math.floor(player.experienceMilli / 1000), player.level).section;
      const rateBp = rules.sections[section - 1]!.cashbackBp;
      const goldCoins = cashbackOf({ wagered: play.gcWagered, won: play.gcWon }, rules.houseEdgeBp, rateBp);
      const fortuneCents = cashbackOf({ wagered: play.fcWagered, won: play.fcWon }, rules.houseEdgeBp, rateBp);
      if (goldCoins === 0 && fortuneCents === 0) continue;
      if (!(await insertCashback(trx, { playerId: play.playerId, periodKey, section, rateBp, goldCoins, fortuneCents, calculatedAtMs: nowMs, expiresAtMs }))) continue;
      cashbacks += 1;
      await recordPush(
        trx,
        { eventType: RankLeagueCashbackCalculated.name, playerId: play.playerId, payload: { periodKey, goldCoins, fortuneCents }, push: { type: 'rankLeague', action: 'cashback calculated', data: { periodKey, prize: coinsPrize(goldCoins, fortuneCents), expiresAt: new Date(expiresAtMs).toISOString() } } },
        { clock },
      );
    }
    if (page.length < PAGE) break;
  }
  let demoted = 0;
  for (let after = 0; ; ) {
    const page = await playersAboveFirstSection(trx, after, PAGE);
    for (const player of page) {
      after = player.playerId;
      const section = player.section;
      const keep = rules.sections[section - 1]?.keepExperience ?? 0;
      // Entered the section during the week (or later): kept this time.
      if (keep === 0 || player.sectionSinceMs >= period.startMs) continue;
      const earned = Math.floor((await periodPlayOf(trx, player.playerId, periodKey)).experienceMilli / 1000);
      if (earned >= keep) continue;
      const target = demotedExperience(rules, section);
      const experienceMilli = Math.min(player.experienceMilli, target.experience * 1000);
      await setLeaguePosition(trx, player.playerId, { level: target.level, section: section - 1, sectionChanged: true, experienceMilli }, nowMs);
      const state = { playerId: player.playerId, level: target.level, section: section - 1, experienceMilli };
      await writeLeagueState(trx, state, nowMs);
      await recordPush(trx, { eventType: RankLeagueDemoted.name, playerId: player.playerId, payload: { periodKey, fromSection: section, toSection: section - 1 }, push: { type: 'rankLeague', action: 'progressData', data: leagueSliceOf(rules, state) } }, { clock });
      demoted += 1;
    }
    if (page.length < PAGE) break;
  }
  if (cashbacks > 0) await scheduleJob(trx, EXPIRE_CASHBACK_JOB, `period:${periodKey}`, expiresAtMs, { periodKey }, { clock });
  const next = periodOf(period.endMs, timeZone);
  await scheduleJob(trx, CLOSE_PERIOD_JOB, `period:${next.key}`, next.endMs, { periodKey: next.key }, { clock });
  // The next week's rules (if saved) are in force from now: app init follows.
  await refreshLeagueStatus(trx, nowMs);
  return { cashbacks, demoted };
}

/**
 * The end of a week's claim window: every cashback of it still unclaimed is credited automatically
 * with a notice (nothing earned is lost, docs/rewards.md), under the same key a claim would have used.
 */
export async function expireCashback(trx: Transaction<Database>, periodKey: string, clock: Clock): Promise<number> {
  const nowMs = clock.nowMs();
  let credited = 0;
  for (;;) {
    const page = await availableCashbackPage(trx, periodKey, 0, PAGE);
    for (const waiting of page) {
      const row = await settleCashback(trx, waiting.playerId, 'expired', { nowMs, periodKey });
      if (!row) continue;
      await creditPlayer(trx, { playerId: row.playerId, feature: RANK_LEAGUE_FEATURE, prize: cashbackPrize(row), idempotencyKey: cashbackKey(row.playerId, periodKey), metadata: { periodKey, automatic: true }, notify: true }, { clock });
      await recordPush(
        trx,
        { eventType: RankLeagueCashbackSettled.name, playerId: row.playerId, payload: { periodKey, how: 'expired', goldCoins: row.goldCoins, fortuneCents: row.fortuneCents }, push: { type: 'rankLeague', action: 'cashback expired', data: { periodKey, prize: coinsPrize(row.goldCoins, row.fortuneCents), credited: true } } },
        { clock },
      );
      credited += 1;
    }
    if (page.length < PAGE) break;
  }
  return credited;
}

export const closePeriodJob = defineJob({
  kind: CLOSE_PERIOD_JOB,
  payload: ZPeriodPayload,
  // Waiting for the week's last rounds to be counted: retried every few seconds (about 20 minutes in all).
  maxAttempts: 25,
  backoff: (attempt) => Math.min(60_000, 2_000 * attempt),
  async run(job, { db, clock, log }) {
    const result = await closePeriod(db, job.payload.periodKey, clock);
    log.info({ periodKey: job.payload.periodKey, ...result }, 'rank league week closed');
  },
});

export const expireCashbackJob = defineJob({
  kind: EXPIRE_CASHBACK_JOB,
  payload: ZPeriodPayload,
  async run(job, { db, clock, log }) {
    const credited = await expireCashback(db, job.payload.periodKey, clock);
    log.info({ periodKey: job.payload.periodKey, credited }, 'rank league cashback window ended: unclaimed cashback credited');
  },
});
