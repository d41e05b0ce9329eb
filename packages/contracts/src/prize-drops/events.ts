import { z } from 'zod';
import { defineEvent } from '../events';
import { ZPrizeLevel } from './info';

/** A prize drop was won and paid (it carries the `prizeAssigned` push). */
export const PrizeDropsPrizeAssigned = defineEvent('prize-drops.prize-assigned', z.object({ day: z.string(), block: z.number().int(), level: ZPrizeLevel, value: z.number().int(), roundId: z.number().int(), winId: z.number().int() }));

/** An hourly block released prizes (it carries the `prizesReleased` push to every socket). */
export const PrizeDropsPrizesReleased = defineEvent('prize-drops.prizes-released', z.object({ day: z.string(), block: z.number().int() }));

declare module '../events' {
  interface EventCatalogue {
    'prize-drops.prize-assigned': typeof PrizeDropsPrizeAssigned;
    'prize-drops.prizes-released': typeof PrizeDropsPrizesReleased;
  }
}
