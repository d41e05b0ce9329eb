import type { Generated } from 'kysely';

/**
 * Pop-up ads (docs/features/pop-up-ads.md): campaigns ("companies" in the spec's fields) with their
 * targeting and active window, their pop-ups with triggers, delay and content per locale, and one log
 * row per answer (the spec's `log_id`) with what the visitor did. Frequency rules live in `settings`
 * ('pop-up-ads.settings').
 */
export interface PopUpAdCampaignsTable {
  id: Generated<number>;
  name: string;
  /** company_priority. */
  priority: number;
  active: number;
  audience: 'guests' | 'players' | 'everyone';
  deposits: 'any' | 'with' | 'without';
  starts_at_ms: number | null;
  ends_at_ms: number | null;
  /** JSON array of normalized emails: when not empty, a preview only these players see. */
  test_player_emails_json: string;
  created_at_ms: number;
  updated_at_ms: number;
}

export interface PopUpAdsTable {
  id: Generated<number>;
  campaign_id: number;
  name: string;
  /** popup_priority. */
  priority: number;
  active: number;
  /** popup_delay_time, seconds. */
  delay_seconds: number;
  /** JSON array of trigger names. */
  triggers_json: string;
  image: string;
  cta_url: string;
  /** JSON: { en: {title, text, ctaLabel}, es: {…} }. */
  content_json: string;
  created_at_ms: number;
  updated_at_ms: number;
}

export interface PopUpAdLogsTable {
  id: Generated<number>;
  /** Null when nothing was answered because responsible play suppressed it (`suppressed` says why). */
  popup_id: number | null;
  campaign_id: number | null;
  player_id: number | null;
  /** The guest's `tracking_id` cookie (null for players). */
  tracking_id: string | null;
  trigger_type: 'closeCashbox' | 'closeGame' | 'sessionStart';
  /** The operator day of the answer (the daily cap counts per day). */
  day: string;
  suppressed: string | null;
  created_at_ms: number;
  shown_at_ms: number | null;
  clicked_at_ms: number | null;
  closed_at_ms: number | null;
}

export interface PopUpAdsTables {
  pop_up_ad_campaigns: PopUpAdCampaignsTable;
  pop_up_ads: PopUpAdsTable;
  pop_up_ad_logs: PopUpAdLogsTable;
}

declare module '../schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's tables
  interface Database extends PopUpAdsTables {}
}
