import { defineEvent } from '../events';
import { z } from 'zod';

/** A draw took place (its results are public); it carries the `lottery` push to every socket. */
export const LotteryDrawn = defineEvent('lottery.drawn', z.object({ drawNumber: z.number().int().positive(), type: z.enum(['weekly', 'monthly']), winners: z.number().int().min(0) }));
/** A player got tickets; it carries the `lottery` push to the player's tabs. */
export const LotteryTicketsIssued = defineEvent('lottery.tickets-issued', z.object({ drawNumber: z.number().int().positive(), count: z.number().int().positive() }));

declare module '../events' {
  interface EventCatalogue {
    'lottery.drawn': typeof LotteryDrawn;
    'lottery.tickets-issued': typeof LotteryTicketsIssued;
  }
}
