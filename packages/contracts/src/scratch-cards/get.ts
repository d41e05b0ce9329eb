import { z } from 'zod';
import { ZDrawFairness, ZPrize, ZPrizeTableOdds } from '../rewards/prize';

/**
 * A card's status (docs/features/scratch-cards.md): `ready_for_activate` until its timer, then
 * `available` (scratchable) until it expires; `scratched` once revealed; `expired` when its expiry
 * passed unscratched: it is then in the player's mailbox and can still be scratched.
 */
export const ZScratchCardStatus = z.enum(['ready_for_activate', 'available', 'scratched', 'expired']);
export type ScratchCardStatus = z.infer<typeof ZScratchCardStatus>;

/** A card as spec §3 names it (status, prize.entries, prize.coins, timer) with its id, source and expiry. */
export const ZScratchCard = z.object({
  id: z.number().int().positive(),
  status: ZScratchCardStatus,
  /** How it was earned: a purchase over the threshold, or the free card of the operator day. */
  source: z.enum(['purchase', 'free']),
  /** The prize, shown once the card is scratched (null before: the outcome is fixed but not shown). */
  prize: z.object({ entries: z.number().nullable(), coins: z.number().int().nullable() }),
  /** When the status changes next (ms since the epoch): ready_for_activate → available, available → expired; null after. */
  timer: z.number().int().nullable(),
  /** When the card expires into the mailbox (shown on the card). */
  expiresAt: z.number().int(),
  /** The draw, for /fairness: only once scratched. */
  drawId: z.number().int().positive().nullable(),
});
export type ScratchCard = z.infer<typeof ZScratchCard>;

export const ZScratchCardsInfo = z.object({
  isActive: z.boolean(),
  /** The feature's end (spec §4 finish timer), null without one. */
  finishedAt: z.number().int().nullable(),
  /** Unscratched cards first (oldest first), then the mailbox (expired, scratchable), then the last scratched ones. */
  cards: z.array(ZScratchCard),
  /** The one prize table every card is drawn from (free and bought cards alike), with its published odds. */
  table: ZPrizeTableOdds,
  /** A purchase of at least this amount earns one card (null: purchases earn none). */
  purchaseThresholdCents: z.number().int().nullable(),
  /** Whether one free card is issued per operator day (no purchase necessary). */
  freeDaily: z.boolean(),
});
export type ScratchCardsInfo = z.infer<typeof ZScratchCardsInfo>;

/** GET /rest/scratch-card-lottery/get/ (spec §7). */
export const ZScratchCardsGetResponse = z.object({ success: z.literal(true), data: ZScratchCardsInfo });

/** The card's draw with what /fairness needs to recompute it. */
export const ZScratchCardDraw = ZDrawFairness.extend({ table: z.string(), tableVersion: z.number().int(), segmentPrize: ZPrize });
export type ScratchCardDraw = z.infer<typeof ZScratchCardDraw>;
