import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../../migration-support';

/**
 * The payment sandbox's private queue (`sandbox_jobs`) becomes durable jobs of the kinds
 * `payments-sandbox.deliver` and `payments-sandbox.settle` (docs/jobs.md): unfinished work is moved,
 * finished work is dropped with the table.
 */
export async function up(db: AnyDb): Promise<void> {
  const payload = isPostgres(db)
    ? sql`case when kind = 'settle' then json_build_object('paymentId', payment_id)::text
        else json_build_object('paymentId', payment_id, 'eventId', event_id, 'body', body)::text end`
    : sql`case when kind = 'settle' then json_object('paymentId', payment_id)
        else json_object('paymentId', payment_id, 'eventId', event_id, 'body', body) end`;
  await sql`insert into jobs (kind, key, payload_json, status, run_at_ms, attempts, claim_token, claimed_until_ms, last_error, created_at_ms, updated_at_ms, finished_at_ms)
    select case when kind = 'settle' then 'payments-sandbox.settle' else 'payments-sandbox.deliver' end,
      case when kind = 'settle' then payment_id else payment_id || ':' || coalesce(event_id, '') || ':' || cast(id as varchar(20)) end,
      ${payload}, 'pending', due_at_ms, attempts, null, null, last_error, created_at_ms, created_at_ms, null
    from sandbox_jobs where done_at_ms is null and (kind = 'settle' or body is not null)`.execute(db);
  await db.schema.dropTable('sandbox_jobs').execute();
}

export async function down(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
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
  await db.deleteFrom('jobs').where('kind', 'in', ['payments-sandbox.deliver', 'payments-sandbox.settle']).execute();
}
