import type { Kysely, Transaction } from 'kysely';
import { localizedTextProblem } from '@sweepstack/domain/shell/localized-text';
import { applyContentSet, contentVersion } from '../repositories/content';
import { seedJackpotPool } from '../repositories/jackpots';
import type { Database } from '../schema';
import { CONTENT_DIR, fail, isRecord, parseContentJson, readContentText, readItems } from './content-files';

/**
 * The games catalogue as operator data (docs/games/play-api.md): providers and games from the studio
 * package (content/games/catalogue.json, written from it by apps/server/src/cli/games-content.ts), the operator lists (issues), menu, scheme sections, game of the week and the home page's
 * banners and collections from content/games/*.json, applied as one content set when any source
 * changed. The progressive pools are seeded once through the ledger.
 */

const FILES = ['games/catalogue.json', 'games/issues.json', 'games/menu.json', 'games/scheme-sections.json', 'games/home.json', 'games/descriptions.json', 'games/titles-es.json'] as const;
const FLAG_KEYS = ['jackpot', 'holdNLink', 'fishing', 'bonusBuy', 'intoTheWild', 'freeSpins', 'classic'] as const;
export const HOME_CONTENT_SETTING = 'games.home_content';
/** The games' descriptions in languages other than English: `{ [locale]: { [slug]: text } }` (content/games/descriptions.json). */
export const GAME_DESCRIPTIONS_SETTING = 'games.descriptions';

function text(value: unknown, where: string, file: string): string {
  if (typeof value !== 'string' || value.length === 0) fail(file, `${where} must be a non-empty string`);
  return value;
}

function optionalText(value: unknown, where: string, file: string): string | null {
  if (value === undefined || value === null) return null;
  return text(value, where, file);
}

function slugList(value: unknown, where: string, file: string, known: ReadonlySet<string>): string[] {
  if (!Array.isArray(value)) fail(file, `${where} must be an array of game slugs`);
  return value.map((slug, i) => {
    const s = text(slug, `${where}[${i}]`, file);
    if (!known.has(s)) fail(file, `${where}[${i}]: unknown game ${s}`);
    return s;
  });
}

export function providerImage(slug: string): string {
  return `/images/games/providers/${slug}.svg`;
}

export function gameImage(slug: string): string {
  return `/images/games/${slug}.svg`;
}

interface CatalogueEntry {
  slug: string;
  title: string;
  studio: string;
  engine: string;
  volatility: string;
  description: string;
  flags: Record<string, boolean>;
}

function readCatalogue(data: unknown, file: string): { studios: { slug: string; name: string; tagline: string }[]; games: CatalogueEntry[] } {
  if (!isRecord(data) || !Array.isArray(data.studios) || !Array.isArray(data.games)) fail(file, 'expected { studios: [...], games: [...] }');
  const studios = data.studios.map((s, i) => {
    if (!isRecord(s)) fail(file, `studios[${i}] must be an object`);
    return { slug: text(s.slug, `studios[${i}].slug`, file), name: text(s.name, `studios[${i}].name`, file), tagline: typeof s.tagline === 'string' ? s.tagline : '' };
  });
  const studioSlugs = new Set(studios.map((s) => s.slug));
  const games = data.games.map((g, i): CatalogueEntry => {
    const where = `games[${i}]`;
    if (!isRecord(g) || !isRecord(g.flags)) fail(file, `${where} must be an object with flags`);
    const studio = text(g.studio, `${where}.studio`, file);
    if (!studioSlugs.has(studio)) fail(file, `${where}: unknown studio ${studio}`);
    return {
      slug: text(g.slug, `${where}.slug`, file),
      title: text(g.title, `${where}.title`, file),
      studio,
      engine: text(g.engine, `${where}.engine`, file),
      volatility: text(g.volatility, `${where}.volatility`, file),
      description: typeof g.description === 'string' ? g.description : '',
      flags: Object.fromEntries(Object.entries(g.flags).map(([k, v]) => [k, v === true])),
    };
  });
  return { studios, games };
}

