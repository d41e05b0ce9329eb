import { AppError } from '@sweepstack/contracts/errors';
import { POP_UP_ACTIONS, type PopUpAction, type PopUpAd, type PopUpContent, type PopUpImage, type PopUpTrigger } from '@sweepstack/contracts/pop-up-ads/popup-ads';
import { writeFeatureStatus } from '@sweepstack/db/repositories/feature-state';
import type { Player } from '@sweepstack/db/repositories/players';
import {
  activeCampaigns,
  insertLog,
  listCampaigns,
  listPopups,
  logById,
  markLog,
  POP_UP_ADS_FEATURE,
  readPopUpAdsSettings,
  viewerHistory,
  type PopUpCampaignRow,
  type PopUpRow,
  type ViewerKey,
} from '@sweepstack/db/pop-up-ads/repository';
import { readOperatorTimeZone } from '@sweepstack/db/rewards/operator-time-zone';
import type { Database } from '@sweepstack/db/schema';
import { campaignTargets, chooseAd, logTransition, type CampaignRule, type PopupRule, type PopUpTriggerName } from '@sweepstack/domain/pop-up-ads/choose-ad';
import { operatorDay } from '@sweepstack/domain/shared/operator-day';
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../../app-context';

type Campaign = CampaignRule & { row: PopUpCampaignRow };
type Popup = PopupRule & { row: PopUpRow };

const num = (v: number | string | bigint | null): number | null => (v === null ? null : Number(v));

export function campaignRule(row: PopUpCampaignRow): Campaign {
  return { id: Number(row.id), priority: row.priority, active: Number(row.active) === 1, audience: row.audience, deposits: row.deposits, startsAtMs: num(row.starts_at_ms), endsAtMs: num(row.ends_at_ms), testPlayerEmails: JSON.parse(row.test_player_emails_json) as string[], row };
}

export function popupRule(row: PopUpRow): Popup {
  return { id: Number(row.id), campaignId: Number(row.campaign_id), priority: row.priority, active: Number(row.active) === 1, triggers: JSON.parse(row.triggers_json) as PopUpTriggerName[], row };
}

/** The active campaigns running at `nowMs` (their window contains it), whoever they target. */
async function runningCampaigns(db: Kysely<Database>, nowMs: number): Promise<Campaign[]> {
  return (await activeCampaigns(db)).map(campaignRule).filter((c) => (c.startsAtMs === null || nowMs >= c.startsAtMs) && (c.endsAtMs === null || nowMs < c.endsAtMs));
}

/** Whether pop-up ads are active for anyone now (the `tracking_id` cookie is set only then). */
export async function adsRunning(db: Kysely<Database>, nowMs: number): Promise<boolean> {
  return (await runningCampaigns(db, nowMs)).length > 0;
}

/** App init's `popUpAds.isActive`: some campaign is switched on. Written with every change of the campaigns. */
export async function writePopUpAdsStatus(trx: Transaction<Database>, nowMs: number): Promise<void> {
  const any = (await listCampaigns(trx)).some((c) => Number(c.active) === 1 && (c.ends_at_ms === null || Number(c.ends_at_ms) > nowMs));
  await writeFeatureStatus(trx, POP_UP_ADS_FEATURE, { isActive: any }, nowMs);
}

/**
 * Who asks. A player comes with their responsible-play suppression (`suppressionOf`, null: none); a
 * guest with whether their browser is held (a restricted player was seen on it: browser-hold.ts).
 */
export type Asker = { kind: 'guest'; trackingId: string; held: boolean } | { kind: 'player'; player: Player; suppressed: string | null };

/**
 * The answer of the guest and player calls: the highest-priority eligible ad for the trigger as the
 * one element of the list, with the log row written for it; an empty list when none (pop-up ads off,
 * no campaign targets the visitor, a frequency rule, or responsible play: that suppression is logged).
 */
