import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../../migration-support';

/** Pop-up ad campaigns, their pop-ups and the answer log (one row per answered or suppressed trigger). */
export async function up(db: AnyDb): Promise<void> {
  const id = isPostgres(db) ? 'serial' : 'integer';
  await db.schema
    .createTable('pop_up_ad_campaigns')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('audience', 'varchar(10)', (c) => c.notNull())
    .addColumn('deposits', 'varchar(10)', (c) => c.notNull())
    .addColumn('starts_at_ms', 'bigint')
    .addColumn('ends_at_ms', 'bigint')
    .addColumn('test_player_emails_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('pop_up_ad_campaigns_values', sql`active in (0, 1) and audience in ('guests', 'players', 'everyone') and deposits in ('any', 'with', 'without')`)
    .execute();
  await db.schema
    .createTable('pop_up_ads')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('pop_up_ad_campaigns.id'))
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('delay_seconds', 'integer', (c) => c.notNull())
    .addColumn('triggers_json', 'varchar(200)', (c) => c.notNull())
    .addColumn('image', 'varchar(20)', (c) => c.notNull())
    .addColumn('cta_url', 'varchar(120)', (c) => c.notNull())
    .addColumn('content_json', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('pop_up_ads_values', sql`active in (0, 1) and delay_seconds >= 0`)
    .execute();
  await db.schema.createIndex('pop_up_ads_campaign').on('pop_up_ads').column('campaign_id').execute();
  await db.schema
    .createTable('pop_up_ad_logs')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('popup_id', 'integer', (c) => c.references('pop_up_ads.id'))
    .addColumn('campaign_id', 'integer', (c) => c.references('pop_up_ad_campaigns.id'))
    .addColumn('player_id', 'integer', (c) => c.references('players.id'))
    .addColumn('tracking_id', 'varchar(64)')
    .addColumn('trigger_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('suppressed', 'varchar(32)')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('shown_at_ms', 'bigint')
    .addColumn('clicked_at_ms', 'bigint')
    .addColumn('closed_at_ms', 'bigint')
    .addCheckConstraint('pop_up_ad_logs_viewer', sql`(player_id is null) <> (tracking_id is null)`)
    .execute();
  await db.schema.createIndex('pop_up_ad_logs_player').on('pop_up_ad_logs').columns(['player_id', 'created_at_ms']).execute();
  await db.schema.createIndex('pop_up_ad_logs_tracking').on('pop_up_ad_logs').columns(['tracking_id', 'created_at_ms']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('pop_up_ad_logs').execute();
  await db.schema.dropTable('pop_up_ads').execute();
  await db.schema.dropTable('pop_up_ad_campaigns').execute();
}