/** `{ [locale]: { [slug]: text } }`: languages other than English (the studio's text), known games, texts of at most 500 characters. */
function readDescriptions(data: unknown, file: string, known: ReadonlySet<string>): Record<string, Record<string, string>> {
  if (!isRecord(data)) fail(file, 'expected { "es": { "<game slug>": "…" } }');
  const out: Record<string, Record<string, string>> = {};
  for (const [locale, texts] of Object.entries(data)) {
    if (locale.startsWith('_')) continue;
    if (!/^[a-z]{2}$/.test(locale) || locale === 'en') fail(file, `"${locale}": a language code other than en (English is the studio's own text)`);
    if (!isRecord(texts)) fail(file, `"${locale}" must be an object of texts by game slug`);
    out[locale] = {};
    for (const [slug, value] of Object.entries(texts)) {
      if (!known.has(slug)) fail(file, `${locale}.${slug}: unknown game`);
      const where = `${locale}.${slug}`;
      const description = text(value, where, file);
      if (description.length > 500) fail(file, `${where}: at most 500 characters`);
      out[locale][slug] = description;
    }
  }
  return out;
}

/** `{ games: { [slug]: title }, studios: { [slug]: name } }`: Spanish names of known games and studios, at most 200 characters. */
function readSpanishNames(data: unknown, file: string, games: ReadonlySet<string>, studios: ReadonlySet<string>): { games: Map<string, string>; studios: Map<string, string> } {
  if (!isRecord(data) || !isRecord(data.games) || (data.studios !== undefined && !isRecord(data.studios))) fail(file, 'expected { "games": { "<game slug>": "…" }, "studios": { "<studio slug>": "…" } }');
  const read = (entries: Record<string, unknown>, part: string, known: ReadonlySet<string>) => {
    const out = new Map<string, string>();
    for (const [slug, value] of Object.entries(entries)) {
      if (!known.has(slug)) fail(file, `${part}.${slug}: unknown ${part === 'games' ? 'game' : 'studio'}`);
      const name = text(value, `${part}.${slug}`, file).trim();
      if (name.length === 0 || name.length > 200) fail(file, `${part}.${slug}: 1 to 200 characters`);
      out.set(slug, name);
    }
    return out;
  };
  return { games: read(data.games, 'games', games), studios: read(isRecord(data.studios) ? data.studios : {}, 'studios', studios) };
}

