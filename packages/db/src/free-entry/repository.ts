import { DEFAULT_FREE_ENTRY_SETTINGS, settingsProblems, type FreeEntryChannel, type FreeEntrySettings, type FreeEntryStatus } from '@sweepstack/domain/free-entry/rules';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../schema';
import { readSetting } from '../repositories/settings';
import type { FreeEntryRequestsTable } from './tables';
import './tables';

type Db = Kysely<Database> | Transaction<Database>;

export const FREE_ENTRY_FEATURE = 'free-entry';
export const FREE_ENTRY_SETTINGS_KEY = 'free-entry.settings';

export type FreeEntryRequestRow = Selectable<FreeEntryRequestsTable>;

/** The operator's settings; the defaults for anything unset or not valid. */
export async function readFreeEntrySettings(db: Db): Promise<FreeEntrySettings> {
  const value = await readSetting(db, FREE_ENTRY_SETTINGS_KEY);
  if (typeof value !== 'object' || value === null) return DEFAULT_FREE_ENTRY_SETTINGS;
  const merged = { ...DEFAULT_FREE_ENTRY_SETTINGS, ...(value as Partial<FreeEntrySettings>) };
  return settingsProblems(merged).length === 0 ? merged : DEFAULT_FREE_ENTRY_SETTINGS;
}

export async function writeFreeEntrySettings(db: Db, settings: FreeEntrySettings, nowMs: number): Promise<void> {
  const value_json = JSON.stringify(settings);
  await db
    .insertInto('settings')
    .values({ key: FREE_ENTRY_SETTINGS_KEY, value_json, updated_at_ms: nowMs })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value_json, updated_at_ms: nowMs }))
    .execute();
}

/** How many requests of a channel the player made on an operator day. */
export async function requestsOfDay(db: Db, playerId: number, channel: FreeEntryChannel, day: string): Promise<number> {
  const row = await db.selectFrom('free_entry_requests').select((eb) => eb.fn.countAll<number>().as('n')).where('player_id', '=', playerId).where('channel', '=', channel).where('day', '=', day).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface NewFreeEntryRequest {
  playerId: number;
  channel: FreeEntryChannel;
  code: string;
  day: string;
  slot: number;
  status: FreeEntryStatus;
  amountCents: number;
  nowMs: number;
  receivedAtMs: number | null;
  dueAtMs: number | null;
  expiresAtMs: number | null;
}

/**
 * Inserts a request; undefined when its (player, channel, day, slot) or its code is taken (a
 * concurrent request took the slot, or the code collided): the caller decides which.
 */
export async function insertFreeEntryRequest(db: Db, r: NewFreeEntryRequest): Promise<FreeEntryRequestRow | undefined> {
  return db
    .insertInto('free_entry_requests')
    .values({
      player_id: r.playerId,
      channel: r.channel,
      code: r.code,
      day: r.day,
      slot: r.slot,
      status: r.status,
      amount_cents: r.amountCents,
      created_at_ms: r.nowMs,
      received_at_ms: r.receivedAtMs,
      due_at_ms: r.dueAtMs,
      expires_at_ms: r.expiresAtMs,
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function slotTaken(db: Db, playerId: number, channel: FreeEntryChannel, day: string, slot: number): Promise<boolean> {
  const row = await db.selectFrom('free_entry_requests').select('id').where('player_id', '=', playerId).where('channel', '=', channel).where('day', '=', day).where('slot', '=', slot).executeTakeFirst();
  return row !== undefined;
}

/** The player's latest requests, newest first. */
export async function playerFreeEntryRequests(db: Db, playerId: number, limit = 20): Promise<FreeEntryRequestRow[]> {
  return db.selectFrom('free_entry_requests').selectAll().where('player_id', '=', playerId).orderBy('id', 'desc').limit(limit).execute();
}

export async function freeEntryRequestById(db: Db, id: number): Promise<FreeEntryRequestRow | undefined> {
  return db.selectFrom('free_entry_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function freeEntryRequestByCode(db: Db, code: string): Promise<FreeEntryRequestRow | undefined> {
  return db.selectFrom('free_entry_requests').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Marks a mail request's letter arrived; false when it was not waiting for one (a code used twice). */
export async function markLetterReceived(db: Db, id: number, receivedAtMs: number, dueAtMs: number, letter: { postmarkedOn: string; householdKey: string; householdSlot: number | null }): Promise<boolean> {
  const result = await db
    .updateTable('free_entry_requests')
    .set({ status: 'received', received_at_ms: receivedAtMs, due_at_ms: dueAtMs, postmarked_on: letter.postmarkedOn, household_key: letter.householdKey, household_slot: letter.householdSlot })
    .where('id', '=', id)
    .where('status', '=', 'awaiting_letter')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many letters of a household hold a place for a request day (those a rule refused hold none). */
export async function householdLettersCounted(db: Db, householdKey: string, day: string): Promise<number> {
  const row = await db.selectFrom('free_entry_requests').select((eb) => eb.fn.countAll<number>().as('n')).where('household_key', '=', householdKey).where('day', '=', day).where('household_slot', 'is not', null).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Decides a received request; false when it was not waiting for a decision (decided already, under
 * concurrency too: the status condition makes the second decision update nothing).
 */
export async function decideFreeEntryRequest(db: Db, id: number, decision: { status: 'credited' | 'rejected'; nowMs: number; operatorId: number | null; reason?: string; code?: string }): Promise<boolean> {
  const rejected = decision.status === 'rejected';
  const result = await db
    .updateTable('free_entry_requests')
    .set({ status: decision.status, decided_at_ms: decision.nowMs, decided_by: decision.operatorId, reject_reason: rejected ? (decision.reason ?? null) : null, reject_code: rejected ? (decision.code ?? null) : null })
    .where('id', '=', id)
    .where('status', '=', 'received')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The operator queue: requests of a status, the ones due first. */
export async function freeEntryQueue(db: Db, options: { status: FreeEntryStatus; limit: number; offset: number }): Promise<{ rows: FreeEntryRequestRow[]; total: number }> {
  const rows = await db.selectFrom('free_entry_requests').selectAll().where('status', '=', options.status).orderBy('due_at_ms', 'asc').orderBy('id', 'asc').limit(options.limit).offset(options.offset).execute();
  const count = await db.selectFrom('free_entry_requests').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', options.status).executeTakeFirst();
  return { rows, total: Number(count?.n ?? 0) };
}
