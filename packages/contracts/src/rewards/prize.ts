import { z } from 'zod';

/**
 * A prize as the API shows it (docs/rewards.md). Amounts are in ledger units: whole Gold Coins,
 * Fortune Coin hundredths (`amountCents`); the web formats them.
 */
export const ZPrize = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('gold_coins'), amount: z.number().int() }),
  z.object({ kind: z.literal('fortune_coins'), amountCents: z.number().int() }),
  z.object({ kind: z.literal('coins'), amount: z.number().int(), amountCents: z.number().int() }),
  z.object({ kind: z.literal('free_spins'), gameId: z.number().int(), count: z.number().int(), betLevel: z.number().int(), lifetimeMs: z.number().int(), currency: z.enum(['GC', 'FC']) }),
  z.object({ kind: z.literal('multiplier'), factor: z.number().int() }),
  z.object({ kind: z.literal('lootbox'), table: z.string() }),
  z.object({ kind: z.literal('nothing') }),
]);
export type PrizeView = z.infer<typeof ZPrize>;

/** One segment with its published chance: weight ÷ total weight, and the percentage shown. */
export const ZPrizeSegmentOdds = z.object({
  index: z.number().int(),
  label: z.string().nullable(),
  prize: ZPrize,
  weight: z.number().int(),
  percent: z.number(),
});

/** A prize table as published: every segment's odds, before anything is drawn or bought. */
export const ZPrizeTableOdds = z.object({
  slug: z.string(),
  feature: z.string(),
  version: z.number().int(),
  totalWeight: z.number().int(),
  segments: z.array(ZPrizeSegmentOdds),
});
export type PrizeTableOdds = z.infer<typeof ZPrizeTableOdds>;

/** GET /rest/rewards/odds/: the current version of every published prize table. */
export const ZRewardOddsResponse = z.object({ success: z.literal(true), data: z.object({ tables: z.array(ZPrizeTableOdds) }) });

/** A draw's fairness fields, as the feature's answer carries them and /fairness verifies them. */
export const ZDrawFairness = z.object({
  drawId: z.number().int(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  ticket: z.number().int(),
  segmentIndex: z.number().int(),
});

/** GET /rest/fairness/draws/{drawId}/: everything needed to verify one of the player's prize draws. */
export const ZFairnessDrawResponse = z.object({
  success: z.literal(true),
  data: z.object({
    drawId: z.number().int(),
    feature: z.string(),
    table: ZPrizeTableOdds,
    serverSeedHash: z.string(),
    serverSeed: z.string().nullable().describe('Null until the seed is rotated'),
    clientSeed: z.string(),
    nonce: z.number().int(),
    ticket: z.number().int(),
    segmentIndex: z.number().int(),
    multiplier: z.number().int(),
    fellBack: z.boolean().describe('The daily budget was spent: the fallback segment was paid'),
    prize: ZPrize,
    parentDrawId: z.number().int().nullable(),
  }),
});

/** A free-spin grant as spec §3 names it (plus the bet and currency the spins play at). */
export const ZFreeSpins = z.object({
  spinsId: z.number().int(),
  gameId: z.number().int(),
  spinsRemain: z.number().int(),
  spinsTotal: z.number().int(),
  endDate: z.string().describe('ISO 8601: when the grant expires'),
  betLevel: z.number().int(),
  bet: z.number().int().describe('The bet each spin plays at, in the currency\'s smallest unit'),
  currency: z.enum(['GC', 'FC']),
});

/** GET /rest/free-spins/: the player's usable grants (of one game with `gameId`), soonest expiry first. */
export const ZFreeSpinsResponse = z.object({ success: z.literal(true), data: z.object({ freeSpins: z.array(ZFreeSpins) }) });

/** The kinds of notice (docs/rewards.md, "Notification centre"). */
export const REWARD_NOTICE_KINDS = ['prize_credited', 'free_spins_granted', 'free_spins_expired', 'prize_withheld'] as const;

/**
 * A notice about a prize: credited for the player when a feature ended, free spins granted or expired,
 * or Fortune Coins withheld (`prize_withheld`: `prize` is what the feature awarded; its Fortune Coins,
 * or free spins played in them, were not paid because the player's state has no Fortune Coin play).
 */
export const ZRewardNotice = z.object({
  id: z.number().int(),
  kind: z.enum(REWARD_NOTICE_KINDS),
  feature: z.string(),
  prize: ZPrize,
  /** The game of a free-spins prize (its title in English and the operator's Spanish one), else null. */
  game: z.object({ title: z.string(), titleEs: z.string().nullable() }).nullable().optional(),
  createdAt: z.string().describe('ISO 8601'),
  read: z.boolean(),
});

/** GET /rest/rewards/notices/: the player's latest notices, newest first, and how many are unread. */
export const ZRewardNoticesResponse = z.object({ success: z.literal(true), data: z.object({ notices: z.array(ZRewardNotice), unread: z.number().int() }) });
export type RewardNoticeView = z.infer<typeof ZRewardNotice>;
export type RewardNoticesResponse = z.infer<typeof ZRewardNoticesResponse>;