export async function seed(db: Kysely<Database>): Promise<void> {
  const sources = FILES.map((file) => {
    const source = readContentText(CONTENT_DIR, file);
    if (source === undefined) fail(file, 'missing');
    return { file, source, data: parseContentJson(source, file) };
  });
  type Source = (typeof sources)[number];
  const [catalogueFile, issuesFile, menuFile, sectionsFile, homeFile, descriptionsFile, spanishFile] = sources as [Source, Source, Source, Source, Source, Source, Source];
  const catalogue = readCatalogue(catalogueFile.data, catalogueFile.file);
  const known = new Set(catalogue.games.map((g) => g.slug));
  const descriptions = readDescriptions(descriptionsFile.data, descriptionsFile.file, known);
  const spanish = readSpanishNames(spanishFile.data, spanishFile.file, known, new Set(catalogue.studios.map((s) => s.slug)));

  const issues = readItems(issuesFile.data, 'items', issuesFile.file).map((item, i) => {
    const where = `items[${i}]`;
    if (!isRecord(item)) fail(issuesFile.file, `${where} must be an object`);
    const fromFlag = optionalText(item.fromFlag, `${where}.fromFlag`, issuesFile.file);
    if (fromFlag !== null && !(FLAG_KEYS as readonly string[]).includes(fromFlag)) fail(issuesFile.file, `${where}.fromFlag: unknown flag ${fromFlag}`);
    const games = fromFlag !== null ? catalogue.games.filter((g) => g.flags[fromFlag] === true).map((g) => g.slug) : slugList(item.games, `${where}.games`, issuesFile.file, known);
    return { key: text(item.key, `${where}.key`, issuesFile.file), slug: text(item.slug, `${where}.slug`, issuesFile.file), title: text(item.title, `${where}.title`, issuesFile.file), icon: optionalText(item.icon, `${where}.icon`, issuesFile.file), games };
  });
  const issueSlugs = new Set(issues.map((i) => i.slug));
  const menu = readItems(menuFile.data, 'items', menuFile.file).map((item, i) => {
    const where = `items[${i}]`;
    if (!isRecord(item)) fail(menuFile.file, `${where} must be an object`);
    const issue = optionalText(item.issue, `${where}.issue`, menuFile.file);
    if (issue !== null && !issueSlugs.has(issue)) fail(menuFile.file, `${where}.issue: unknown issue ${issue}`);
    return { title: text(item.title, `${where}.title`, menuFile.file), url: text(item.url, `${where}.url`, menuFile.file), issue_slug: issue, icon: optionalText(item.icon, `${where}.icon`, menuFile.file), position: i };
  });
  const sections = readItems(sectionsFile.data, 'items', sectionsFile.file).map((item, i) => {
    const where = `items[${i}]`;
    if (!isRecord(item)) fail(sectionsFile.file, `${where} must be an object`);
    const issue = text(item.issue, `${where}.issue`, sectionsFile.file);
    if (!issueSlugs.has(issue)) fail(sectionsFile.file, `${where}.issue: unknown issue ${issue}`);
    const rows = item.rowsPerSlide;
    if (typeof rows !== 'number' || !Number.isInteger(rows) || rows < 1 || rows > 4) fail(sectionsFile.file, `${where}.rowsPerSlide must be 1 to 4`);
    return { key: text(item.key, `${where}.key`, sectionsFile.file), title: text(item.title, `${where}.title`, sectionsFile.file), issue_slug: issue, rows_per_slide: rows, position: i };
  });
  const home = homeFile.data;
  if (!isRecord(home) || !Array.isArray(home.gameOfWeek) || !Array.isArray(home.jackpots)) fail(homeFile.file, 'expected gameOfWeek and jackpots arrays');
  const weeks = home.gameOfWeek.map((item, i) => {
    if (!isRecord(item)) fail(homeFile.file, `gameOfWeek[${i}] must be an object`);
    const game = text(item.game, `gameOfWeek[${i}].game`, homeFile.file);
    if (!known.has(game)) fail(homeFile.file, `gameOfWeek[${i}]: unknown game ${game}`);
    const startsAt = Date.parse(text(item.startsAt, `gameOfWeek[${i}].startsAt`, homeFile.file));
    if (!Number.isFinite(startsAt)) fail(homeFile.file, `gameOfWeek[${i}].startsAt is not a date`);
    return { game, startsAt };
  });
  const pools = home.jackpots.map((item, i) => {
    if (!isRecord(item) || (item.currency !== 'GC' && item.currency !== 'FC') || !Number.isSafeInteger(item.seedAmount) || (item.seedAmount as number) <= 0) {
      fail(homeFile.file, `jackpots[${i}] needs currency GC or FC and a positive integer seedAmount`);
    }
    return { currency: item.currency as 'GC' | 'FC', seedAmount: item.seedAmount as number };
  });
  const homeContent = { seo: home.seo ?? null, banners: home.banners ?? [], collections: home.collections ?? [] };
  // Texts players read are kept per language ({ "en": …, "es": … }; English is the fallback).
  const localized = (value: unknown, where: string) => {
    const problem = localizedTextProblem(value);
    if (problem) fail(homeFile.file, `${where} ${problem}`);
  };
  if (homeContent.seo !== null) {
    if (!isRecord(homeContent.seo)) fail(homeFile.file, 'seo must be an object');
    localized(homeContent.seo.title, 'seo.title');
    localized(homeContent.seo.description, 'seo.description');
  }
  for (const [i, b] of (Array.isArray(homeContent.banners) ? homeContent.banners : []).entries()) {
    if (!isRecord(b)) fail(homeFile.file, `banners[${i}] must be an object`);
    localized(b.title, `banners[${i}].title`);
    localized(b.text, `banners[${i}].text`);
  }
  for (const [i, c] of (Array.isArray(homeContent.collections) ? homeContent.collections : []).entries()) {
    if (!isRecord(c)) fail(homeFile.file, `collections[${i}] must be an object`);
    localized(c.title, `collections[${i}].title`);
    slugList(c.games, `collections[${i}].games`, homeFile.file, known);
  }

  const version = contentVersion(...sources.map((s) => s.source));
  const now = Date.now();
  await applyContentSet(db, 'games.catalogue', version, now, async (trx) => {
    await applyCatalogue(trx, now, { catalogue, issues, menu, sections, weeks, homeContent, descriptions, spanish });
  });
  for (const pool of pools) await seedJackpotPool(db, pool.currency, pool.seedAmount);
}

