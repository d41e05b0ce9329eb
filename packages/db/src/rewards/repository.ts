import { parsePrizeTable, type PrizeTable } from '@sweepstack/domain/rewards/prize-table';
import type { Prize } from '@sweepstack/domain/rewards/prize';
import type { PrizeCost } from '@sweepstack/domain/rewards/budget';
import { PostgresAdapter, sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../schema';
import './tables';
import type { FreeSpinGrantsTable, RewardDrawsTable, RewardNoticesTable } from './tables';

/** The rewards engine's SQL (docs/rewards.md). Every function takes the caller's database or transaction. */
type Db = Kysely<Database> | Transaction<Database>;

export type RewardDraw = Selectable<RewardDrawsTable>;
export type FreeSpinGrantRow = Selectable<FreeSpinGrantsTable>;
export type RewardNotice = Selectable<RewardNoticesTable>;

/** A stored version of a prize table. */
export interface StoredPrizeTable extends PrizeTable {
  id: number;
  version: number;
  createdAtMs: number;
}

function toStored(row: { id: number; slug: string; version: number; feature: string; segments_json: string; fallback_segment: number; created_at_ms: number }): StoredPrizeTable {
  const table = parsePrizeTable({ slug: row.slug, feature: row.feature, segments: JSON.parse(row.segments_json) as unknown, fallbackSegment: Number(row.fallback_segment) });
  return { ...table, id: Number(row.id), version: Number(row.version), createdAtMs: Number(row.created_at_ms) };
}

/**
 * Saves `table` as the next version of its slug (version 1 when new) and answers it. Past versions
 * stay: a draw names the version it used. Saving what the current version already holds does nothing.
 */
export async function savePrizeTable(db: Db, table: PrizeTable, options: { nowMs: number; operatorId?: number | null }): Promise<StoredPrizeTable> {
  const current = await currentPrizeTable(db, table.slug);
  if (current && JSON.stringify(current.segments) === JSON.stringify(table.segments) && current.fallbackSegment === table.fallbackSegment && current.feature === table.feature) return current;
  const version = (current?.version ?? 0) + 1;
  const row = await db
    .insertInto('reward_tables')
    .values({ slug: table.slug, version, feature: table.feature, segments_json: JSON.stringify(table.segments), fallback_segment: table.fallbackSegment, created_at_ms: options.nowMs, created_by: options.operatorId ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toStored(row);
}

/** The newest version of a table, or undefined. */
export async function currentPrizeTable(db: Db, slug: string): Promise<StoredPrizeTable | undefined> {
  const row = await db.selectFrom('reward_tables').selectAll().where('slug', '=', slug).orderBy('version', 'desc').limit(1).executeTakeFirst();
  return row ? toStored(row) : undefined;
}

/** A table version by id (what a past draw used). */
export async function prizeTableById(db: Db, id: number): Promise<StoredPrizeTable | undefined> {
  const row = await db.selectFrom('reward_tables').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toStored(row) : undefined;
}

/** The newest version of every table (of one feature when given). */
export async function currentPrizeTables(db: Db, feature?: string): Promise<StoredPrizeTable[]> {
  let query = db
    .selectFrom('reward_tables as t')
    .selectAll('t')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('reward_tables as n').select('n.id').whereRef('n.slug', '=', 't.slug').whereRef('n.version', '>', 't.version'))));
  if (feature) query = query.where('t.feature', '=', feature);
  return (await query.orderBy('t.slug').execute()).map(toStored);
}

/** Sets a feature's daily budget in one currency. */
export async function setRewardBudget(db: Db, feature: string, currency: 'GC' | 'FC', dailyLimit: number, nowMs: number): Promise<void> {
  await db
    .insertInto('reward_budgets')
    .values({ feature, currency, daily_limit: dailyLimit, updated_at_ms: nowMs })
    .onConflict((oc) => oc.columns(['feature', 'currency']).doUpdateSet({ daily_limit: dailyLimit, updated_at_ms: nowMs }))
    .execute();
}

/** A feature's budgets (null: no budget in that currency) and what was spent of them on `day`. */
export async function rewardBudget(db: Db, feature: string, day: string): Promise<{ budget: { gc: number | null; fcCents: number | null }; spent: PrizeCost }> {
  const limits = await db.selectFrom('reward_budgets').select(['currency', 'daily_limit']).where('feature', '=', feature).execute();
  const spent = await db.selectFrom('reward_budget_spend').select(['currency', 'spent']).where('feature', '=', feature).where('day', '=', day).execute();
  const limit = (currency: string) => limits.find((l) => l.currency === currency);
  const used = (currency: string) => Number(spent.find((s) => s.currency === currency)?.spent ?? 0);
  return {
    budget: { gc: limit('GC') ? Number(limit('GC')!.daily_limit) : null, fcCents: limit('FC') ? Number(limit('FC')!.daily_limit) : null },
    spent: { gc: used('GC'), fcCents: used('FC') },
  };
}

