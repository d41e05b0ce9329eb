import type { MapPlayerState, MapSectionRule } from '@sweepstack/domain/adventure-map/map-rules';
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema';
import { powerOfTwoChunks, statementsOf, valuesList } from '../statements';
import './tables';

/** The adventure map's SQL (docs/features/adventure-map.md). */
type Db = Kysely<Database> | Transaction<Database>;

export interface AdventureMapSettings {
  slug: string;
  title: { en: string; es: string };
  active: boolean;
  startsAtMs: number;
  endsAtMs: number;
  pointsPerRound: number;
  pointsPerTask: number;
}

export async function adventureMapSettings(db: Db): Promise<AdventureMapSettings | null> {
  const row = await db.selectFrom('adventure_map_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) return null;
  return {
    slug: row.slug,
    title: JSON.parse(row.title_json) as { en: string; es: string },
    active: Number(row.active) === 1,
    startsAtMs: Number(row.starts_at_ms),
    endsAtMs: Number(row.ends_at_ms),
    pointsPerRound: Number(row.points_per_round),
    pointsPerTask: Number(row.points_per_task),
  };
}

export async function saveAdventureMapSettings(db: Db, settings: AdventureMapSettings, nowMs: number): Promise<void> {
  const values = {
    slug: settings.slug,
    title_json: JSON.stringify(settings.title),
    active: settings.active ? 1 : 0,
    starts_at_ms: settings.startsAtMs,
    ends_at_ms: settings.endsAtMs,
    points_per_round: settings.pointsPerRound,
    points_per_task: settings.pointsPerTask,
    updated_at_ms: nowMs,
  };
  await db.insertInto('adventure_map_settings').values({ id: 1, ...values }).onConflict((oc) => oc.column('id').doUpdateSet(values)).execute();
}

export async function adventureMapSections(db: Db): Promise<MapSectionRule[]> {
  const rows = await db.selectFrom('adventure_map_sections').selectAll().orderBy('section_index').execute();
  return rows.map((r) => ({ index: Number(r.section_index), pointsNeeded: Number(r.points_needed), award: { gc: Number(r.award_gc), fcCents: Number(r.award_fc_cents) } }));
}

/** Replaces the stops (the caller checked them with `checkMapSections`). */
export async function replaceAdventureMapSections(trx: Db, sections: readonly MapSectionRule[]): Promise<void> {
  await trx.deleteFrom('adventure_map_sections').execute();
  await trx
    .insertInto('adventure_map_sections')
    .values(sections.map((s) => ({ section_index: s.index, points_needed: s.pointsNeeded, award_gc: s.award.gc, award_fc_cents: s.award.fcCents })))
    .execute();
}

const START: MapPlayerState = { points: 0, currentIndex: 0, claimed: new Set() };

/** A player's place on the map `slug` (points of another map do not count: a new map starts over). */
export async function adventureMapStateOf(db: Db, playerId: number, slug: string, lock = false): Promise<MapPlayerState> {
  const postgres = lock && db.getExecutor().adapter instanceof PostgresAdapter;
  const row = (await sql<{ points: number; current_index: number; map_slug: string }>`select points, current_index, map_slug from adventure_map_players where player_id = ${playerId}${sql.raw(postgres ? ' for update' : '')}`.execute(db)).rows[0];
  const claims = await db.selectFrom('adventure_map_claims').select('section_index').where('player_id', '=', playerId).where('map_slug', '=', slug).execute();
  if (!row || row.map_slug !== slug) return { ...START, claimed: new Set(claims.map((c) => Number(c.section_index))) };
  return { points: Number(row.points), currentIndex: Number(row.current_index), claimed: new Set(claims.map((c) => Number(c.section_index))) };
}

/**
 * Adds points for many players (prepared statements per power-of-two chunk, statements.ts, in player
 * order) and answers each player's points on the map after it (a row of an older map starts over, so
 * points after minus points added is what the player had before on this map).
 */
export async function addAdventureMapPointsOfMany(trx: Db, points: ReadonlyMap<number, number>, slug: string, nowMs: number): Promise<Map<number, number>> {
  const statements = statementsOf(trx);
  const after = new Map<number, number>();
  for (const chunk of powerOfTwoChunks([...points.keys()].sort((a, b) => a - b))) {
    const rows = await statements.all<{ player_id: number | string; points: number | string }>(
      `insert into adventure_map_players (player_id, map_slug, points, current_index, updated_at_ms) values ${valuesList(chunk.length, 5)} ` +
        'on conflict (player_id) do update set points = case when adventure_map_players.map_slug = excluded.map_slug then adventure_map_players.points + excluded.points else excluded.points end, ' +
        'current_index = case when adventure_map_players.map_slug = excluded.map_slug then adventure_map_players.current_index else 0 end, map_slug = excluded.map_slug, updated_at_ms = excluded.updated_at_ms ' +
        'returning player_id, points',
      chunk.flatMap((playerId) => [playerId, slug, points.get(playerId)!, 0, nowMs]),
    );
    for (const row of rows) after.set(Number(row.player_id), Number(row.points));
  }
  return after;
}

/**
 * Moves the token to `index` and records the claim of its award: false when that award was already
 * claimed (a replayed request), and nothing changes then.
 */
export async function moveAdventureMapToken(trx: Db, playerId: number, slug: string, index: number, nowMs: number): Promise<boolean> {
  const inserted = await trx
    .insertInto('adventure_map_claims')
    .values({ player_id: playerId, map_slug: slug, section_index: index, claimed_at_ms: nowMs })
    .onConflict((oc) => oc.columns(['player_id', 'map_slug', 'section_index']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  await trx.updateTable('adventure_map_players').set({ current_index: index, updated_at_ms: nowMs }).where('player_id', '=', playerId).where('map_slug', '=', slug).where('current_index', '=', index - 1).execute();
  return true;
}
