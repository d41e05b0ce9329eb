import type { AnyDb } from '../../migration-support';

/**
 * A tournament's title in Spanish (operator content is kept per language, issue 12 §1 item 3): on the
 * schedule and copied to each run; null shows the title (the operator's own words) in every language.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tournament_schedules').addColumn('title_es', 'varchar(200)').execute();
  await db.schema.alterTable('tournament_runs').addColumn('title_es', 'varchar(200)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tournament_runs').dropColumn('title_es').execute();
  await db.schema.alterTable('tournament_schedules').dropColumn('title_es').execute();
}
