/**
 * Which pop-up ad, if any, a trigger earns (docs/features/pop-up-ads.md). Pure: the caller reads the
 * campaigns, the viewer and the viewer's history, and writes the answer's log row.
 */

export type PopUpTriggerName = 'closeCashbox' | 'closeGame' | 'sessionStart';
export type Audience = 'guests' | 'players' | 'everyone';
export type DepositsRule = 'any' | 'with' | 'without';

export interface CampaignRule {
  id: number;
  /** company_priority: a higher campaign's ads come first. */
  priority: number;
  active: boolean;
  audience: Audience;
  deposits: DepositsRule;
  startsAtMs: number | null;
  endsAtMs: number | null;
  /** A preview: when not empty, only the players of these (normalized) emails see the campaign (an operator checks it on test accounts). */
  testPlayerEmails: readonly string[];
}

export interface PopupRule {
  id: number;
  campaignId: number;
  /** popup_priority: within a campaign, higher first. */
  priority: number;
  active: boolean;
  triggers: readonly PopUpTriggerName[];
}

export type Viewer = { kind: 'guest' } | { kind: 'player'; email: string; depositsCount: number };

export interface FrequencyRules {
  dailyCap: number;
  minGapMinutes: number;
  hideAfterCloseHours: number;
}

/** What the viewer has been answered before (from the log rows of answered ads). */
export interface ViewerHistory {
  /** Ads answered on this operator day. */
  answeredToday: number;
  /** When the last ad was answered, or null. */
  lastAnsweredAtMs: number | null;
  /** Each pop-up the viewer closed or clicked, with the last such time. */
  endedAtMs: ReadonlyMap<number, number>;
}

export type NoAdReason = 'noCandidate' | 'dailyCap' | 'tooSoon';
export type Choice<C extends CampaignRule, P extends PopupRule> = { kind: 'ad'; campaign: C; popup: P } | { kind: 'none'; reason: NoAdReason };

/** Whether a campaign runs at `nowMs` and targets this viewer. */
export function campaignTargets(campaign: CampaignRule, viewer: Viewer, nowMs: number): boolean {
  if (!campaign.active) return false;
  if (campaign.startsAtMs !== null && nowMs < campaign.startsAtMs) return false;
  if (campaign.endsAtMs !== null && nowMs >= campaign.endsAtMs) return false;
  if (campaign.testPlayerEmails.length > 0 && (viewer.kind !== 'player' || !campaign.testPlayerEmails.includes(viewer.email))) return false;
  if (campaign.audience === 'guests' && viewer.kind !== 'guest') return false;
  if (campaign.audience === 'players' && viewer.kind !== 'player') return false;
  const deposits = viewer.kind === 'player' ? viewer.depositsCount : 0;
  if (campaign.deposits === 'with' && deposits === 0) return false;
  if (campaign.deposits === 'without' && deposits > 0) return false;
  return true;
}

/**
 * The highest-priority eligible pop-up for the trigger: campaigns by company priority, then pop-ups by
 * their own priority, ties to the older (lower id). The frequency rules come first: over the daily cap
 * or within the minimum gap since the last answered ad, nothing; a pop-up the viewer closed or clicked
 * within `hideAfterCloseHours` is skipped for the next one.
 */
export function chooseAd<C extends CampaignRule, P extends PopupRule>(input: {
  campaigns: readonly C[];
  popups: readonly P[];
  trigger: PopUpTriggerName;
  viewer: Viewer;
  history: ViewerHistory;
  rules: FrequencyRules;
  nowMs: number;
}): Choice<C, P> {
  const { history, rules, nowMs } = input;
  if (history.answeredToday >= rules.dailyCap) return { kind: 'none', reason: 'dailyCap' };
  if (history.lastAnsweredAtMs !== null && nowMs - history.lastAnsweredAtMs < rules.minGapMinutes * 60_000) return { kind: 'none', reason: 'tooSoon' };
  const campaigns = new Map(input.campaigns.filter((c) => campaignTargets(c, input.viewer, nowMs)).map((c) => [c.id, c]));
  const hideMs = rules.hideAfterCloseHours * 3_600_000;
  const candidates = input.popups
    .filter((p) => p.active && campaigns.has(p.campaignId) && p.triggers.includes(input.trigger))
    .filter((p) => {
      const ended = history.endedAtMs.get(p.id);
      return ended === undefined || nowMs - ended >= hideMs;
    })
    .sort((a, b) => campaigns.get(b.campaignId)!.priority - campaigns.get(a.campaignId)!.priority || b.priority - a.priority || a.id - b.id);
  const popup = candidates[0];
  return popup ? { kind: 'ad', campaign: campaigns.get(popup.campaignId)!, popup } : { kind: 'none', reason: 'noCandidate' };
}

/** The log actions in the order they may come: shown, then one of clicked or closed. */
export type LogAction = 'shown' | 'clicked' | 'closed';

export interface LogMarks {
  shownAtMs: number | null;
  clickedAtMs: number | null;
  closedAtMs: number | null;
}

/**
 * What recording `action` does to a log: `record` (set its time), `same` (already recorded: an
 * idempotent repeat) or `outOfOrder` (clicked or closed before shown; clicked after closed or the reverse).
 */
export function logTransition(marks: LogMarks, action: LogAction): 'record' | 'same' | 'outOfOrder' {
  if (action === 'shown') return marks.shownAtMs === null ? 'record' : 'same';
  if (marks.shownAtMs === null) return 'outOfOrder';
  if (action === 'clicked') return marks.clickedAtMs !== null ? 'same' : marks.closedAtMs !== null ? 'outOfOrder' : 'record';
  return marks.closedAtMs !== null ? 'same' : marks.clickedAtMs !== null ? 'outOfOrder' : 'record';
}

/** The frequency rules a new site starts with (operators change them; docs/features/pop-up-ads.md). */
export const DEFAULT_FREQUENCY_RULES: FrequencyRules = { dailyCap: 3, minGapMinutes: 10, hideAfterCloseHours: 24 };

/** Whether stored rules are usable (whole numbers in range); otherwise the defaults apply. */
export function validFrequencyRules(value: unknown): value is FrequencyRules {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  const whole = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
  return whole(r.dailyCap, 1, 20) && whole(r.minGapMinutes, 0, 1440) && whole(r.hideAfterCloseHours, 0, 720);
}
