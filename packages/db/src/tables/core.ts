/** Operator settings (key → JSON value), editable without a deploy. */
export interface SettingsTable {
  key: string;
  value_json: string;
  updated_at_ms: number;
}

export interface CoreTables {
  settings: SettingsTable;
}
