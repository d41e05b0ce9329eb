import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../../migration-support';

/** Promo offers: preset conditions, bundles, flip-the-coin sets, subscriptions and flips. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('promo_offer_bundles')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('title_json', 'varchar(1000)', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('promo_offer_bundles_type', sql`type in ('welcomePack')`)
    .execute();
  await db.schema
    .createTable('promo_offer_sets')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('cooldown_ms', 'bigint', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('promo_offer_sets_cooldown', sql`cooldown_ms >= 0`)
    .execute();
  await db.schema
    .createTable('promo_offer_presets')
    .addColumn('package_id', 'varchar(64)', (c) => c.primaryKey().references('cashier_packages.id'))
    .addColumn('url_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('subscription_required', 'integer', (c) => c.notNull())
    .addColumn('offer_set', 'varchar(64)', (c) => c.references('promo_offer_sets.id'))
    .addColumn('bundle_id', 'varchar(64)', (c) => c.references('promo_offer_bundles.id'))
    .addColumn('bundle_step', 'integer')
    .addColumn('day_of_week', 'integer')
    .addColumn('limit_per_day', 'integer')
    .addColumn('min_balance', 'bigint')
    .addColumn('available_till_ms', 'bigint')
    .addColumn('first_purchase_only', 'integer', (c) => c.notNull())
    .addColumn('image_popup', 'varchar(300)')
    .addColumn('related_preset_ids', 'varchar(2000)', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('promo_offer_presets_bundle_step', ['bundle_id', 'bundle_step'])
    .addCheckConstraint(
      'promo_offer_presets_values',
      sql`(day_of_week is null or day_of_week between 1 and 7) and (limit_per_day is null or limit_per_day >= 1) and (min_balance is null or min_balance >= 0) and ((bundle_id is null) = (bundle_step is null)) and (bundle_step is null or bundle_step >= 1)`,
    )
    .execute();
  await db.schema
    .createTable('promo_offer_subscriptions')
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('package_id', 'varchar(64)', (c) => c.notNull().references('promo_offer_presets.package_id'))
    .addColumn('source', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('promo_offer_subscriptions_pk', ['player_id', 'package_id'])
    .execute();
  await db.schema
    .createTable('promo_offer_flips')
    .addColumn('id', isPostgres(db) ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('offer_set', 'varchar(64)', (c) => c.notNull().references('promo_offer_sets.id'))
    .addColumn('package_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('seed_id', 'integer', (c) => c.notNull())
    .addColumn('nonce', 'integer', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('promo_offer_flips_player_set').on('promo_offer_flips').columns(['player_id', 'offer_set', 'created_at_ms']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['promo_offer_flips', 'promo_offer_subscriptions', 'promo_offer_presets', 'promo_offer_sets', 'promo_offer_bundles']) await db.schema.dropTable(table).execute();
}
