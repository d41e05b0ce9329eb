/**
 * Operator content of the player site (shell menus, footer, legal pages, translations, restricted
 * states, route rules), seeded from the versioned files under `content/` and editable in place.
 * See docs/app-data.md for the seeding rule. Booleans are integers 0/1.
 */

/** One row per content set: which file version was last applied, and when anything last changed. */
export interface ContentSetsTable {
  /** e.g. `menu`, `translations:en`. */
  name: string;
  /** SHA-256 (hex) of the source file(s) last applied by the seed. */
  version: string;
  applied_at_ms: number;
  /** Bumped by the seed and by every operator edit: caches reload when it moves. */
  updated_at_ms: number;
}

/** Sidebar (`main`) and mobile tap-bar (`tap_bar`) entries. */
export interface MenuItemsTable {
  menu: 'main' | 'tap_bar';
  item_key: string;
  position: number;
  /** `{ "en": "Lobby", "es": "Lobby" }`; a missing locale falls back to en. */
  titles_json: string;
  url: string;
  image: string | null;
  image_active: string | null;
  subsection_number: number | null;
  is_new: number;
  animation_event: string | null;
  is_granted_for_guest: number;
  show_player_with_deposits: number;
  show_player_without_deposits: number;
}

/** Small JSON documents of the shell: `footer`, `social-networks`, `trustpilot`, `feat-info`. */
export interface ContentBlocksTable {
  name: string;
  value_json: string;
  updated_at_ms: number;
}

/** Legal pages of the footer (`/page/{name}`), one row per locale; `body` is Markdown. */
export interface LegalPagesTable {
  name: string;
  locale: string;
  title: string;
  body: string;
  updated_at_ms: number;
}

/** UI messages: one row per locale and dotted key (`errorPage.title`). */
export interface TranslationsTable {
  locale: string;
  key: string;
  value: string;
}

/** US states where sweepstakes play is restricted. */
export interface RestrictedStatesTable {
  code: string;
  name: string;
}

/** Per-path routing rules (docs/route-rules.md). */
export interface RouteRulesTable {
  /** `/how-to-play` (exact, trailing slash optional) or `/affiliates/*` (the path and everything under it). */
  path_pattern: string;
  redirect: string | null;
  absolute_redirect: string | null;
  /** `{"affiliate-redirect":true,"route-guard":false}`. */
  middlewares_json: string;
}

export interface ContentTables {
  content_sets: ContentSetsTable;
  menu_items: MenuItemsTable;
  content_blocks: ContentBlocksTable;
  legal_pages: LegalPagesTable;
  translations: TranslationsTable;
  restricted_states: RestrictedStatesTable;
  route_rules: RouteRulesTable;
}
