/**
 * The adventure map (docs/features/adventure-map.md): the map's event and rules (one row), its stops
 * with their points and awards, each player's points and current stop, and the awards claimed.
 */
export interface AdventureMapSettingsTable {
  id: number;
  slug: string;
  /** `{ "en": …, "es": … }`. */
  title_json: string;
  active: number;
  starts_at_ms: number;
  ends_at_ms: number;
  points_per_round: number;
  points_per_task: number;
  updated_at_ms: number;
}

export interface AdventureMapSectionsTable {
  section_index: number;
  points_needed: number;
  award_gc: number;
  award_fc_cents: number;
}

export interface AdventureMapPlayersTable {
  player_id: number;
  /** The map (settings slug) these points belong to: a new map starts everyone over. */
  map_slug: string;
  points: number;
  current_index: number;
  updated_at_ms: number;
}

export interface AdventureMapClaimsTable {
  player_id: number;
  map_slug: string;
  section_index: number;
  claimed_at_ms: number;
}

export interface AdventureMapTables {
  adventure_map_settings: AdventureMapSettingsTable;
  adventure_map_sections: AdventureMapSectionsTable;
  adventure_map_players: AdventureMapPlayersTable;
  adventure_map_claims: AdventureMapClaimsTable;
}

declare module '../schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's tables
  interface Database extends AdventureMapTables {}
}