/**
 * Charges `cost` to the feature's budget of `day` inside the caller's transaction; answers false and
 * charges nothing when a currency's budget would be passed. The guarded UPDATE is what holds under
 * concurrency: on PostgreSQL it waits for the row lock and re-checks the guard on the committed value.
 * A feature without a budget row in a currency is not limited in it (its spend is still counted).
 */
export async function chargeRewardBudget(trx: Transaction<Database>, feature: string, day: string, cost: PrizeCost): Promise<boolean> {
  const charged: { currency: 'GC' | 'FC'; amount: number }[] = [];
  for (const [currency, amount] of [['GC', cost.gc], ['FC', cost.fcCents]] as const) {
    if (amount <= 0) continue;
    await trx.insertInto('reward_budget_spend').values({ feature, currency, day, spent: 0 }).onConflict((oc) => oc.columns(['feature', 'currency', 'day']).doNothing()).execute();
    const result = await trx
      .updateTable('reward_budget_spend')
      .set({ spent: sql`spent + ${amount}` })
      .where('feature', '=', feature)
      .where('currency', '=', currency)
      .where('day', '=', day)
      .where(({ or, not, exists, selectFrom }) =>
        or([
          not(exists(selectFrom('reward_budgets').select('feature').where('feature', '=', feature).where('currency', '=', currency))),
          sql<boolean>`spent + ${amount} <= (select daily_limit from reward_budgets where feature = ${feature} and currency = ${currency})`,
        ]),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      // Give back what this call charged in the other currency (its row lock is still ours).
      for (const undo of charged) await trx.updateTable('reward_budget_spend').set({ spent: sql`spent - ${undo.amount}` }).where('feature', '=', feature).where('currency', '=', undo.currency).where('day', '=', day).execute();
      return false;
    }
    charged.push({ currency, amount });
  }
  return true;
}

export interface NewRewardDraw {
  playerId: number;
  feature: string;
  tableId: number;
  segmentIndex: number;
  ticket: number;
  prize: Prize;
  multiplier: number;
  fellBack: boolean;
  seedId: number;
  nonce: number;
  parentDrawId: number | null;
  idempotencyKey: string;
  nowMs: number;
}

