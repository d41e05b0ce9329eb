import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../migration-support';

/**
 * The cashier (docs/cashier.md): coin packages, our payments, applied webhook events, deposit
 * counters, purchase limits, cooling-off; and the sandbox provider's own payments and its durable
 * job queue (it stands in for the external card network).
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('cashier_packages')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('usual_price_cents', 'bigint')
    .addColumn('gold_coins', 'bigint', (c) => c.notNull())
    .addColumn('fortune_cents', 'bigint', (c) => c.notNull())
    .addColumn('badge_label', 'varchar(64)')
    .addColumn('best_deal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('most_popular', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('cashier_packages_amounts', sql`price_cents > 0 and gold_coins >= 0 and fortune_cents >= 0`)
    .execute();

  await db.schema
    .createTable('cashier_payments')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('package_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('method_id', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('gold_coins', 'bigint', (c) => c.notNull())
    .addColumn('fortune_cents', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('decline_reason', 'varchar(64)')
    .addColumn('provider_payment_id', 'varchar(64)')
    .addColumn('provider_sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('challenge_url', 'varchar(2000)')
    .addColumn('card_last4', 'varchar(4)')
    .addColumn('card_brand', 'varchar(20)')
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('response_json', 'text')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('completed_at_ms', 'bigint')
    .addUniqueConstraint('cashier_payments_player_key', ['player_id', 'idempotency_key'])
    .addCheckConstraint('cashier_payments_status', sql`status in ('created', 'pending', 'requires_action', 'complete', 'declined', 'failed')`)
    .execute();
  await db.schema.createIndex('cashier_payments_player_created').on('cashier_payments').columns(['player_id', 'created_at_ms']).execute();

  await db.schema
    .createTable('cashier_webhook_events')
    .addColumn('event_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('payment_id', 'varchar(64)')
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('received_at_ms', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cashier_player_stats')
    .addColumn('player_id', 'integer', (c) => c.primaryKey().references('players.id'))
    .addColumn('deposits_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('first_deposit_at_ms', 'bigint')
    .addColumn('last_deposit_at_ms', 'bigint')
    .execute();

  await db.schema
    .createTable('cashier_purchase_limits')
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('period', 'varchar(10)', (c) => c.notNull())
    .addColumn('limit_cents', 'bigint')
    .addColumn('pending_set', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pending_limit_cents', 'bigint')
    .addColumn('pending_effective_at_ms', 'bigint')
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('cashier_purchase_limits_pk', ['player_id', 'period'])
    .addCheckConstraint('cashier_purchase_limits_period', sql`period in ('daily', 'weekly', 'monthly')`)
    .execute();

  await db.schema
    .createTable('cashier_cooling_off')
    .addColumn('player_id', 'integer', (c) => c.primaryKey().references('players.id'))
    .addColumn('until_ms', 'bigint', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_payments')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('reference', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('card_last4', 'varchar(4)')
    .addColumn('card_brand', 'varchar(20)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('failure_code', 'varchar(64)')
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_jobs')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('payment_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(64)')
    .addColumn('body', 'text')
    .addColumn('due_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('claimed_until_ms', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done_at_ms', 'bigint')
    .addColumn('outcome', 'varchar(20)')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sandbox_jobs_due').on('sandbox_jobs').columns(['done_at_ms', 'due_at_ms']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['sandbox_jobs', 'sandbox_payments', 'cashier_cooling_off', 'cashier_purchase_limits', 'cashier_player_stats', 'cashier_webhook_events', 'cashier_payments', 'cashier_packages']) {
    await db.schema.dropTable(table).execute();
  }
}