export async function answerPopUpAds(deps: Pick<AppDeps, 'database' | 'clock'>, asker: Asker, trigger: PopUpTrigger): Promise<PopUpAd[]> {
  const { db } = deps.database;
  const nowMs = deps.clock.nowMs();
  const campaigns = await runningCampaigns(db, nowMs);
  if (campaigns.length === 0) return [];
  const day = operatorDay(nowMs, await readOperatorTimeZone(db));
  const key: ViewerKey = asker.kind === 'guest' ? { trackingId: asker.trackingId } : { playerId: asker.player.id };
  const owner = asker.kind === 'guest' ? { player_id: null, tracking_id: asker.trackingId } : { player_id: asker.player.id, tracking_id: null };
  // Responsible play: logged, and nothing else.
  const suppressed = asker.kind === 'player' ? asker.suppressed : asker.held ? 'browser:hold' : null;
  if (suppressed !== null) {
    await insertLog(db, { ...owner, popup_id: null, campaign_id: null, trigger_type: trigger, day, suppressed, created_at_ms: nowMs, shown_at_ms: null, clicked_at_ms: null, closed_at_ms: null });
    return [];
  }
  const depositsCount =
    asker.kind === 'guest' ? 0 : Number((await db.selectFrom('cashier_player_stats').select('deposits_count').where('player_id', '=', asker.player.id).executeTakeFirst())?.deposits_count ?? 0);
  const viewer = asker.kind === 'guest' ? { kind: 'guest' as const } : { kind: 'player' as const, email: asker.player.email_normalized, depositsCount };
  const targeted = campaigns.filter((c) => campaignTargets(c, viewer, nowMs));
  if (targeted.length === 0) return [];
  const popups = (await listPopups(db, targeted.map((c) => c.id))).map(popupRule);
  const rules = await readPopUpAdsSettings(db);
  return db.transaction().execute(async (trx) => {
    const history = await viewerHistory(trx, key, day, nowMs - rules.hideAfterCloseHours * 3_600_000);
    const choice = chooseAd({ campaigns: targeted, popups, trigger, viewer, history, rules, nowMs });
    if (choice.kind === 'none') return [];
    const { campaign, popup } = choice;
    const logId = await insertLog(trx, { ...owner, popup_id: popup.id, campaign_id: campaign.id, trigger_type: trigger, day, suppressed: null, created_at_ms: nowMs, shown_at_ms: null, clicked_at_ms: null, closed_at_ms: null });
    return [
      {
        companyInfo: { company_id: campaign.id, company_name: campaign.row.name, company_priority: campaign.priority },
        contentInfo: {
          popup_id: popup.id,
          popup_name: popup.row.name,
          popup_delay_time: popup.row.delay_seconds,
          popup_priority: popup.priority,
          popup_data: { image: popup.row.image as PopUpImage, ctaUrl: popup.row.cta_url, content: JSON.parse(popup.row.content_json) as PopUpContent },
        },
        logInfo: { log_id: logId },
      },
    ];
  });
}

/** `shown`, `clicked`, `closed`, or their numbers 1, 2, 3 (the spec names the field `action_id`). */
export function actionOf(value: string | number): PopUpAction {
  if (typeof value === 'number') {
    const byNumber = Number.isInteger(value) ? POP_UP_ACTIONS[value - 1] : undefined;
    if (byNumber) return byNumber;
  } else if ((POP_UP_ACTIONS as readonly string[]).includes(value)) return value as PopUpAction;
  throw new AppError('POP_UP_ADS_UNKNOWN_ACTION');
}

/**
 * POST /rest/pop-up-ads/log-action/: records shown, clicked or closed on the visitor's own log row,
 * once (a repeat is answered as done, nothing changes).
 */
export async function logAction(deps: Pick<AppDeps, 'database' | 'clock'>, input: { logId: number; action: PopUpAction; viewer: ViewerKey | null }): Promise<void> {
  const { db } = deps.database;
  const log = await logById(db, input.logId);
  if (!log || log.popup_id === null) throw new AppError('POP_UP_ADS_LOG_NOT_FOUND');
  const mine = input.viewer !== null && ('playerId' in input.viewer ? log.player_id === input.viewer.playerId : log.tracking_id === input.viewer.trackingId);
  if (!mine) throw new AppError('POP_UP_ADS_LOG_NOT_YOURS');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const current = attempt === 0 ? log : (await logById(db, input.logId))!;
    const marks = { shownAtMs: num(current.shown_at_ms), clickedAtMs: num(current.clicked_at_ms), closedAtMs: num(current.closed_at_ms) };
    const step = logTransition(marks, input.action);
    if (step === 'same') return;
    if (step === 'outOfOrder') throw new AppError('POP_UP_ADS_ACTION_OUT_OF_ORDER');
    if (await markLog(db, input.logId, input.action, deps.clock.nowMs())) return;
    // A concurrent action recorded first: judge again against what it wrote.
  }
  throw new AppError('POP_UP_ADS_ACTION_OUT_OF_ORDER');
}
