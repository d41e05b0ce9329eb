import { z } from 'zod';
import { defineEvent } from '../events';

/** A wheel spin was drawn and paid (for features that react to it: quests, seasons…). */
export const WheelOfTreasureSpun = defineEvent(
  'wheel-of-treasure.spun',
  z.object({ kind: z.enum(['daily', 'extra']), drawId: z.number().int().positive(), boosterFactor: z.number().int().min(1), lootboxOpened: z.boolean(), fellBack: z.boolean() }),
);

/** The player's rounds today reached the booster (it carries the `wheelOfTreasure` push). */
export const WheelOfTreasureBoosterEarned = defineEvent('wheel-of-treasure.booster-earned', z.object({ day: z.string() }));

/** A purchase credited extra spins (it carries the `wheelOfTreasure` push). */
export const WheelOfTreasureExtraSpinsCredited = defineEvent('wheel-of-treasure.extra-spins-credited', z.object({ paymentId: z.string(), packageId: z.string(), spins: z.number().int().positive() }));

declare module '../events' {
  interface EventCatalogue {
    'wheel-of-treasure.spun': typeof WheelOfTreasureSpun;
    'wheel-of-treasure.booster-earned': typeof WheelOfTreasureBoosterEarned;
    'wheel-of-treasure.extra-spins-credited': typeof WheelOfTreasureExtraSpinsCredited;
  }
}
