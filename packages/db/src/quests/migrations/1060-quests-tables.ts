import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../../migration-support';

/** Quests: the operator's quests and tasks, each player's progress per task. */
export async function up(db: AnyDb): Promise<void> {
  const id = isPostgres(db) ? 'serial' : 'integer';
  await db.schema
    .createTable('quests')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('slug', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('title_json', 'text', (c) => c.notNull())
    .addColumn('starts_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('ends_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('day_count', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('shared_game_sets_json', 'text', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('quests_rules', sql`type in ('season', 'advent') and day_count >= 1 and day_count <= 60 and ends_at_ms > starts_at_ms`)
    .execute();
  await db.schema
    .createTable('quest_tasks')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('quest_id', 'integer', (c) => c.notNull().references('quests.id'))
    .addColumn('day_index', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('target', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(2)')
    .addColumn('game_ids_json', 'text', (c) => c.notNull())
    .addColumn('shared_set_keys_json', 'text', (c) => c.notNull())
    .addColumn('feature', 'varchar(64)')
    .addColumn('min_amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('prize_gc', 'bigint', (c) => c.notNull())
    .addColumn('prize_fc_cents', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('quest_tasks_rules', sql`kind in ('rounds', 'wager', 'win', 'purchase', 'visit') and target >= 1 and day_index >= 0 and prize_gc >= 0 and prize_fc_cents >= 0 and min_amount_cents >= 0`)
    .execute();
  await db.schema.createIndex('quest_tasks_quest').on('quest_tasks').columns(['quest_id', 'day_index', 'sort_order']).execute();
  await db.schema
    .createTable('quest_task_progress')
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('task_id', 'integer', (c) => c.notNull().references('quest_tasks.id'))
    .addColumn('quest_id', 'integer', (c) => c.notNull())
    .addColumn('progress', 'bigint', (c) => c.notNull())
    .addColumn('completed_at_ms', 'bigint')
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('quest_task_progress_pk', ['player_id', 'task_id'])
    .addCheckConstraint('quest_task_progress_rules', sql`progress >= 0`)
    .execute();
  await db.schema.createIndex('quest_task_progress_player_quest').on('quest_task_progress').columns(['player_id', 'quest_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['quest_task_progress', 'quest_tasks', 'quests']) await db.schema.dropTable(table).execute();
}
