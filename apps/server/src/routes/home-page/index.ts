import { ZLocale } from '@sweepstack/contracts/app/static-info';
import { ZHomePageResponse } from '@sweepstack/contracts/games/home';
import { listRecentWins } from '@sweepstack/db/repositories/games';
import { listJackpotPools } from '@sweepstack/db/repositories/jackpots';
import { loadSignupGiftSettings } from '@sweepstack/db/repositories/ledger/signup-gift';
import { readSetting } from '@sweepstack/db/repositories/settings';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pickLocalized, type LocalizedText } from '@sweepstack/domain/shell/localized-text';
import { z } from 'zod';
import { collectPromotions } from '../../features/promotions/collect';
import { currentCatalogue, gameOfWeek, VERSION_APP } from '../../games/catalogue';
import { maskName } from '../../games/play';

const HOME_CONTENT_SETTING = 'games.home_content';
const LAST_WINNERS = 12;

/** The home page's operator content; its texts are per language (packages/domain/src/shell/localized-text.ts). */
interface HomeContent {
  seo?: { title: LocalizedText; description: LocalizedText } | null;
  banners?: { key: string; title: LocalizedText; text: LocalizedText; game: string | null; image: string; url: string }[];
  collections?: { key: string; title: LocalizedText; games: string[] }[];
}

/**
 * GET /rest/page/home/[?locale=en|es] (spec §3 "Home page payload"): real data only; operator texts
 * (seo, banners, collections) in the visitor's language, English where the content has none. Jackpots are the live pool
 * values, last winners the latest winning rounds, packages the cashier's active packages (coins GC, entries FC cents, price USD cents); promotions the
 * player's home cards (none for a guest); the parts of features not built yet (quests, info plate,
 * schema banners) stay empty.
 */
const homePageRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = fastify.deps;
  const db = deps.database.db;

  /** The cashier's active packages (operator content), in its display order. */
  async function cashierPackages(): Promise<unknown[]> {
    const rows = await db
      .selectFrom('cashier_packages')
      .select(['id', 'price_cents', 'usual_price_cents', 'gold_coins', 'fortune_cents', 'badge_label', 'best_deal', 'most_popular'])
      .where('active', '=', 1)
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    return rows.map((p) => ({
      id: p.id,
      coins: Number(p.gold_coins),
      entries: Number(p.fortune_cents),
      price: Number(p.price_cents),
      usualPrice: p.usual_price_cents === null ? null : Number(p.usual_price_cents),
      badgeLabel: p.badge_label,
      bestDeal: Number(p.best_deal) === 1,
      mostPopular: Number(p.most_popular) === 1,
    }));
  }

  app.get(
    '/rest/page/home/',
    { schema: { tags: ['games'], summary: 'The home page payload', querystring: z.strictObject({ versionApp: z.string().max(32).optional(), locale: ZLocale.optional() }), response: { 200: ZHomePageResponse } } },
    async (request, reply) => {
      const locale = request.query.locale ?? 'en';
      const player = await request.getPlayer();
      // The home cards of the promotions page (docs/features/promotions.md): a player's own, so none for a guest.
      const promotions = player ? collectPromotions({ db, features: fastify.features.list, player, locale, nowMs: deps.clock.nowMs(), log: request.log }, 'home').then((page) => [...page.promotions, ...page.available_soon]) : Promise.resolve([]);
      const [catalogue, pools, wins, contentJson, packages, gift, homePromotions] = await Promise.all([currentCatalogue(deps), listJackpotPools(db), listRecentWins(db, LAST_WINNERS), readSetting(db, HOME_CONTENT_SETTING), cashierPackages(), loadSignupGiftSettings(db), promotions]);
      const content = (contentJson ?? {}) as HomeContent;
      const idOf = new Map([...catalogue.byId.values()].map(({ game }) => [game.slug, game.id]));
      const issues: Record<string, { title: string; games: number[]; gameOfWeek?: number | null }> = {};
      for (const [slug, issue] of catalogue.issuesBySlug) issues[slug] = { title: issue.title, games: issue.games };
      if (issues['popular-games']) issues['popular-games'].gameOfWeek = gameOfWeek(catalogue, deps.clock.nowMs());
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        seo: content.seo ? { title: pickLocalized(content.seo.title, locale), description: pickLocalized(content.seo.description, locale) } : null,
        versionApp: VERSION_APP,
        payload: {
          jackpots: pools,
          banners: (content.banners ?? []).map((b) => ({ ...b, title: pickLocalized(b.title, locale), text: pickLocalized(b.text, locale), game: b.game === null ? null : (idOf.get(b.game) ?? null) })),
          questData: null,
          collections: (content.collections ?? []).map((c) => ({ key: c.key, title: pickLocalized(c.title, locale), games: c.games.map((slug) => idOf.get(slug)).filter((id): id is number => id !== undefined) })),
          infoPlate: null,
          promotions: homePromotions,
          promoBanners: [],
          schemeSections: catalogue.payload.schemeSections,
          lastWinners: wins.flatMap((w) => {
            const entry = catalogue.byId.get(w.gameId);
            if (!entry) return [];
            return [{ roundId: w.roundId, name: maskName(w.login), gameId: w.gameId, gameSlug: entry.game.slug, gameTitle: (locale === 'es' && entry.game.titleEs) || entry.game.title, img: entry.game.img, currency: w.currency, amount: w.amount, jackpot: w.jackpot, createdAtMs: w.createdAtMs }];
          }),
          packages,
          schemaBanners: [],
          games: { issues },
          signupGift: { coins: gift.gc, entries: gift.fcCents },
        },
      };
    },
  );
};

export default homePageRoutes;
