/** A feature's site-wide state for app init (docs/adding-a-feature.md, "App init"); JSON the feature owns. */
export interface FeatureStatusTable {
  feature: string;
  status_json: string;
  updated_at_ms: number;
}

/** A player's state in one feature for app init; JSON the feature owns. */
export interface PlayerFeatureStateTable {
  player_id: number;
  feature: string;
  state_json: string;
  updated_at_ms: number;
}

export interface FeatureStateTables {
  feature_status: FeatureStatusTable;
  player_feature_state: PlayerFeatureStateTable;
}
