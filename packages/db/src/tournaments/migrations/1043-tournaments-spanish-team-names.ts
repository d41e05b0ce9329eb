import type { AnyDb } from '../../migration-support';

/**
 * Team names in Spanish (operator content is kept per language, as the titles of 1042): on the
 * schedule, a JSON array beside `teams_json` (same order); copied to each run's teams. Null shows the
 * team's name in every language.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tournament_schedules').addColumn('teams_es_json', 'text').execute();
  await db.schema.alterTable('tournament_teams').addColumn('title_es', 'varchar(200)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tournament_teams').dropColumn('title_es').execute();
  await db.schema.alterTable('tournament_schedules').dropColumn('teams_es_json').execute();
}
