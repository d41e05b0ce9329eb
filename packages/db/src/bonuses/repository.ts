import type { BonusCampaignDefinition, BonusGrantStatus } from '@sweepstack/domain/bonuses/rules';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../schema';
import type { BonusCampaignsTable, BonusGrantsTable } from './tables';
import './tables';

type Db = Kysely<Database> | Transaction<Database>;

export const BONUSES_FEATURE = 'bonuses';

export type BonusCampaignRow = Selectable<BonusCampaignsTable>;
export type BonusGrantRow = Selectable<BonusGrantsTable>;
/** A grant with the bonus it gives (its campaign's columns prefixed `c_`). */
export type BonusGrantWithCampaign = BonusGrantRow & {
  c_bonus_type: BonusCampaignRow['bonus_type'];
  c_amount_cents: number | null;
  c_game_id: number | null;
  c_spins_count: number | null;
  c_bet_level: number | null;
  c_spins_currency: 'GC' | 'FC' | null;
  c_spins_lifetime_ms: number | null;
  c_active: number;
};

/** The campaign's columns of a definition (the type's other columns null). */
function definitionColumns(d: BonusCampaignDefinition) {
  return d.bonusType === 'freeEntries'
    ? { bonus_type: d.bonusType, amount_cents: d.amountCents, game_id: null, spins_count: null, bet_level: null, spins_currency: null, spins_lifetime_ms: null, claim_lifetime_ms: d.claimLifetimeMs }
    : { bonus_type: d.bonusType, amount_cents: null, game_id: d.gameId, spins_count: d.spinsCount, bet_level: d.betLevel, spins_currency: d.spinsCurrency, spins_lifetime_ms: d.spinsLifetimeMs, claim_lifetime_ms: d.claimLifetimeMs };
}

