import { DEFAULT_FREQUENCY_RULES, validFrequencyRules, type FrequencyRules } from '@sweepstack/domain/pop-up-ads/choose-ad';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import { readSetting, writeSetting } from '../repositories/settings';
import type { Database } from '../schema';
import type { PopUpAdCampaignsTable, PopUpAdLogsTable, PopUpAdsTable } from './tables';
import './tables';

type Db = Kysely<Database> | Transaction<Database>;

export const POP_UP_ADS_FEATURE = 'pop-up-ads';
export const POP_UP_ADS_SETTINGS_KEY = 'pop-up-ads.settings';

export type PopUpCampaignRow = Selectable<PopUpAdCampaignsTable>;
export type PopUpRow = Selectable<PopUpAdsTable>;
export type PopUpLogRow = Selectable<PopUpAdLogsTable>;

/** The operator's frequency rules; the defaults for anything unset or not valid. */
export async function readPopUpAdsSettings(db: Db): Promise<FrequencyRules> {
  const value = await readSetting(db, POP_UP_ADS_SETTINGS_KEY);
  return validFrequencyRules(value) ? { dailyCap: value.dailyCap, minGapMinutes: value.minGapMinutes, hideAfterCloseHours: value.hideAfterCloseHours } : DEFAULT_FREQUENCY_RULES;
}

export async function writePopUpAdsSettings(db: Db, settings: FrequencyRules, nowMs: number): Promise<void> {
  await writeSetting(db, POP_UP_ADS_SETTINGS_KEY, settings, nowMs);
}

export async function listCampaigns(db: Db): Promise<PopUpCampaignRow[]> {
  return db.selectFrom('pop_up_ad_campaigns').selectAll().orderBy('id').execute();
}

export async function listPopups(db: Db, campaignIds?: readonly number[]): Promise<PopUpRow[]> {
  let query = db.selectFrom('pop_up_ads').selectAll().orderBy('id');
  if (campaignIds !== undefined) {
    if (campaignIds.length === 0) return [];
    query = query.where('campaign_id', 'in', campaignIds);
  }
  return query.execute();
}

/** The active campaigns (their window is checked by the caller, with its clock). */
export async function activeCampaigns(db: Db): Promise<PopUpCampaignRow[]> {
  return db.selectFrom('pop_up_ad_campaigns').selectAll().where('active', '=', 1).orderBy('id').execute();
}

export async function campaignById(db: Db, id: number): Promise<PopUpCampaignRow | undefined> {
  return db.selectFrom('pop_up_ad_campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function popupById(db: Db, id: number): Promise<PopUpRow | undefined> {
  return db.selectFrom('pop_up_ads').selectAll().where('id', '=', id).executeTakeFirst();
}

export type CampaignValues = Omit<Insertable<PopUpAdCampaignsTable>, 'id' | 'created_at_ms' | 'updated_at_ms'>;
export type PopupValues = Omit<Insertable<PopUpAdsTable>, 'id' | 'campaign_id' | 'created_at_ms' | 'updated_at_ms'>;

export async function insertCampaign(db: Db, values: CampaignValues, nowMs: number): Promise<number> {
  const row = await db.insertInto('pop_up_ad_campaigns').values({ ...values, created_at_ms: nowMs, updated_at_ms: nowMs }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateCampaign(db: Db, id: number, values: CampaignValues, nowMs: number): Promise<boolean> {
  const result = await db.updateTable('pop_up_ad_campaigns').set({ ...values, updated_at_ms: nowMs }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertPopup(db: Db, campaignId: number, values: PopupValues, nowMs: number): Promise<number> {
  const row = await db.insertInto('pop_up_ads').values({ ...values, campaign_id: campaignId, created_at_ms: nowMs, updated_at_ms: nowMs }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updatePopup(db: Db, id: number, values: PopupValues, nowMs: number): Promise<boolean> {
  const result = await db.updateTable('pop_up_ads').set({ ...values, updated_at_ms: nowMs }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Who a log row belongs to: a player, or a guest by the `tracking_id` cookie. */
export type ViewerKey = { playerId: number } | { trackingId: string };

/**
 * What the frequency rules need of the viewer's answered ads: how many on `day`, the last one, and
 * each pop-up's last close or click since `endedSinceMs`.
 */
export async function viewerHistory(db: Db, viewer: ViewerKey, day: string, endedSinceMs: number): Promise<{ answeredToday: number; lastAnsweredAtMs: number | null; endedAtMs: Map<number, number> }> {
  const base = () => {
    const q = db.selectFrom('pop_up_ad_logs').where('popup_id', 'is not', null);
    return 'playerId' in viewer ? q.where('player_id', '=', viewer.playerId) : q.where('tracking_id', '=', viewer.trackingId);
  };
  const counts = await base()
    .select((eb) => [eb.fn.countAll<number>().as('n')])
    .where('day', '=', day)
    .executeTakeFirst();
  const last = await base().select('created_at_ms').orderBy('created_at_ms', 'desc').limit(1).executeTakeFirst();
  const ended = await base()
    .select(['popup_id', 'clicked_at_ms', 'closed_at_ms'])
    .where((eb) => eb.or([eb('clicked_at_ms', '>=', endedSinceMs), eb('closed_at_ms', '>=', endedSinceMs)]))
    .execute();
  const endedAtMs = new Map<number, number>();
  for (const row of ended) {
    const at = Math.max(Number(row.clicked_at_ms ?? 0), Number(row.closed_at_ms ?? 0));
    const id = Number(row.popup_id);
    endedAtMs.set(id, Math.max(endedAtMs.get(id) ?? 0, at));
  }
  return { answeredToday: Number(counts?.n ?? 0), lastAnsweredAtMs: last ? Number(last.created_at_ms) : null, endedAtMs };
}

export async function insertLog(db: Db, values: Omit<Insertable<PopUpAdLogsTable>, 'id'>): Promise<number> {
  const row = await db.insertInto('pop_up_ad_logs').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function logById(db: Db, id: number): Promise<PopUpLogRow | undefined> {
  return db.selectFrom('pop_up_ad_logs').selectAll().where('id', '=', id).executeTakeFirst();
}

const ACTION_COLUMNS = { shown: 'shown_at_ms', clicked: 'clicked_at_ms', closed: 'closed_at_ms' } as const;

/**
 * Records an action's time on a log row once; false when it was already recorded or the other end
 * (clicked or closed) was recorded first by a concurrent request.
 */
export async function markLog(db: Db, id: number, action: keyof typeof ACTION_COLUMNS, nowMs: number): Promise<boolean> {
  let query = db.updateTable('pop_up_ad_logs').set({ [ACTION_COLUMNS[action]]: nowMs }).where('id', '=', id).where(ACTION_COLUMNS[action], 'is', null);
  if (action === 'clicked') query = query.where('closed_at_ms', 'is', null).where('shown_at_ms', 'is not', null);
  if (action === 'closed') query = query.where('clicked_at_ms', 'is', null).where('shown_at_ms', 'is not', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listLogs(db: Db, filter: { playerId?: number; popupId?: number; limit: number }): Promise<PopUpLogRow[]> {
  let query = db.selectFrom('pop_up_ad_logs').selectAll().orderBy('id', 'desc').limit(filter.limit);
  if (filter.playerId !== undefined) query = query.where('player_id', '=', filter.playerId);
  if (filter.popupId !== undefined) query = query.where('popup_id', '=', filter.popupId);
  return query.execute();
}