/** Records a draw; answers its id. */
export async function insertRewardDraw(trx: Db, draw: NewRewardDraw): Promise<number> {
  const row = await trx
    .insertInto('reward_draws')
    .values({
      player_id: draw.playerId,
      feature: draw.feature,
      table_id: draw.tableId,
      segment_index: draw.segmentIndex,
      ticket: draw.ticket,
      prize_json: JSON.stringify(draw.prize),
      multiplier: draw.multiplier,
      fell_back: draw.fellBack ? 1 : 0,
      seed_id: draw.seedId,
      nonce: draw.nonce,
      parent_draw_id: draw.parentDrawId,
      idempotency_key: draw.idempotencyKey,
      created_at_ms: draw.nowMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findRewardDrawByKey(db: Db, idempotencyKey: string): Promise<RewardDraw | undefined> {
  return db.selectFrom('reward_draws').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

export async function findRewardDrawById(db: Db, id: number): Promise<RewardDraw | undefined> {
  return db.selectFrom('reward_draws').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The draws opened by a draw (a lootbox), in order. */
export async function childRewardDraws(db: Db, parentId: number): Promise<RewardDraw[]> {
  return db.selectFrom('reward_draws').selectAll().where('parent_draw_id', '=', parentId).orderBy('id').execute();
}

export interface NewFreeSpinGrant {
  playerId: number;
  gameId: number;
  currency: 'GC' | 'FC';
  betLevel: number;
  spins: number;
  expiresAtMs: number;
  sourceFeature: string;
  sourceKey: string;
  nowMs: number;
}

/** Grants free spins once per source key; answers the grant (the first one on a replay). */
export async function grantFreeSpins(trx: Db, grant: NewFreeSpinGrant): Promise<{ grant: FreeSpinGrantRow; replayed: boolean }> {
  const inserted = await trx
    .insertInto('free_spin_grants')
    .values({
      player_id: grant.playerId,
      game_id: grant.gameId,
      currency: grant.currency,
      bet_level: grant.betLevel,
      spins_total: grant.spins,
      spins_remain: grant.spins,
      expires_at_ms: grant.expiresAtMs,
      source_feature: grant.sourceFeature,
      source_key: grant.sourceKey,
      status: 'active',
      created_at_ms: grant.nowMs,
      updated_at_ms: grant.nowMs,
    })
    .onConflict((oc) => oc.column('source_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { grant: inserted, replayed: false };
  return { grant: (await trx.selectFrom('free_spin_grants').selectAll().where('source_key', '=', grant.sourceKey).executeTakeFirstOrThrow()), replayed: true };
}

/** A player's usable grants at `nowMs`, soonest expiry first. */
export async function activeFreeSpinGrants(db: Db, playerId: number, nowMs: number): Promise<FreeSpinGrantRow[]> {
  return db
    .selectFrom('free_spin_grants')
    .selectAll()
    .where('player_id', '=', playerId)
    .where('status', '=', 'active')
    .where('spins_remain', '>', 0)
    .where('expires_at_ms', '>', nowMs)
    .orderBy('expires_at_ms')
    .orderBy('id')
    .execute();
}

/**
 * Takes one spin of a grant (guarded: still active, spins left, not expired); answers the spins left
 * after it, or undefined when the grant could not give one.
 */
export async function takeFreeSpinFromGrant(trx: Db, grantId: number, playerId: number, gameId: number, nowMs: number): Promise<number | undefined> {
  const row = await trx
    .updateTable('free_spin_grants')
    .set({ spins_remain: sql`spins_remain - 1`, status: sql`case when spins_remain = 1 then 'used' else 'active' end`, updated_at_ms: nowMs })
    .where('id', '=', grantId)
    .where('player_id', '=', playerId)
    .where('game_id', '=', gameId)
    .where('status', '=', 'active')
    .where('spins_remain', '>', 0)
    .where('expires_at_ms', '>', nowMs)
    .returning('spins_remain')
    .executeTakeFirst();
  return row ? Number(row.spins_remain) : undefined;
}

/** Marks grants past their expiry as expired; answers them (for the notices). */
export async function expireFreeSpinGrants(trx: Db, nowMs: number, limit = 500): Promise<FreeSpinGrantRow[]> {
  const due = await trx.selectFrom('free_spin_grants').selectAll().where('status', '=', 'active').where('expires_at_ms', '<=', nowMs).orderBy('expires_at_ms').limit(limit).execute();
  if (due.length === 0) return [];
  const ids = due.map((g) => g.id);
  const updated = await trx.updateTable('free_spin_grants').set({ status: 'expired', updated_at_ms: nowMs }).where('id', 'in', ids).where('status', '=', 'active').returningAll().execute();
  return updated;
}

/** Records a notice for the player once per key; answers its id, or null when the key had one already. */
export async function addRewardNotice(trx: Db, notice: { playerId: number; kind: RewardNotice['kind']; feature: string; prize: Prize; key: string; nowMs: number }): Promise<number | null> {
  const row = await trx
    .insertInto('reward_notices')
    .values({ player_id: notice.playerId, kind: notice.kind, feature: notice.feature, prize_json: JSON.stringify(notice.prize), notice_key: notice.key, created_at_ms: notice.nowMs, read_at_ms: null })
    .onConflict((oc) => oc.column('notice_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** How many of the player's latest notices (the `limit` the notices call answers) are unread. */
export async function unreadRewardNoticeCount(db: Db, playerId: number, limit = 50): Promise<number> {
  const latest = db.selectFrom('reward_notices').select('read_at_ms').where('player_id', '=', playerId).orderBy('id', 'desc').limit(limit).as('latest');
  const row = await db.selectFrom(latest).select((eb) => eb.fn.countAll<string | number>().as('unread')).where('latest.read_at_ms', 'is', null).executeTakeFirst();
  return Number(row?.unread ?? 0);
}

/** A player's latest notices. */
export async function rewardNotices(db: Db, playerId: number, limit = 50): Promise<RewardNotice[]> {
  return db.selectFrom('reward_notices').selectAll().where('player_id', '=', playerId).orderBy('id', 'desc').limit(limit).execute();
}

/** Grants by id, locked for the caller's transaction on PostgreSQL (a spin group plays them). */
export async function lockFreeSpinGrants(trx: Db, ids: readonly number[]): Promise<FreeSpinGrantRow[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  let query = trx.selectFrom('free_spin_grants').selectAll().where('id', 'in', unique).orderBy('id');
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  return query.execute();
}

/**
 * Takes `count` spins from each grant played by a spin group (guarded: the grant still has them and is
 * active) and records which rounds they played; throws when a grant no longer has its spins.
 */
export async function useFreeSpins(trx: Db, uses: ReadonlyMap<number, { count: number; roundIds: number[] }>, nowMs: number): Promise<Map<number, number>> {
  const remaining = new Map<number, number>();
  for (const [grantId, { count, roundIds }] of uses) {
    const row = await trx
      .updateTable('free_spin_grants')
      .set({ spins_remain: sql`spins_remain - ${count}`, status: sql`case when spins_remain = ${count} then 'used' else 'active' end`, updated_at_ms: nowMs })
      .where('id', '=', grantId)
      .where('status', '=', 'active')
      .where('spins_remain', '>=', count)
      .returning('spins_remain')
      .executeTakeFirst();
    if (!row) throw new Error(`free-spin grant ${grantId} no longer has ${count} spins`);
    remaining.set(grantId, Number(row.spins_remain));
    await trx.insertInto('free_spin_plays').values(roundIds.map((roundId) => ({ round_id: roundId, grant_id: grantId }))).execute();
  }
  return remaining;
}

/** Marks a player's notices read up to and including `upToId`; answers how many changed. */
export async function markRewardNoticesRead(db: Db, playerId: number, upToId: number, nowMs: number): Promise<number> {
  const result = await db.updateTable('reward_notices').set({ read_at_ms: nowMs }).where('player_id', '=', playerId).where('id', '<=', upToId).where('read_at_ms', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