export async function insertCampaign(db: Db, c: { name: string; active: boolean; definition: BonusCampaignDefinition; nowMs: number }): Promise<BonusCampaignRow> {
  return db
    .insertInto('bonus_campaigns')
    .values({ name: c.name, active: c.active ? 1 : 0, ...definitionColumns(c.definition), created_at_ms: c.nowMs, updated_at_ms: c.nowMs })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function campaignById(db: Db, id: number): Promise<BonusCampaignRow | undefined> {
  return db.selectFrom('bonus_campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function campaignByName(db: Db, name: string): Promise<BonusCampaignRow | undefined> {
  return db.selectFrom('bonus_campaigns').selectAll().where('name', '=', name).orderBy('id').executeTakeFirst();
}

/** Every campaign, newest first. */
export async function listCampaigns(db: Db): Promise<BonusCampaignRow[]> {
  return db.selectFrom('bonus_campaigns').selectAll().orderBy('id', 'desc').execute();
}

/** How many grants of each status each campaign has. */
export async function grantCountsByCampaign(db: Db): Promise<Map<number, Record<BonusGrantStatus, number>>> {
  const rows = await db
    .selectFrom('bonus_grants')
    .select((eb) => ['campaign_id', 'status', eb.fn.countAll<number>().as('n')])
    .groupBy(['campaign_id', 'status'])
    .execute();
  const counts = new Map<number, Record<BonusGrantStatus, number>>();
  for (const row of rows) {
    const entry = counts.get(row.campaign_id) ?? { pending: 0, credited: 0, revoked: 0, expired: 0 };
    entry[row.status] = Number(row.n);
    counts.set(row.campaign_id, entry);
  }
  return counts;
}

export async function setCampaignActive(db: Db, id: number, active: boolean, nowMs: number): Promise<boolean> {
  const result = await db.updateTable('bonus_campaigns').set({ active: active ? 1 : 0, updated_at_ms: nowMs }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface NewBonusGrant {
  campaignId: number;
  playerId: number;
  grantKey: string;
  nowMs: number;
  expiresAtMs: number;
  grantedBy: number | null;
}

/** Sends a grant once per key: a retried request answers the first grant (`replayed`). */
export async function insertGrant(db: Db, g: NewBonusGrant): Promise<{ grant: BonusGrantRow; replayed: boolean }> {
  const inserted = await db
    .insertInto('bonus_grants')
    .values({ campaign_id: g.campaignId, player_id: g.playerId, status: 'pending', grant_key: g.grantKey, granted_at_ms: g.nowMs, expires_at_ms: g.expiresAtMs, granted_by: g.grantedBy, credited_at_ms: null, revoked_at_ms: null, expired_at_ms: null, free_spin_grant_id: null })
    .onConflict((oc) => oc.column('grant_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { grant: inserted, replayed: false };
  return { grant: await db.selectFrom('bonus_grants').selectAll().where('grant_key', '=', g.grantKey).executeTakeFirstOrThrow(), replayed: true };
}

function grantsWithCampaign(db: Db) {
  return db
    .selectFrom('bonus_grants as g')
    .innerJoin('bonus_campaigns as c', 'c.id', 'g.campaign_id')
    .selectAll('g')
    .select([
      'c.bonus_type as c_bonus_type',
      'c.amount_cents as c_amount_cents',
      'c.game_id as c_game_id',
      'c.spins_count as c_spins_count',
      'c.bet_level as c_bet_level',
      'c.spins_currency as c_spins_currency',
      'c.spins_lifetime_ms as c_spins_lifetime_ms',
      'c.active as c_active',
    ]);
}

export async function grantById(db: Db, id: number): Promise<BonusGrantWithCampaign | undefined> {
  return grantsWithCampaign(db).where('g.id', '=', id).executeTakeFirst();
}

/** The player's grants that can be claimed at `nowMs` (pending, unexpired, campaign on), soonest end first. */
export async function claimableGrants(db: Db, playerId: number, nowMs: number): Promise<BonusGrantWithCampaign[]> {
  return grantsWithCampaign(db)
    .where('g.player_id', '=', playerId)
    .where('g.status', '=', 'pending')
    .where('g.expires_at_ms', '>', nowMs)
    .where('c.active', '=', 1)
    .orderBy('g.expires_at_ms')
    .orderBy('g.id')
    .limit(50)
    .execute();
}

/** A player's latest grants, whatever their status (the operator's view). */
export async function playerGrants(db: Db, playerId: number, limit = 100): Promise<BonusGrantWithCampaign[]> {
  return grantsWithCampaign(db).where('g.player_id', '=', playerId).orderBy('g.id', 'desc').limit(limit).execute();
}

/**
 * Marks a grant credited, only from pending and before its end: false when a concurrent claim (or
 * an expiry, or a revocation) got there first. PostgreSQL makes the second claim wait for the row
 * lock and re-check the condition; SQLite runs one write transaction at a time.
 */
export async function markGrantCredited(db: Db, id: number, playerId: number, nowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('bonus_grants')
    .set({ status: 'credited', credited_at_ms: nowMs })
    .where('id', '=', id)
    .where('player_id', '=', playerId)
    .where('status', '=', 'pending')
    .where('expires_at_ms', '>', nowMs)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setGrantFreeSpinGrant(db: Db, id: number, freeSpinGrantId: number): Promise<void> {
  await db.updateTable('bonus_grants').set({ free_spin_grant_id: freeSpinGrantId }).where('id', '=', id).execute();
}

/** Withdraws a pending grant; false when it is not pending any more. */
export async function revokeGrant(db: Db, id: number, nowMs: number): Promise<boolean> {
  const result = await db.updateTable('bonus_grants').set({ status: 'revoked', revoked_at_ms: nowMs }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks up to `limit` pending grants whose end has passed (`expires_at_ms <= nowMs`) as `expired`, the
 * oldest ends first, and answers how many it marked. Only from pending: a grant credited or revoked
 * meanwhile keeps its status, and a second run finds nothing left to mark.
 */
export async function expirePendingGrants(db: Db, nowMs: number, limit: number): Promise<number> {
  const due = db.selectFrom('bonus_grants').select('id').where('status', '=', 'pending').where('expires_at_ms', '<=', nowMs).orderBy('expires_at_ms').orderBy('id').limit(limit);
  const result = await db
    .updateTable('bonus_grants')
    .set({ status: 'expired', expired_at_ms: nowMs })
    .where('id', 'in', due)
    .where('status', '=', 'pending')
    .where('expires_at_ms', '<=', nowMs)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
