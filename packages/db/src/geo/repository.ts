import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../schema';
import type { GeoBlockReportsTable, PlayerLocationsTable } from './tables';
import './tables';

type Db = Kysely<Database> | Transaction<Database>;

export async function listIpRanges(db: Db): Promise<Array<{ cidr: string; country: string; state: string | null }>> {
  return db.selectFrom('geo_ip_ranges').select(['cidr', 'country', 'state']).orderBy('id').execute();
}

export type PlayerLocation = Selectable<PlayerLocationsTable>;

/** Records where a check found the player (one row per source, the latest wins). */
export async function upsertPlayerLocation(db: Db, row: PlayerLocation): Promise<void> {
  await db
    .insertInto('player_locations')
    .values(row)
    .onConflict((oc) => oc.columns(['player_id', 'source']).doUpdateSet({ country: row.country, state: row.state, located_at_ms: row.located_at_ms }))
    .execute();
}

export async function listPlayerLocations(db: Db, playerId: number): Promise<PlayerLocation[]> {
  return db.selectFrom('player_locations').selectAll().where('player_id', '=', playerId).orderBy('source').execute();
}

export type GeoBlockReport = Selectable<GeoBlockReportsTable>;

/** Inserts the report unless the subject already reported this app on this day; answers whether a row was added. */
export async function insertBlockReportOnce(db: Db, row: Omit<GeoBlockReport, 'id'>): Promise<boolean> {
  const result = await db
    .insertInto('geo_block_reports')
    .values(row)
    .onConflict((oc) => oc.columns(['subject', 'app', 'day']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Block reports, newest first; optionally of one player or one app kind; page with beforeId. */
export async function listBlockReports(db: Db, filter: { playerId?: number; app?: GeoBlockReport['app']; beforeId?: number; limit: number }): Promise<GeoBlockReport[]> {
  let query = db.selectFrom('geo_block_reports').selectAll();
  if (filter.playerId !== undefined) query = query.where('player_id', '=', filter.playerId);
  if (filter.app !== undefined) query = query.where('app', '=', filter.app);
  if (filter.beforeId !== undefined) query = query.where('id', '<', filter.beforeId);
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}
