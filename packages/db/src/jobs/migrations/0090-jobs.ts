import { isPostgres, type AnyDb } from '../../migration-support';

/** Durable jobs and recurring schedules (docs/jobs.md, DESIGN.md rule 8). */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('jobs')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('kind', 'varchar(100)', (c) => c.notNull())
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('payload_json', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('run_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claim_token', 'varchar(100)')
    .addColumn('claimed_until_ms', 'bigint')
    .addColumn('last_error', 'varchar(2000)')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('finished_at_ms', 'bigint')
    .addUniqueConstraint('jobs_kind_key', ['kind', 'key'])
    .execute();
  // Claims look for live jobs that are due: keep that lookup small however many finished jobs are kept.
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at_ms']).execute();

  await db.schema
    .createTable('job_schedules')
    .addColumn('kind', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('cron', 'varchar(200)', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('planned_until_ms', 'bigint')
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('job_schedules').execute();
  await db.schema.dropTable('jobs').execute();
}
