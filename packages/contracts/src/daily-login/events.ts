import { defineEvent } from '../events';
import { z } from 'zod';

/**
 * A player's daily prize was paid for an operator day: by the player's claim, or automatically when
 * the feature finished with that day's claim still open (`automatic`). It carries the `dailyLogin`
 * push, so the player's other tabs update their modal and sidebar.
 */
export const DailyLoginPrizeClaimed = defineEvent(
  'daily-login.prize-claimed',
  z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), level: z.number().int().min(1), freeSpinCount: z.number().int().min(0), automatic: z.boolean() }),
);

declare module '../events' {
  interface EventCatalogue {
    'daily-login.prize-claimed': typeof DailyLoginPrizeClaimed;
  }
}