interface CatalogueContent {
  catalogue: ReturnType<typeof readCatalogue>;
  issues: { key: string; slug: string; title: string; icon: string | null; games: string[] }[];
  menu: { title: string; url: string; issue_slug: string | null; icon: string | null; position: number }[];
  sections: { key: string; title: string; issue_slug: string; rows_per_slide: number; position: number }[];
  weeks: { game: string; startsAt: number }[];
  homeContent: Record<string, unknown>;
  descriptions: Record<string, Record<string, string>>;
  spanish: { games: ReadonlyMap<string, string>; studios: ReadonlyMap<string, string> };
}

async function applyCatalogue(trx: Transaction<Database>, now: number, content: CatalogueContent): Promise<void> {
  const { studios, games: catalogueGames } = content.catalogue;
  for (const [position, studio] of studios.entries()) {
    await trx
      .insertInto('game_providers')
      .values({ slug: studio.slug, name: studio.name, name_es: content.spanish.studios.get(studio.slug) ?? null, tagline: studio.tagline, image: providerImage(studio.slug), position, is_active: 1 })
      .onConflict((oc) => oc.column('slug').doUpdateSet({ name: studio.name, name_es: content.spanish.studios.get(studio.slug) ?? null, tagline: studio.tagline, image: providerImage(studio.slug), position, is_active: 1 }))
      .execute();
  }
  const providers = new Map((await trx.selectFrom('game_providers').select(['id', 'slug']).execute()).map((p) => [p.slug, p.id]));
  for (const [position, game] of catalogueGames.entries()) {
    const providerId = providers.get(game.studio);
    if (providerId === undefined) throw new Error(`game ${game.slug}: unknown studio ${game.studio}`);
    const values = { title: game.title, title_es: content.spanish.games.get(game.slug) ?? null, provider_id: providerId, image: gameImage(game.slug), engine: game.engine, volatility: game.volatility, description: game.description, is_active: 1, position };
    await trx
      .insertInto('games')
      .values({ slug: game.slug, ...values, created_at_ms: now })
      .onConflict((oc) => oc.column('slug').doUpdateSet(values))
      .execute();
  }
  // Games that left the catalogue stay (rounds refer to them) but are hidden.
  await trx.updateTable('games').set({ is_active: 0 }).where('slug', 'not in', catalogueGames.map((g) => g.slug)).execute();
  const games = new Map((await trx.selectFrom('games').select(['id', 'slug']).execute()).map((g) => [g.slug, g.id]));

  await trx.deleteFrom('game_issue_games').execute();
  await trx.deleteFrom('game_issues').where('key', 'not in', content.issues.map((i) => i.key)).execute();
  for (const [position, issue] of content.issues.entries()) {
    await trx
      .insertInto('game_issues')
      .values({ key: issue.key, slug: issue.slug, title: issue.title, icon: issue.icon, position })
      .onConflict((oc) => oc.column('key').doUpdateSet({ slug: issue.slug, title: issue.title, icon: issue.icon, position }))
      .execute();
    const { id } = await trx.selectFrom('game_issues').select('id').where('key', '=', issue.key).executeTakeFirstOrThrow();
    const rows = issue.games.map((slug, i) => ({ issue_id: id, game_id: games.get(slug)!, position: i }));
    if (rows.length > 0) await trx.insertInto('game_issue_games').values(rows).execute();
  }
  await trx.deleteFrom('game_menu_items').execute();
  if (content.menu.length > 0) await trx.insertInto('game_menu_items').values(content.menu).execute();
  await trx.deleteFrom('game_scheme_sections').execute();
  if (content.sections.length > 0) await trx.insertInto('game_scheme_sections').values(content.sections).execute();
  for (const week of content.weeks) {
    const gameId = games.get(week.game)!;
    await trx
      .insertInto('games_of_week')
      .values({ game_id: gameId, starts_at_ms: week.startsAt })
      .onConflict((oc) => oc.column('starts_at_ms').doUpdateSet({ game_id: gameId }))
      .execute();
  }
  for (const [key, value] of [
    [HOME_CONTENT_SETTING, content.homeContent],
    [GAME_DESCRIPTIONS_SETTING, content.descriptions],
  ] as const) {
    const json = JSON.stringify(value);
    await trx
      .insertInto('settings')
      .values({ key, value_json: json, updated_at_ms: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value_json: json, updated_at_ms: now }))
      .execute();
  }
}
