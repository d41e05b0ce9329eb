import { AppError } from '@sweepstack/contracts/errors';
import {
  ZLotteryDetailsResponse,
  ZLotteryLeaderboardResponse,
  ZLotteryNumberParams,
  ZLotteryPlayerTicketsResponse,
  ZLotteryRecentTicketsResponse,
  ZLotteryTakeRewardParams,
  ZLotteryTakeRewardResponse,
  ZLotteryTypeParams,
  type LotteryDraw,
  type LotteryWinner,
} from '@sweepstack/contracts/lottery/details';
import { ZLotterySettings, ZLotterySettingsResponse } from '@sweepstack/contracts/lottery/operator';
import { scheduleJob } from '@sweepstack/db/jobs/repository';
import {
  drawById,
  drawRewards,
  lastDrawn,
  openDraw,
  playerRewards,
  playerTickets,
  prizesOf,
  progressOf,
  ratesOf,
  readLotterySettings,
  writeLotterySettings,
  recentPlayerTickets,
  rewardById,
  topHolders,
  type DrawRow,
  type RewardRow,
} from '@sweepstack/db/lottery/repository';
import type { Database } from '@sweepstack/db/schema';
import { prizeCoins, type Prize } from '@sweepstack/domain/rewards/prize';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { JobDefinition } from '../../jobs/registry';
import { defineFeature } from '../../platform/define-feature';
import { requirePlayer } from '../../plugins/session';
import { creditReward, holderRef, JOB_PLAN, lotteryJobs, publishedList, REWARD_DAYS } from './draws';
import { lotteryHandlers } from './handlers';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const money = (prize: Prize) => {
  const c = prizeCoins(prize);
  return { coins: c.gc, entries: c.fcCents / 100 };
};

function drawView(draw: DrawRow): LotteryDraw {
  const drawn = draw.status === 'drawn';
  return {
    number: Number(draw.id),
    type: draw.type,
    status: draw.status,
    opensAt: iso(draw.opens_at_ms),
    closesAt: iso(draw.closes_at_ms),
    seedHash: draw.seed_hash,
    seed: drawn ? draw.seed : null,
    ticketListHash: draw.ticket_list_hash,
    ticketCount: Number(draw.ticket_count),
    prizes: prizesOf(draw).map((p, i) => ({ place: i + 1, ...money(p) })),
  };
}

async function uuidOf(db: Kysely<Database>, playerId: number): Promise<string> {
  return String((await db.selectFrom('players').select('uuid').where('id', '=', playerId).executeTakeFirstOrThrow()).uuid);
}

async function winnersView(db: Kysely<Database>, draw: DrawRow, viewer: number | null): Promise<LotteryWinner[]> {
  const rewards = await drawRewards(db, Number(draw.id));
  const out: LotteryWinner[] = [];
  for (const r of rewards) out.push({ place: r.place, ticketNumber: r.ticket_number, holder: holderRef(draw, await uuidOf(db, r.player_id)), isYou: r.player_id === viewer, ...money(JSON.parse(r.prize_json) as Prize) });
  return out;
}

function rewardView(r: RewardRow, draw: Pick<DrawRow, 'type'>) {
  return { id: Number(r.id), number: r.draw_id, type: draw.type, place: r.place, ticketNumber: r.ticket_number, status: r.status, ...money(JSON.parse(r.prize_json) as Prize) };
}

/**
 * The weekly and monthly promo lottery (docs/features/lottery.md; spec §3 Lottery, §5 sidebar items
 * only while active, §7 calls): tickets from play and from Fortune Coins received (purchase or free
 * entry, equal terms), a committed seed, a published ticket list, winners anyone can recompute.
 */
