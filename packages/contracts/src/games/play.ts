import { z } from 'zod';

export const ZCurrency = z.enum(['GC', 'FC']);

/** The feature in progress of a game session as the client sees it (null between features). */
export const ZGameFeature = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('freeSpins'),
    /** The bet of the round that triggered (or bought) the feature: wins are paid on it. */
    bet: z.number().int(),
    remaining: z.number().int(),
    /** Free spins awarded so far, retriggers included. */
    awarded: z.number().int(),
    played: z.number().int(),
    multiplier: z.number(),
    featureWin: z.number().int(),
  }),
  z.object({
    kind: z.literal('holdAndLink'),
    bet: z.number().int(),
    respinsLeft: z.number().int(),
    /** Coins on the grid. */
    coins: z.number().int(),
  }),
]);
export type GameFeature = z.infer<typeof ZGameFeature>;

/** GET /rest/game/{id}/play/ and /rest/game/{id}/: the launch URL of the in-house game client. */
export const ZGameLaunchResponse = z.object({
  success: z.literal(true),
  data: z.object({
    url: z.string(),
    session: z.string(),
    gameId: z.number().int(),
    slug: z.string(),
    currency: ZCurrency,
    gameMode: z.enum(['TournamentPoints', 'SweepStakes']),
    bets: z.object({ min: z.number().int(), max: z.number().int(), steps: z.array(z.number().int()), divisor: z.number().int() }),
    bonusBuyPrice: z.number().nullable().describe('Bonus buy price as a multiple of the bet, or null'),
    feature: ZGameFeature.nullable().describe('The session\'s feature in progress (free spins or respins), or null'),
    fairness: z.object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number().int() }),
  }),
});

/** POST /rest/game/{id}/spin/ body. `bet` is in the smallest unit of the session's currency. */
export const ZSpinRequest = z.strictObject({
  session: z.string().min(1).max(64).describe('The session id from the launch URL'),
  bet: z.number().int().positive().describe('Whole Gold Coins, or Fortune Coin hundredths'),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8 to 64 letters, digits, _ or -'),
  buy: z.boolean().optional().describe('Buy the feature (games with a bonus buy)'),
  freeSpinsId: z.number().int().positive().max(2 ** 31 - 1).optional().describe('Play this spin from a free-spin grant (spinsId): at its bet, no stake taken'),
});

const ZWin = z.object({
  type: z.string(),
  line: z.number().int().optional(),
  symbol: z.string(),
  count: z.number().int(),
  ways: z.number().int().optional(),
  multiplier: z.number(),
  positions: z.array(z.tuple([z.number().int(), z.number().int()])),
  amount: z.number().int(),
});

export const ZRoundOutcome = z.object({
  step: z.enum(['base', 'freeSpin', 'respin']),
  bought: z.boolean(),
  stake: z.number().int(),
  bet: z.number().int(),
  stops: z.array(z.number().int()),
  grid: z.array(z.array(z.string())),
  coins: z.object({ values: z.array(z.number()), tiers: z.array(z.string().nullable()) }).optional(),
  wins: z.array(ZWin),
  totalWin: z.number().int(),
  featureWin: z.number().int(),
  features: z.object({
    freeSpinsAwarded: z.number().int(),
    retrigger: z.boolean(),
    freeSpinsRemaining: z.number().int(),
    holdAndLinkTriggered: z.boolean(),
    respinsLeft: z.number().int(),
    featureEnded: z.boolean(),
  }),
  jackpots: z.array(z.object({ tier: z.string(), amount: z.number().int().nullable() })),
  jackpotWon: z.string().nullable(),
  jackpotContribution: z.number().int(),
});

export const ZRound = z.object({
  roundId: z.number().int(),
  gameId: z.number().int(),
  session: z.string(),
  currency: ZCurrency,
  bet: z.number().int(),
  stake: z.number().int(),
  win: z.number().int().describe('Everything this step paid: the engine\'s total win plus a progressive Grand'),
  jackpotWin: z.number().int(),
  outcome: ZRoundOutcome,
  /** The player's balance in the round's currency after the step (FC: unplayed + redeemable cents). */
  balance: z.number().int(),
  feature: ZGameFeature.nullable(),
  fairness: z.object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number().int() }),
  createdAtMs: z.number().int(),
});

export const ZSpinResponse = z.object({ success: z.literal(true), data: ZRound.extend({ replayed: z.boolean(), freeSpinsRemain: z.number().int().optional().describe('Spins left on the grant this spin was played from') }) });

export type Round = z.infer<typeof ZRound>;
export type SpinResponse = z.infer<typeof ZSpinResponse>;

export const ZRoundsResponse = z.object({ success: z.literal(true), data: z.object({ rounds: z.array(ZRound), nextCursor: z.number().int().nullable() }) });

export type RoundsResponse = z.infer<typeof ZRoundsResponse>;

/** GET /rest/fairness/seeds/. */
export const ZFairnessSeedsResponse = z.object({ success: z.literal(true), data: z.object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number().int() }) });
export const ZClientSeedRequest = z.strictObject({ clientSeed: z.string().regex(/^[\x21-\x7e]{1,64}$/, '1 to 64 printable characters without spaces') });
/** POST /rest/fairness/rotate/ and /rest/fairness/client-seed/: the revealed seed and the new commitment. */
export const ZFairnessRotateResponse = z.object({
  success: z.literal(true),
  data: z.object({
    revealed: z.object({ serverSeed: z.string(), serverSeedHash: z.string(), clientSeed: z.string(), lastNonce: z.number().int() }),
    current: z.object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number().int() }),
  }),
});
/** GET /rest/fairness/rounds/{roundId}/: everything needed to verify the round (seed once revealed). */
export const ZFairnessRoundResponse = z.object({
  success: z.literal(true),
  data: z.object({
    roundId: z.number().int(),
    gameSlug: z.string(),
    serverSeedHash: z.string(),
    serverSeed: z.string().nullable().describe('Null until the seed is rotated'),
    clientSeed: z.string(),
    nonce: z.number().int(),
    request: z.object({ bet: z.number().int(), buy: z.boolean() }),
    stateBefore: z.unknown().nullable(),
    outcome: ZRoundOutcome,
  }),
});
