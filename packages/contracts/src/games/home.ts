import { ZPromotion } from '../promotions/promotion';
import { z } from 'zod';
import { ZSchemeSection } from './catalogue';

export const ZJackpotPoolView = z.object({ currency: z.enum(['GC', 'FC']), value: z.number().int(), wonCount: z.number().int().min(0), lastWonAmount: z.number().int().nullable(), lastWonAtMs: z.number().int().nullable() });

export const ZLastWinner = z.object({
  roundId: z.number().int(),
  /** Display name, partly masked. */
  name: z.string(),
  gameId: z.number().int(),
  gameSlug: z.string(),
  gameTitle: z.string(),
  img: z.string(),
  currency: z.enum(['GC', 'FC']),
  amount: z.number().int(),
  jackpot: z.boolean(),
  createdAtMs: z.number().int(),
});

/** GET /rest/page/home/ (spec §3 "Home page payload"); parts owned by later features stay empty. */
export const ZHomePageResponse = z.object({
  success: z.literal(true),
  seo: z.object({ title: z.string(), description: z.string() }).nullable(),
  versionApp: z.string(),
  payload: z.object({
    jackpots: z.array(ZJackpotPoolView),
    banners: z.array(z.object({ key: z.string(), title: z.string(), text: z.string(), game: z.number().int().nullable(), image: z.string(), url: z.string() })),
    questData: z.null(),
    collections: z.array(z.object({ key: z.string(), title: z.string(), games: z.array(z.number().int()) })),
    infoPlate: z.null(),
    /** The player's home promotion cards (docs/features/promotions.md): ready ones first; none for a guest. */
    promotions: z.array(ZPromotion),
    promoBanners: z.array(z.unknown()),
    schemeSections: z.array(ZSchemeSection),
    lastWinners: z.array(ZLastWinner),
    packages: z.array(z.unknown()),
    schemaBanners: z.array(z.unknown()),
    games: z.object({ issues: z.record(z.string(), z.object({ title: z.string(), games: z.array(z.number().int()), gameOfWeek: z.number().int().nullable().optional() })) }),
    /** The sign-up gift a new player gets (operator settings wallet.signup_gift_*): Gold Coins (whole) and Fortune Coins in cents. */
    signupGift: z.object({ coins: z.number().int().min(0), entries: z.number().int().min(0) }),
  }),
});
export type HomePageResponse = z.infer<typeof ZHomePageResponse>;
