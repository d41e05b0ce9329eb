import { LotteryDrawn } from '@sweepstack/contracts/lottery/events';
import { drawById, drawTickets, insertDraw, insertReward, LOTTERY_FEATURE, markDrawn, openDraw, pendingRewardsOf, prizesOf, readLotterySettings, settleReward, type DrawRow } from '@sweepstack/db/lottery/repository';
import { readFeatureStatuses, writeFeatureStatus } from '@sweepstack/db/repositories/feature-state';
import { readOperatorTimeZone } from '@sweepstack/db/rewards/operator-time-zone';
import type { Database } from '@sweepstack/db/schema';
import { LOTTERY_TYPES, periodOf, pickWinners, ticketListText, type PublishedTicket } from '@sweepstack/domain/lottery/rules';
import type { Prize } from '@sweepstack/domain/rewards/prize';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Rng } from '@sweepstack/domain/shared/rng';
import { HmacRandomSource } from '@sweepstack/games/fairness/hmac-random';
import { sha256, toHex, utf8 } from '@sweepstack/games/fairness/sha256';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { defineJob, type ScheduleJob } from '../../jobs/registry';
import { recordPush } from '../../realtime/push';
import { creditPlayer } from '../../rewards/credit-player';

export const JOB_PLAN = 'lottery.plan';
export const JOB_DRAW = 'lottery.draw';
export const JOB_AUTO_CREDIT = 'lottery.auto-credit';
/** Days a winner has to take a reward before it is credited for them (nothing earned is lost). */
export const REWARD_DAYS = 7;

const sha256Hex = (text: string) => toHex(sha256(utf8(text)));

/** How a ticket's holder is published: a reference that says nothing of the account, stable within a draw. */
export function holderRef(draw: Pick<DrawRow, 'seed_hash'>, playerUuid: string): string {
  return sha256Hex(`${draw.seed_hash}:${playerUuid}`).slice(0, 12);
}

/**
 * Makes sure each enabled type has its draw for the current period: a secret seed from the app's Rng,
 * its SHA-256 published from the first ticket on, the prizes and rates in force fixed, and the draw
 * job scheduled at the close in the same transaction. Two nodes: the period's unique row decides.
 */
export async function ensureDraws(db: Kysely<Database> | Transaction<Database>, options: { nowMs: number; rng: Rng; scheduleJob: ScheduleJob }): Promise<void> {
  const settings = await readLotterySettings(db);
  const timeZone = await readOperatorTimeZone(db);
  for (const type of LOTTERY_TYPES) {
    if (!settings[type].enabled || settings[type].prizes.length === 0) continue;
    if (await openDraw(db, type, options.nowMs)) continue;
    const period = periodOf(type, options.nowMs, timeZone);
    const seed = toHex(options.rng.bytes(32));
    const draw = await insertDraw(db, { type, opensAtMs: period.startMs, closesAtMs: period.endMs, seed, seedHash: sha256Hex(seed), prizes: settings[type].prizes, rates: settings.rates, nowMs: options.nowMs });
    if (draw) await options.scheduleJob(JOB_DRAW, `draw:${draw.id}`, period.endMs, { drawId: Number(draw.id) });
  }
  // The shell's lottery items show while a draw takes tickets (spec §5); the status row says so.
  const open = (await Promise.all(LOTTERY_TYPES.map((type) => openDraw(db, type, options.nowMs)))).filter((d) => d !== undefined);
  const active = open.length > 0;
  const current = (await readFeatureStatuses(db)).get(LOTTERY_FEATURE) as { active?: boolean } | undefined;
  if (current?.active !== active) await writeFeatureStatus(db, LOTTERY_FEATURE, { active }, options.nowMs);
}

/** The published ticket list of a draw and its SHA-256. */
export async function publishedList(db: Kysely<Database> | Transaction<Database>, draw: DrawRow): Promise<{ tickets: (PublishedTicket & { playerId: number })[]; text: string; hash: string }> {
  const tickets = (await drawTickets(db, Number(draw.id))).map((t) => ({ number: t.number, holder: holderRef(draw, t.uuid), playerId: t.playerId }));
  const text = ticketListText(tickets);
  return { tickets, text, hash: sha256Hex(text) };
}

