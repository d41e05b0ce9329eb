import { sql } from 'kysely';
import type { AnyDb } from '../../migration-support';

/** Referrals, the referrer's daily counter, the player's own rewards paid and device marks. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('referrals')
    .addColumn('friend_player_id', 'integer', (c) => c.primaryKey().references('players.id'))
    .addColumn('referrer_player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('refused_reason', 'varchar(16)')
    .addColumn('source', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('registration_paid_at_ms', 'bigint')
    .addColumn('email_paid_at_ms', 'bigint')
    .addColumn('phone_paid_at_ms', 'bigint')
    .addColumn('profile_paid_at_ms', 'bigint')
    .addColumn('identity_verified_at_ms', 'bigint')
    .addColumn('first_purchase_at_ms', 'bigint')
    .addColumn('qualified_paid_at_ms', 'bigint')
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint(
      'referrals_values',
      sql`status in ('counting', 'refused') and source in ('signup', 'late') and (refused_reason is null or refused_reason in ('sameDevice', 'sameCard', 'dailyCap')) and friend_player_id <> referrer_player_id`,
    )
    .execute();
  await db.schema.createIndex('referrals_referrer').on('referrals').columns(['referrer_player_id', 'created_at_ms']).execute();

  await db.schema
    .createTable('referral_daily_counts')
    .addColumn('referrer_player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('friends', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('referral_daily_counts_pk', ['referrer_player_id', 'day'])
    .execute();

  await db.schema
    .createTable('player_rewards_paid')
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('coins', 'bigint', (c) => c.notNull())
    .addColumn('entries_cents', 'bigint', (c) => c.notNull())
    .addColumn('paid_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('player_rewards_paid_pk', ['player_id', 'kind'])
    .addCheckConstraint('player_rewards_paid_values', sql`kind in ('email', 'phone', 'profile', 'registration', 'lateCode') and coins >= 0 and entries_cents >= 0`)
    .execute();

  await db.schema
    .createTable('referral_device_marks')
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull())
    .addColumn('seen_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('referral_device_marks_pk', ['player_id', 'ip', 'user_agent'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('referral_device_marks').execute();
  await db.schema.dropTable('player_rewards_paid').execute();
  await db.schema.dropTable('referral_daily_counts').execute();
  await db.schema.dropTable('referrals').execute();
}
