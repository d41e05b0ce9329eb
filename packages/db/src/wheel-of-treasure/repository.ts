import type { WheelRules, WheelState } from '@sweepstack/domain/wheel-of-treasure/wheel-rules';
import { NEW_WHEEL_STATE } from '@sweepstack/domain/wheel-of-treasure/wheel-rules';
import { PostgresAdapter, sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../schema';
import { readOperatorTimeZone } from '../rewards/operator-time-zone';
import './tables';
import type { WheelOfTreasureSpinsTable } from './tables';

/** The wheel of treasure's SQL (docs/features/wheel-of-treasure.md). */
type Db = Kysely<Database> | Transaction<Database>;

export type WheelSpin = Selectable<WheelOfTreasureSpinsTable>;

/** The prize tables of the wheel (slugs of the rewards engine). */
export const WHEEL_TABLES = {
  daily: 'wheel-of-treasure-daily',
  booster: 'wheel-of-treasure-booster',
  extra: 'wheel-of-treasure-extra',
  /** The extended wheel with its lootbox segment: drawn only in themes with the lootboxes flag. */
  extraLootbox: 'wheel-of-treasure-extra-lootbox',
  lootbox: 'wheel-of-treasure-lootbox',
} as const;

export interface WheelSettings extends WheelRules {
  active: boolean;
  finishesAtMs: number | null;
  /**
   * The operator day's IANA time zone, shared by every daily feature and the budgets
   * (`rewards.operator_time_zone`): the free spin and the booster's rounds turn over at its midnight.
   */
  timeZone: string;
}

export async function wheelSettings(db: Db): Promise<WheelSettings> {
  const row = await db.selectFrom('wheel_of_treasure_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  const timeZone = await readOperatorTimeZone(db);
  return row
    ? { active: Number(row.active) === 1, boosterRounds: Number(row.booster_rounds), finishesAtMs: row.finishes_at_ms === null ? null : Number(row.finishes_at_ms), timeZone }
    : { active: false, boosterRounds: 0, finishesAtMs: null, timeZone };
}

/** Saves the wheel's own rules (its time zone is the operator day's, saved with `writeOperatorTimeZone`). */
export async function saveWheelSettings(db: Db, settings: Omit<WheelSettings, 'timeZone'>, nowMs: number): Promise<void> {
  const values = { active: settings.active ? 1 : 0, booster_rounds: settings.boosterRounds, finishes_at_ms: settings.finishesAtMs, updated_at_ms: nowMs };
  await db.insertInto('wheel_of_treasure_settings').values({ id: 1, ...values }).onConflict((oc) => oc.column('id').doUpdateSet(values)).execute();
}

function toState(row: { last_daily_spin_day: string | null; rounds_day: string | null; rounds: number; extra_spins: number } | undefined): WheelState {
  return row ? { lastDailySpinDay: row.last_daily_spin_day, roundsDay: row.rounds_day, rounds: Number(row.rounds), extraSpins: Number(row.extra_spins) } : NEW_WHEEL_STATE;
}

/** A player's wheel state (a player who never played has the new state). */
export async function wheelStateOf(db: Db, playerId: number): Promise<WheelState> {
  return toState(await db.selectFrom('wheel_of_treasure_players').selectAll().where('player_id', '=', playerId).executeTakeFirst());
}

/** The state of a player under a row lock (PostgreSQL), created when missing; for a spin's transaction. */
export async function lockWheelState(trx: Transaction<Database>, playerId: number, nowMs: number): Promise<WheelState> {
  await trx.insertInto('wheel_of_treasure_players').values({ player_id: playerId, last_daily_spin_day: null, rounds_day: null, rounds: 0, extra_spins: 0, updated_at_ms: nowMs }).onConflict((oc) => oc.column('player_id').doNothing()).execute();
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  const row = (await sql<{ last_daily_spin_day: string | null; rounds_day: string | null; rounds: number; extra_spins: number }>`select last_daily_spin_day, rounds_day, rounds, extra_spins from wheel_of_treasure_players where player_id = ${playerId}${sql.raw(postgres ? ' for update' : '')}`.execute(trx)).rows[0];
  return toState(row);
}

export async function saveWheelState(trx: Db, playerId: number, state: WheelState, nowMs: number): Promise<void> {
  await trx
    .updateTable('wheel_of_treasure_players')
    .set({ last_daily_spin_day: state.lastDailySpinDay, rounds_day: state.roundsDay, rounds: state.rounds, extra_spins: state.extraSpins, updated_at_ms: nowMs })
    .where('player_id', '=', playerId)
    .execute();
}

/**
 * Adds rounds played on `day` for many players in one statement per player group (the event handler
 * batches a spin burst): a new day restarts the count.
 */
export async function addRoundsPlayed(trx: Db, counts: ReadonlyMap<number, number>, day: string, nowMs: number): Promise<void> {
  for (const [playerId, rounds] of counts) {
    await trx
      .insertInto('wheel_of_treasure_players')
      .values({ player_id: playerId, last_daily_spin_day: null, rounds_day: day, rounds, extra_spins: 0, updated_at_ms: nowMs })
      .onConflict((oc) =>
        oc.column('player_id').doUpdateSet({
          rounds: sql`case when wheel_of_treasure_players.rounds_day = ${day} then wheel_of_treasure_players.rounds + ${rounds} else ${rounds} end`,
          rounds_day: day,
          updated_at_ms: nowMs,
        }),
      )
      .execute();
  }
}

/** Wheel states of many players (those who never played are left out). */
export async function wheelStatesOf(db: Db, playerIds: readonly number[]): Promise<Map<number, WheelState>> {
  if (playerIds.length === 0) return new Map();
  const rows = await db.selectFrom('wheel_of_treasure_players').selectAll().where('player_id', 'in', [...playerIds]).execute();
  return new Map(rows.map((row) => [Number(row.player_id), toState(row)]));
}

/**
 * Credits the extra spins a payment carries, once per payment: false when this payment already
 * credited them (a redelivered event).
 */
export async function creditPurchasedExtraSpins(trx: Db, purchase: { paymentId: string; playerId: number; packageId: string; spins: number }, nowMs: number): Promise<boolean> {
  const inserted = await trx
    .insertInto('wheel_of_treasure_purchases')
    .values({ payment_id: purchase.paymentId, player_id: purchase.playerId, package_id: purchase.packageId, spins: purchase.spins, created_at_ms: nowMs })
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  await addExtraSpins(trx, purchase.playerId, purchase.spins, nowMs);
  return true;
}

/** Adds bought extra spins. */
export async function addExtraSpins(trx: Db, playerId: number, spins: number, nowMs: number): Promise<void> {
  await trx
    .insertInto('wheel_of_treasure_players')
    .values({ player_id: playerId, last_daily_spin_day: null, rounds_day: null, rounds: 0, extra_spins: spins, updated_at_ms: nowMs })
    .onConflict((oc) => oc.column('player_id').doUpdateSet({ extra_spins: sql`wheel_of_treasure_players.extra_spins + ${spins}`, updated_at_ms: nowMs }))
    .execute();
}

export async function insertWheelSpin(trx: Db, spin: { key: string; playerId: number; kind: 'daily' | 'extra'; day: string; drawId: number; boosterDrawId: number | null; nowMs: number }): Promise<void> {
  await trx.insertInto('wheel_of_treasure_spins').values({ spin_key: spin.key, player_id: spin.playerId, kind: spin.kind, day: spin.day, draw_id: spin.drawId, booster_draw_id: spin.boosterDrawId, created_at_ms: spin.nowMs }).execute();
}

export async function findWheelSpin(db: Db, key: string): Promise<WheelSpin | undefined> {
  return db.selectFrom('wheel_of_treasure_spins').selectAll().where('spin_key', '=', key).executeTakeFirst();
}

/** Extra wheel spins carried by each package that has them. */
export async function wheelOffers(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('wheel_of_treasure_offers').selectAll().execute();
  return new Map(rows.map((r) => [r.package_id, Number(r.spins)]));
}

export async function setWheelOffer(db: Db, packageId: string, spins: number | null): Promise<void> {
  if (spins === null) await db.deleteFrom('wheel_of_treasure_offers').where('package_id', '=', packageId).execute();
  else await db.insertInto('wheel_of_treasure_offers').values({ package_id: packageId, spins }).onConflict((oc) => oc.column('package_id').doUpdateSet({ spins })).execute();
}

/** The active cashier packages that carry extra wheel spins, in the cashier's order. */
export async function extraWheelPackages(db: Db): Promise<{ id: string; spins: number; priceCents: number; goldCoins: number; fortuneCents: number }[]> {
  const rows = await db
    .selectFrom('wheel_of_treasure_offers as o')
    .innerJoin('cashier_packages as p', 'p.id', 'o.package_id')
    .select(['p.id', 'o.spins', 'p.price_cents', 'p.gold_coins', 'p.fortune_cents'])
    .where('p.active', '=', 1)
    .orderBy('p.sort_order')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({ id: r.id, spins: Number(r.spins), priceCents: Number(r.price_cents), goldCoins: Number(r.gold_coins), fortuneCents: Number(r.fortune_cents) }));
}
