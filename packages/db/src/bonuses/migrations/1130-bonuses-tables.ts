import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../../migration-support';

/** Bonus campaigns and their grants (the numbered messages players claim once). */
export async function up(db: AnyDb): Promise<void> {
  const id = isPostgres(db) ? 'serial' : 'integer';
  await db.schema
    .createTable('bonus_campaigns')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('bonus_type', 'varchar(12)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer')
    .addColumn('game_id', 'integer', (c) => c.references('games.id'))
    .addColumn('spins_count', 'integer')
    .addColumn('bet_level', 'integer')
    .addColumn('spins_currency', 'varchar(2)')
    .addColumn('spins_lifetime_ms', 'bigint')
    .addColumn('claim_lifetime_ms', 'bigint', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint(
      'bonus_campaigns_values',
      sql`claim_lifetime_ms > 0 and active in (0, 1) and (
        (bonus_type = 'freeEntries' and amount_cents > 0 and game_id is null)
        or (bonus_type = 'freeSpins' and amount_cents is null and game_id is not null and spins_count > 0 and bet_level > 0 and spins_currency in ('GC', 'FC') and spins_lifetime_ms > 0)
      )`,
    )
    .execute();
  await db.schema
    .createTable('bonus_grants')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('bonus_campaigns.id'))
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('grant_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('granted_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('expires_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('granted_by', 'integer')
    .addColumn('credited_at_ms', 'bigint')
    .addColumn('revoked_at_ms', 'bigint')
    .addColumn('free_spin_grant_id', 'integer')
    .addCheckConstraint('bonus_grants_values', sql`status in ('pending', 'credited', 'revoked') and expires_at_ms > granted_at_ms`)
    .execute();
  await db.schema.createIndex('bonus_grants_player').on('bonus_grants').columns(['player_id', 'status', 'expires_at_ms']).execute();
  await db.schema.createIndex('bonus_grants_campaign').on('bonus_grants').columns(['campaign_id', 'status']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('bonus_grants').execute();
  await db.schema.dropTable('bonus_campaigns').execute();
}
