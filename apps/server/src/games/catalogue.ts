import type { CatalogueGame, GamesPayload } from '@sweepstack/contracts/games/catalogue';
import { loadCatalogueRows, type CatalogueRows } from '@sweepstack/db/repositories/games';
import { findGame } from '@sweepstack/games/catalogue/games';
import type { CatalogueGame as StudioGame } from '@sweepstack/games/catalogue/types';
import type { AppDeps } from '../app-context';
import { contentCache } from '../lib/content-cache';

/** The app version the games query carries (spec §9: 2.28.0 with underscores). */
export const VERSION_APP = '2_28_0';

/** The catalogue of one content snapshot: the payload plus the lookups the play API needs. */
export interface Catalogue {
  payload: GamesPayload;
  /** The payload's JSON text, serialized once per snapshot. */
  json: string;
  /**
   * The payload and its JSON in a language (the games' descriptions, and in Spanish their titles and
   * the studios' names in `title`; English where there is no text in it), built once per snapshot and language.
   */
  inLocale(locale: string): { payload: GamesPayload; json: string };
  byId: ReadonlyMap<number, { game: CatalogueGame; studio: StudioGame }>;
  issuesBySlug: ReadonlyMap<string, { title: string; key: string; games: number[] }>;
  gamesOfWeek: CatalogueRows['gamesOfWeek'];
  validIds: ReadonlySet<number>;
}

export function buildCatalogue(rows: CatalogueRows): Catalogue {
  const providerSlug = new Map(rows.providers.map((p) => [p.id, p.slug]));
  const issueSlug = new Map(rows.issues.map((i) => [i.id, i.slug]));
  const active = rows.games.filter((g) => providerSlug.has(g.provider_id) && findGame(g.slug) !== undefined);
  const activeIds = new Set(active.map((g) => g.id));
  const issueGamesIds: Record<string, number[]> = {};
  const gameIssues = new Map<number, string[]>();
  for (const issue of rows.issues) issueGamesIds[issue.slug] = [];
  for (const row of rows.issueGames) {
    const slug = issueSlug.get(row.issue_id);
    if (!slug || !activeIds.has(row.game_id)) continue;
    issueGamesIds[slug]!.push(row.game_id);
    gameIssues.set(row.game_id, [...(gameIssues.get(row.game_id) ?? []), slug]);
  }
  const providerGamesIds: Record<string, number[]> = {};
  for (const p of rows.providers) providerGamesIds[p.slug] = [];
  const byId = new Map<number, { game: CatalogueGame; studio: StudioGame }>();
  const games = active.map((g): CatalogueGame => {
    const provider = providerSlug.get(g.provider_id)!;
    providerGamesIds[provider]!.push(g.id);
    const game: CatalogueGame = { id: g.id, slug: g.slug, title: g.title, titleEs: g.title_es ?? null, img: g.image, logo: g.image, issues: gameIssues.get(g.id) ?? [], providers: [provider], engine: g.engine, volatility: g.volatility, description: g.description };
    byId.set(g.id, { game, studio: findGame(g.slug)! });
    return game;
  });
  const payload: GamesPayload = {
    games,
    providers: rows.providers.map((p) => ({ id: p.id, slug: p.slug, title: p.name, titleEs: p.name_es ?? null, img: p.image, gamesCount: providerGamesIds[p.slug]!.length })),
    issues: rows.issues.map((i) => ({ id: i.id, key: i.key, slug: i.slug, title: i.title, icon: i.icon, gamesCount: issueGamesIds[i.slug]!.length })),
    issueGamesIds,
    providerGamesIds,
    menu: rows.menu.map((m) => ({ title: m.title, url: m.url, issue: m.issue_slug, icon: m.icon })),
    schemeSections: rows.sections.map((s) => ({ key: s.key, title: s.title, issue: s.issue_slug, rowsPerSlide: s.rows_per_slide })),
  };
  const json = JSON.stringify({ success: true, data: payload });
  const byLocale = new Map<string, { payload: GamesPayload; json: string }>();
  const inLocale = (locale: string) => {
    const texts = rows.descriptions[locale] ?? {};
    const spanish = locale === 'es';
    if (locale === 'en') return { payload, json };
    let localized = byLocale.get(locale);
    if (!localized) {
      const translated: GamesPayload = {
        ...payload,
        games: payload.games.map((g) => ({ ...g, title: (spanish && g.titleEs) || g.title, description: texts[g.slug] ?? g.description })),
        providers: payload.providers.map((p) => ({ ...p, title: (spanish && p.titleEs) || p.title })),
      };
      localized = { payload: translated, json: JSON.stringify({ success: true, data: translated }) };
      byLocale.set(locale, localized);
    }
    return localized;
  };
  return {
    payload,
    json,
    inLocale,
    byId,
    issuesBySlug: new Map(rows.issues.map((i) => [i.slug, { title: i.title, key: i.key, games: issueGamesIds[i.slug]! }])),
    gamesOfWeek: rows.gamesOfWeek,
    validIds: activeIds,
  };
}

/** The catalogue of the current content snapshot (read from the database once per snapshot). */
export async function currentCatalogue(deps: Pick<AppDeps, 'database'>): Promise<Catalogue> {
  const snapshot = await contentCache(deps).get();
  let loading = snapshot.memo.get('games:catalogue') as Promise<Catalogue> | undefined;
  if (!loading) {
    loading = loadCatalogueRows(deps.database.db).then(buildCatalogue);
    snapshot.memo.set('games:catalogue', loading);
    // A failed read must not stick: the next request tries again.
    loading.catch(() => snapshot.memo.delete('games:catalogue'));
  }
  return loading;
}

/** The game of the week at `nowMs`: the latest scheduled entry that has started and is still active. */
export function gameOfWeek(catalogue: Catalogue, nowMs: number): number | null {
  const entry = catalogue.gamesOfWeek.find((w) => w.starts_at_ms <= nowMs && catalogue.validIds.has(w.game_id));
  return entry?.game_id ?? null;
}