export default defineFeature({
  name: 'lottery',

  routes: async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { deps } = fastify;
    const db = deps.database.db;
    // Open the current draws at start too, not only at the planner's next occurrence.
    fastify.addHook('onReady', async () => {
      const nowMs = deps.clock.nowMs();
      await scheduleJob(db, JOB_PLAN, `start:${new Date(nowMs - (nowMs % 60_000)).toISOString()}`, nowMs, {}, { clock: deps.clock });
    });
    const viewer = async (request: FastifyRequest) => (await request.getPlayer())?.id ?? null;
    const base = '/rest/promo-events/lottery';

    app.get(`${base}/details/:type/`, { schema: { tags: ['lottery'], summary: 'The open draw of a type, the last results, the player’s tickets and how tickets are earned', params: ZLotteryTypeParams, response: { 200: ZLotteryDetailsResponse } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const playerId = await viewer(request);
      const { type } = request.params;
      const nowMs = deps.clock.nowMs();
      const [draw, last, settings] = await Promise.all([openDraw(db, type, nowMs), lastDrawn(db, type), readLotterySettings(db)]);
      const rates = draw ? ratesOf(draw) : settings.rates;
      const count = draw && playerId !== null ? (await progressOf(db, Number(draw.id), playerId)).tickets : 0;
      const rewards = [];
      if (playerId !== null) {
        for (const r of await playerRewards(db, playerId)) {
          const d = await drawById(db, r.draw_id);
          if (d?.type === type) rewards.push(rewardView(r, d));
        }
      }
      return {
        success: true as const,
        data: {
          data: draw ? drawView(draw) : null,
          results: last ? { draw: drawView(last), winners: await winnersView(db, last, playerId) } : null,
          tickets: { count, max: rates.maxTicketsPerPlayer },
          promo: { wagerPerTicket: rates.wagerCentsPerTicket / 100, receivedPerTicket: rates.receivedCentsPerTicket / 100, maxTicketsPerPlayer: rates.maxTicketsPerPlayer, rewardDays: REWARD_DAYS },
          rewards,
        },
      };
    });

    app.get(`${base}/leaderboard/:number/`, { schema: { tags: ['lottery'], summary: 'A draw’s winners (after it) and its top ticket holders', params: ZLotteryNumberParams, response: { 200: ZLotteryLeaderboardResponse } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const playerId = await viewer(request);
      const draw = await drawById(db, request.params.number);
      if (!draw) throw new AppError('LOTTERY_DRAW_NOT_FOUND');
      const holders = [];
      for (const h of await topHolders(db, Number(draw.id), 10)) holders.push({ holder: holderRef(draw, await uuidOf(db, h.playerId)), isYou: h.playerId === playerId, tickets: h.tickets });
      return { success: true as const, data: { draw: drawView(draw), winners: await winnersView(db, draw, playerId), holders } };
    });

    app.get(`${base}/player-tickets/:type/`, { schema: { tags: ['lottery'], summary: 'The player’s tickets in the open draw of a type', params: ZLotteryTypeParams, response: { 200: ZLotteryPlayerTicketsResponse } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const player = await requirePlayer(request);
      const draw = await openDraw(db, request.params.type, deps.clock.nowMs());
      if (!draw) return { success: true as const, data: { number: null, count: 0, holder: null, tickets: [] } };
      const tickets = await playerTickets(db, Number(draw.id), player.id);
      const { tickets: count } = await progressOf(db, Number(draw.id), player.id);
      return { success: true as const, data: { number: Number(draw.id), count, holder: holderRef(draw, String(player.uuid)), tickets: tickets.map((t) => ({ number: t.number, source: t.source, createdAt: iso(t.createdAtMs) })) } };
    });

    app.get(`${base}/recent-tickets/`, { schema: { tags: ['lottery'], summary: 'The player’s latest tickets in any draw', response: { 200: ZLotteryRecentTicketsResponse } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const player = await requirePlayer(request);
      const rows = await recentPlayerTickets(db, player.id);
      return { success: true as const, data: { recentTickets: rows.map((r) => ({ drawNumber: Number(r.draw_id), type: r.type, number: Number(r.number), source: r.source, createdAt: iso(r.created_at_ms) })) } };
    });

    app.get(`${base}/take-reward/:id/`, { schema: { tags: ['lottery'], summary: 'Credits a won reward, once', params: ZLotteryTakeRewardParams, response: { 200: ZLotteryTakeRewardResponse } } }, async (request, reply) => {
      // A GET by the spec: a link on another site must not act for the player.
      if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('ORIGIN_FORBIDDEN');
      reply.header('cache-control', 'no-store');
      const player = await requirePlayer(request);
      return db.transaction().execute(async (trx) => {
        const reward = await rewardById(trx, request.params.id);
        if (!reward || reward.player_id !== player.id) throw new AppError('LOTTERY_REWARD_NOT_FOUND');
        if (!(await creditReward(trx, reward, 'taken', deps.clock))) throw new AppError('LOTTERY_REWARD_TAKEN');
        const draw = (await drawById(trx, reward.draw_id))!;
        return { success: true as const, data: { reward: rewardView((await rewardById(trx, Number(reward.id)))!, draw) } };
      });
    });

    // The published ticket list of a drawn draw, for anyone to recompute the winners (/lottery verifies it in the browser).
    app.get(`${base}/ticket-list/:number/`, { schema: { tags: ['lottery'], summary: 'The ticket list a draw was drawn from (number:holder per line)', params: ZLotteryNumberParams } }, async (request, reply) => {
      const draw = await drawById(db, request.params.number);
      if (!draw) throw new AppError('LOTTERY_DRAW_NOT_FOUND');
      if (draw.status !== 'drawn') throw new AppError('LOTTERY_NOT_DRAWN');
      const list = await publishedList(db, draw);
      reply.header('cache-control', 'public, max-age=300').type('text/plain; charset=utf-8');
      return list.text;
    });
  },

  operatorRoutes: (fastify, { audit }) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { database, clock } = fastify.deps;
    app.get('/settings/', { config: { operatorRoles: ['support', 'compliance'] }, schema: { tags: ['operator'], response: { 200: ZLotterySettingsResponse } } }, async () => ({
      success: true as const,
      // Only coin prizes are ever saved (the PUT's schema; the defaults are coins).
      data: (await readLotterySettings(database.db)) as z.infer<typeof ZLotterySettings>,
    }));
    // Prizes and rates apply to draws that open after the change: an open draw keeps what it published.
    app.put('/settings/', { config: { operatorRoles: ['admin'] }, schema: { tags: ['operator'], body: ZLotterySettings, response: { 200: ZLotterySettingsResponse } } }, async (request) => {
      await database.db.transaction().execute(async (trx) => {
        const before = await readLotterySettings(trx);
        await writeLotterySettings(trx, request.body, clock.nowMs());
        await audit(trx, request, { action: 'settings.update', targetType: 'feature', targetId: 'lottery', before, after: request.body });
      });
      return { success: true as const, data: (await readLotterySettings(database.db)) as z.infer<typeof ZLotterySettings> };
    });
  },

  handlers: lotteryHandlers,
  // The platform's list is typed JobDefinition<never>: kinds with a payload schema need the cast.
  jobs: lotteryJobs as unknown as JobDefinition<never>[],
});
