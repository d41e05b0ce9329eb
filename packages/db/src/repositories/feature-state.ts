import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';
import { powerOfTwoChunks, statementsOf, valuesList } from '../statements';
import { touchContentSet } from './content';

type Db = Kysely<Database> | Transaction<Database>;

/** The content set whose stamp moves with every `feature_status` write (so every process reloads it). */
export const FEATURE_STATUS_CONTENT_SET = 'feature_status';

/**
 * Writes a feature's site-wide state (app init's `isActive` and the like), in the transaction of the
 * change. It reaches app init through the content snapshot: the write moves the content stamp, so
 * every server process reloads within its content check interval (a few seconds).
 */
export async function writeFeatureStatus(db: Db, feature: string, status: unknown, nowMs: number): Promise<void> {
  const row = { feature, status_json: JSON.stringify(status), updated_at_ms: nowMs };
  await db
    .insertInto('feature_status')
    .values(row)
    .onConflict((oc) => oc.column('feature').doUpdateSet({ status_json: row.status_json, updated_at_ms: nowMs }))
    .execute();
  await touchContentSet(db, FEATURE_STATUS_CONTENT_SET, nowMs);
}

/** Every feature's site-wide state, JSON parsed, by feature (read with the content snapshot). */
export async function readFeatureStatuses(db: Db): Promise<Map<string, unknown>> {
  const rows = await db.selectFrom('feature_status').select(['feature', 'status_json']).execute();
  return new Map(rows.map((r) => [r.feature, JSON.parse(r.status_json) as unknown]));
}

/**
 * Writes a player's state in a feature (what app init shows of it), in the transaction of the change.
 * App init reads every feature's row of the player in its one per-player statement, and the change
 * feed of the answer cache tracks this table.
 */
export async function writePlayerFeatureState(db: Db, playerId: number, feature: string, state: unknown, nowMs: number): Promise<void> {
  const row = { player_id: playerId, feature, state_json: JSON.stringify(state), updated_at_ms: nowMs };
  await db
    .insertInto('player_feature_state')
    .values(row)
    .onConflict((oc) => oc.columns(['player_id', 'feature']).doUpdateSet({ state_json: row.state_json, updated_at_ms: nowMs }))
    .execute();
}

/**
 * `writePlayerFeatureState` for many players of one feature (a batch handler's players): prepared
 * statements per power-of-two chunk (statements.ts), in player order.
 */
export async function writePlayerFeatureStates(db: Db, feature: string, states: ReadonlyMap<number, unknown>, nowMs: number): Promise<void> {
  const statements = statementsOf(db);
  for (const chunk of powerOfTwoChunks([...states.keys()].sort((a, b) => a - b))) {
    await statements.run(
      `insert into player_feature_state (player_id, feature, state_json, updated_at_ms) values ${valuesList(chunk.length, 4)} on conflict (player_id, feature) do update set state_json = excluded.state_json, updated_at_ms = excluded.updated_at_ms`,
      chunk.flatMap((playerId) => [playerId, feature, JSON.stringify(states.get(playerId)), nowMs]),
    );
  }
}

/** A player's state in one feature, JSON parsed, or undefined. */
export async function readPlayerFeatureState(db: Db, playerId: number, feature: string): Promise<unknown> {
  const row = await db.selectFrom('player_feature_state').select('state_json').where('player_id', '=', playerId).where('feature', '=', feature).executeTakeFirst();
  return row === undefined ? undefined : (JSON.parse(row.state_json) as unknown);
}