/**
 * The draw, at the close (docs/features/lottery.md): the ticket list is fixed and hashed, the winners
 * come from the provably fair source keyed by the draw's seed with the list's hash as the client seed
 * and the draw's number as the nonce, one place after another; each winner's reward waits to be taken
 * (credited for them after REWARD_DAYS); the seed is revealed; the next period's draw opens.
 */
export async function runDraw(trx: Transaction<Database>, drawId: number, options: { clock: Clock; rng: Rng; scheduleJob: ScheduleJob }): Promise<void> {
  const draw = await drawById(trx, drawId);
  if (!draw || draw.status !== 'open') return;
  const nowMs = options.clock.nowMs();
  const list = await publishedList(trx, draw);
  const prizes = prizesOf(draw);
  const source = new HmacRandomSource({ serverSeed: draw.seed, clientSeed: list.hash, nonce: drawId });
  const winners = pickWinners(source, list.tickets, prizes.length);
  if (!(await markDrawn(trx, drawId, { ticketListHash: list.hash, winners, nowMs }))) return;
  const byNumber = new Map(list.tickets.map((t) => [t.number, t]));
  for (const [i, number] of winners.entries()) {
    const ticket = byNumber.get(number)!;
    await insertReward(trx, { drawId, place: i + 1, playerId: ticket.playerId, ticketNumber: number, prize: prizes[i]! });
    await recordPush(trx, { eventType: LotteryDrawn.name, playerId: ticket.playerId, payload: { drawNumber: drawId, type: draw.type, winners: winners.length }, push: { type: 'lottery', action: 'won', data: { drawNumber: drawId, lotteryType: draw.type } } }, { clock: options.clock });
  }
  await recordPush(trx, { eventType: LotteryDrawn.name, playerId: null, payload: { drawNumber: drawId, type: draw.type, winners: winners.length }, push: { type: 'lottery', action: 'drawn', data: { drawNumber: drawId, lotteryType: draw.type } } }, { clock: options.clock });
  if (winners.length > 0) await options.scheduleJob(JOB_AUTO_CREDIT, `auto:${drawId}`, nowMs + REWARD_DAYS * 86_400_000, { drawId });
  await ensureDraws(trx, { nowMs, rng: options.rng, scheduleJob: options.scheduleJob });
}

/** Credits a reward once: pending → taken (or auto), then the ledger, keyed by the reward. */
export async function creditReward(trx: Transaction<Database>, reward: { id: number; player_id: number; prize_json: string; draw_id: number; place: number }, status: 'taken' | 'auto', clock: Clock): Promise<boolean> {
  if (!(await settleReward(trx, Number(reward.id), status, clock.nowMs()))) return false;
  await creditPlayer(trx, { playerId: reward.player_id, feature: LOTTERY_FEATURE, prize: JSON.parse(reward.prize_json) as Prize, idempotencyKey: `lottery-reward:${reward.id}`, metadata: { drawNumber: reward.draw_id, place: reward.place }, notify: status === 'auto' }, { clock });
  return true;
}

const ZDraw = z.object({ drawId: z.number().int().positive() });

export const lotteryJobs = [
  defineJob({
    kind: JOB_PLAN,
    schedule: { cron: '*/15 * * * *', missed: 'once', graceMs: 86_400_000 },
    async run(_job, { db, clock, rng, scheduleJob }) {
      await ensureDraws(db, { nowMs: clock.nowMs(), rng, scheduleJob });
    },
  }),
  defineJob({
    kind: JOB_DRAW,
    payload: ZDraw,
    async run(job, { db, clock, rng, scheduleJob }) {
      await runDraw(db, job.payload.drawId, { clock, rng, scheduleJob });
    },
  }),
  defineJob({
    kind: JOB_AUTO_CREDIT,
    payload: ZDraw,
    async run(job, { db, clock }) {
      for (const reward of await pendingRewardsOf(db, job.payload.drawId)) await creditReward(db, reward, 'auto', clock);
    },
  }),
];
