import { z } from 'zod';

/** The promo lottery's calls (spec §3 Lottery, §7; docs/features/lottery.md). Amounts: coins whole, entries with two decimals. */

export const ZLotteryType = z.enum(['weekly', 'monthly']);
export const ZTicketSource = z.enum(['play', 'purchase', 'free-entry']);

export const ZLotteryPrize = z.object({ place: z.number().int().min(1), coins: z.number().int().min(0), entries: z.number().min(0) });

/** A draw as published: before the draw its seed is only committed (`seedHash`); afterwards it is revealed. */
export const ZLotteryDraw = z.object({
  number: z.number().int(),
  type: ZLotteryType,
  status: z.enum(['open', 'drawn']),
  opensAt: z.string(),
  closesAt: z.string(),
  seedHash: z.string(),
  /** Null until the draw. */
  seed: z.string().nullable(),
  /** Null until the draw closes. */
  ticketListHash: z.string().nullable(),
  ticketCount: z.number().int(),
  prizes: z.array(ZLotteryPrize),
});

export const ZLotteryWinner = z.object({ place: z.number().int(), ticketNumber: z.number().int(), holder: z.string(), isYou: z.boolean(), coins: z.number().int(), entries: z.number() });

export const ZLotteryReward = z.object({ id: z.number().int(), number: z.number().int(), type: ZLotteryType, place: z.number().int(), ticketNumber: z.number().int(), coins: z.number().int(), entries: z.number(), status: z.enum(['pending', 'taken', 'auto']) });

/** GET /rest/promo-events/lottery/details/{type}/: the open draw (`data`), the last results, the player's tickets and how tickets are earned (`promo`). */
export const ZLotteryDetailsResponse = z.object({
  success: z.literal(true),
  data: z.object({
    data: ZLotteryDraw.nullable(),
    results: z.object({ draw: ZLotteryDraw, winners: z.array(ZLotteryWinner) }).nullable(),
    tickets: z.object({ count: z.number().int(), max: z.number().int() }),
    promo: z.object({ wagerPerTicket: z.number(), receivedPerTicket: z.number(), maxTicketsPerPlayer: z.number().int(), rewardDays: z.number().int() }),
    rewards: z.array(ZLotteryReward),
  }),
});
export type LotteryDetailsResponse = z.infer<typeof ZLotteryDetailsResponse>;

export const ZLotteryTypeParams = z.strictObject({ type: ZLotteryType });
export const ZLotteryNumberParams = z.strictObject({ number: z.coerce.number().int().min(1).max(2_147_483_647) });

/** GET /rest/promo-events/lottery/leaderboard/{number}/: a draw's winners (after it) and its top ticket holders. */
export const ZLotteryLeaderboardResponse = z.object({
  success: z.literal(true),
  data: z.object({ draw: ZLotteryDraw, winners: z.array(ZLotteryWinner), holders: z.array(z.object({ holder: z.string(), isYou: z.boolean(), tickets: z.number().int() })) }),
});

/** GET /rest/promo-events/lottery/player-tickets/{type}/: the player's tickets in the open draw. */
export const ZLotteryPlayerTicketsResponse = z.object({
  success: z.literal(true),
  data: z.object({ number: z.number().int().nullable(), count: z.number().int(), holder: z.string().nullable(), tickets: z.array(z.object({ number: z.number().int(), source: ZTicketSource, createdAt: z.string() })) }),
});

/** GET /rest/promo-events/lottery/recent-tickets/: the player's latest tickets in any draw (spec §3 recentTickets). */
export const ZLotteryRecentTicketsResponse = z.object({
  success: z.literal(true),
  data: z.object({ recentTickets: z.array(z.object({ drawNumber: z.number().int(), type: ZLotteryType, number: z.number().int(), source: ZTicketSource, createdAt: z.string() })) }),
});

/** GET /rest/promo-events/lottery/take-reward/{id}/: credits a won reward (spec §3 "reward number"), once. */
export const ZLotteryTakeRewardParams = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const ZLotteryTakeRewardResponse = z.object({ success: z.literal(true), data: z.object({ reward: ZLotteryReward }) });

/** GET /rest/promo-events/lottery/ticket-list/{number}/: the published ticket list of a drawn draw (text, one `number:holder` line per ticket). */
export type LotteryDraw = z.infer<typeof ZLotteryDraw>;
export type LotteryWinner = z.infer<typeof ZLotteryWinner>;
