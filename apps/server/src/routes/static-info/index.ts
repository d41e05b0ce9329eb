import { ZStaticInfoQuery, ZStaticInfoResponse, type FooterMenuItem, type Locale, type MenuItem, type StaticInfoData } from '@sweepstack/contracts/app/static-info';
import { hasPage, playerHomePath, type ThemeId } from '@sweepstack/contracts/themes';
import type { MenuItemRow } from '@sweepstack/db/repositories/content';
import { pickLocalized } from '@sweepstack/domain/shell/localized-text';
import { isLotteryItem, visibleSidebarItems } from '@sweepstack/domain/shell/sidebar-visibility';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServerConfig } from '../../config';
import { contentCache, type ContentSnapshot } from '../../lib/content-cache';
import { readFeatureStatus } from '../../lib/feature-status';
import { jsonText, sendJsonText, type JsonText } from '../../lib/json-text';

type Titles = Record<string, string>;

const pickTitle = (titles: unknown, locale: Locale): string => pickLocalized(titles, locale);

function parseTitles(json: string): Titles {
  return JSON.parse(json) as Titles;
}

/** Themes without a lobby page send the lobby entry to their player home instead. */
function themedUrl(url: string, theme: ThemeId): string {
  return !hasPage(theme, 'lobby') && /^\/lobby\/?$/.test(url) ? playerHomePath(theme) : url;
}

function menuItem(row: MenuItemRow, locale: Locale, theme: ThemeId): MenuItem {
  return {
    id: row.item_key,
    title: pickTitle(parseTitles(row.titles_json), locale),
    url: themedUrl(row.url, theme),
    image: row.image,
    image_active: row.image_active,
    subsection_number: row.subsection_number,
    is_new: row.is_new === 1,
    animation_event: row.animation_event,
    is_granted_for_guest: row.is_granted_for_guest === 1,
    show_player_with_deposits: row.show_player_with_deposits === 1,
    show_player_without_deposits: row.show_player_without_deposits === 1,
  };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function list(value: unknown, key: string): unknown[] {
  const items = record(value)[key];
  return Array.isArray(items) ? items : [];
}

/** Builds static info for one locale and audience from the content snapshot. */
export function buildStaticInfo(snapshot: ContentSnapshot, options: { locale: Locale; isGuest: boolean; theme: ThemeId; config: ServerConfig; lotteryActive: boolean }): StaticInfoData {
  const { locale, isGuest, theme, config, lotteryActive } = options;
  const all = snapshot.mainMenu.map((row) => menuItem(row, locale, theme));
  // Guests get only what they may see; players get every item the site-wide rules allow, and the
  // web applies the per-player rules (deposits, game mode) with the same domain functions.
  const main = isGuest
    ? visibleSidebarItems(all, { isGuest: true, hasDeposits: false, gameMode: 'TournamentPoints', lotteryActive })
    : all.filter((item) => lotteryActive || !isLotteryItem(item));
  const feat = record(snapshot.blocks.get('feat-info'));
  const footerMenu: FooterMenuItem[] = list(snapshot.blocks.get('footer'), 'menu').map((raw) => {
    const section = record(raw);
    return {
      title: pickTitle(section.title, locale),
      second_column: (Array.isArray(section.second_column) ? section.second_column : []).map((link) => ({
        title: pickTitle(record(link).title, locale),
        url: String(record(link).url ?? ''),
      })),
    };
  });
  const rate = record(snapshot.blocks.get('trustpilot')).rate;
  return {
    featInfo: {
      'magic-box': record(feat['magic-box']),
      'deposit-streak-skin-info': record(feat['deposit-streak-skin-info']),
      'mini-game-slot': record(feat['mini-game-slot']),
      seasons: record(feat.seasons),
      'scratch-card': record(feat['scratch-card']),
    },
    menuInfo: { menu: { main } },
    tapBar: snapshot.tapBar.map((row) => ({
      id: row.item_key,
      title: pickTitle(parseTitles(row.titles_json), locale),
      url: themedUrl(row.url, theme),
      image: row.image,
    })),
    socialNetworks: list(snapshot.blocks.get('social-networks'), 'items').map((raw) => {
      const item = record(raw);
      return { id: String(item.id ?? ''), url: String(item.url ?? ''), icon: String(item.icon ?? '') };
    }),
    footer: { menu: footerMenu },
    trustpilot: { rate: typeof rate === 'number' ? rate : 0 },
    captcha: {
      isEnabled: config.CAPTCHA_ENABLED && !!config.CAPTCHA_SITE_KEY,
      key: config.CAPTCHA_SITE_KEY ?? null,
      url: config.CAPTCHA_SCRIPT_URL ?? null,
    },
  };
}

/** GET /api/rest/static-info/: shell content (menus, footer, social links, rating, captcha, feature skins). */
const staticInfoRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = fastify.deps;
  const cache = contentCache(fastify.deps);

  app.get(
    '/api/rest/static-info/',
    {
      schema: {
        tags: ['app'],
        summary: 'Shell content: sidebar and tap-bar menus, footer, social links, rating, captcha, feature skins',
        querystring: ZStaticInfoQuery,
        response: { 200: ZStaticInfoResponse },
      },
    },
    async (request, reply) => {
      const locale = request.query.locale ?? 'en';
      const isGuest = request.query.isGuest === 'true';
      const lotteryActive = (await readFeatureStatus(fastify.deps)).lottery;
      const text = await cache.derived<JsonText>(`static-info:${locale}:${isGuest}:${lotteryActive}`, (snapshot) =>
        jsonText({ success: true, data: buildStaticInfo(snapshot, { locale, isGuest, theme: config.THEME, config, lotteryActive }) }),
      );
      return sendJsonText(request, reply, text, 'public, max-age=60');
    },
  );
};

export default staticInfoRoutes;
