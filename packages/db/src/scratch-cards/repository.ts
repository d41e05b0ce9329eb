import { PostgresAdapter, sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { readOperatorTimeZone } from '../rewards/operator-time-zone';
import type { Database } from '../schema';
import './tables';
import type { ScratchCardsTable } from './tables';

/** The scratch cards' SQL (docs/features/scratch-cards.md). */
type Db = Kysely<Database> | Transaction<Database>;

export type ScratchCardRow = Selectable<ScratchCardsTable>;

/** The one prize table every card is drawn from (a slug of the rewards engine). */
export const SCRATCH_CARD_TABLE = 'scratch-cards-card';

export interface ScratchCardSettings {
  active: boolean;
  finishesAtMs: number | null;
  purchaseThresholdCents: number | null;
  freeDaily: boolean;
  activationDelayMs: number;
  lifetimeMs: number;
  /** The operator day's time zone (shared by every daily feature): the free card turns over at its midnight. */
  timeZone: string;
}

export async function scratchCardSettings(db: Db): Promise<ScratchCardSettings> {
  const row = await db.selectFrom('scratch_card_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  const timeZone = await readOperatorTimeZone(db);
  if (!row) return { active: false, finishesAtMs: null, purchaseThresholdCents: null, freeDaily: false, activationDelayMs: 0, lifetimeMs: 7 * 86_400_000, timeZone };
  return {
    active: Number(row.active) === 1,
    finishesAtMs: row.finishes_at_ms === null ? null : Number(row.finishes_at_ms),
    purchaseThresholdCents: row.purchase_threshold_cents === null ? null : Number(row.purchase_threshold_cents),
    freeDaily: Number(row.free_daily) === 1,
    activationDelayMs: Number(row.activation_delay_ms),
    lifetimeMs: Number(row.lifetime_ms),
    timeZone,
  };
}

export async function saveScratchCardSettings(db: Db, settings: Omit<ScratchCardSettings, 'timeZone'>, nowMs: number): Promise<void> {
  const values = {
    active: settings.active ? 1 : 0,
    finishes_at_ms: settings.finishesAtMs,
    purchase_threshold_cents: settings.purchaseThresholdCents,
    free_daily: settings.freeDaily ? 1 : 0,
    activation_delay_ms: settings.activationDelayMs,
    lifetime_ms: settings.lifetimeMs,
    updated_at_ms: nowMs,
  };
  await db.insertInto('scratch_card_settings').values({ id: 1, ...values }).onConflict((oc) => oc.column('id').doUpdateSet(values)).execute();
}

/** Takes the player's scratch-card lock (PostgreSQL row lock; SQLite's writer lock serialises anyway): issues and scratches of one player run one at a time. */
export async function lockScratchCardPlayer(trx: Transaction<Database>, playerId: number, nowMs: number): Promise<void> {
  await trx.insertInto('scratch_card_players').values({ player_id: playerId, updated_at_ms: nowMs }).onConflict((oc) => oc.column('player_id').doNothing()).execute();
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  await sql`select player_id from scratch_card_players where player_id = ${playerId}${sql.raw(postgres ? ' for update' : '')}`.execute(trx);
  await trx.updateTable('scratch_card_players').set({ updated_at_ms: nowMs }).where('player_id', '=', playerId).execute();
}

export async function findCardBySource(db: Db, playerId: number, sourceKey: string): Promise<ScratchCardRow | undefined> {
  return db.selectFrom('scratch_cards').selectAll().where('player_id', '=', playerId).where('source_key', '=', sourceKey).executeTakeFirst();
}

export async function findCardById(db: Db, id: number): Promise<ScratchCardRow | undefined> {
  return db.selectFrom('scratch_cards').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findCardByScratchKey(db: Db, scratchKey: string): Promise<ScratchCardRow | undefined> {
  return db.selectFrom('scratch_cards').selectAll().where('scratch_key', '=', scratchKey).executeTakeFirst();
}

export async function insertCard(trx: Db, card: Omit<ScratchCardRow, 'id' | 'scratched_at_ms' | 'scratch_key'>): Promise<number> {
  const row = await trx
    .insertInto('scratch_cards')
    .values({ ...card, scratched_at_ms: null, scratch_key: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Marks a card scratched, only if it was not (answers whether this call did it). */
export async function markCardScratched(trx: Db, id: number, scratchKey: string, nowMs: number): Promise<boolean> {
  const result = await trx.updateTable('scratch_cards').set({ scratched_at_ms: nowMs, scratch_key: scratchKey }).where('id', '=', id).where('scratched_at_ms', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A player's cards to show: every unscratched one, and the last `scratchedLimit` scratched ones. */
export async function playerCards(db: Db, playerId: number, scratchedLimit = 20): Promise<ScratchCardRow[]> {
  const open = await db.selectFrom('scratch_cards').selectAll().where('player_id', '=', playerId).where('scratched_at_ms', 'is', null).orderBy('id').execute();
  const done = await db.selectFrom('scratch_cards').selectAll().where('player_id', '=', playerId).where('scratched_at_ms', 'is not', null).orderBy('scratched_at_ms', 'desc').orderBy('id', 'desc').limit(scratchedLimit).execute();
  return [...open, ...done];
}
