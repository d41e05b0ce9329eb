import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../../migration-support';

/**
 * The location checks (docs/geo-restriction.md): sandbox IP ranges (operator data), the last place
 * each check found a player (added to the Fortune Coin enforcement), and the geoblock reports, one per
 * subject, app kind and UTC day (the unique index makes a repeated report a no-op).
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('geo_ip_ranges')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('cidr', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('state', 'varchar(2)')
    .addColumn('note', 'varchar(200)')
    .execute();

  await db.schema
    .createTable('player_locations')
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('source', 'varchar(8)', (c) => c.notNull().check(sql`source in ('ip', 'geo')`))
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('state', 'varchar(2)')
    .addColumn('located_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('player_locations_pk', ['player_id', 'source'])
    .execute();

  await db.schema
    .createTable('geo_block_reports')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.references('players.id'))
    .addColumn('subject', 'varchar(80)', (c) => c.notNull())
    .addColumn('app', 'varchar(16)', (c) => c.notNull().check(sql`app in ('geo', 'system', 'cloudflare', 'maxmind')`))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)')
    .addColumn('meta_json', 'text')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('geo_block_reports_once').on('geo_block_reports').columns(['subject', 'app', 'day']).unique().execute();
  await db.schema.createIndex('geo_block_reports_player').on('geo_block_reports').columns(['player_id', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('geo_block_reports').execute();
  await db.schema.dropTable('player_locations').execute();
  await db.schema.dropTable('geo_ip_ranges').execute();
}

