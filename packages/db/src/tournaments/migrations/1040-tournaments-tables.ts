import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../../migration-support';

/** Tournaments: schedules, runs, teams, entries (the standings table) and winners. */
export async function up(db: AnyDb): Promise<void> {
  const id = isPostgres(db) ? 'serial' : 'integer';
  await db.schema
    .createTable('tournament_schedules')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('slug', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    .addColumn('starts_at_ms', 'bigint')
    .addColumn('cron', 'varchar(120)')
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('duration_ms', 'bigint', (c) => c.notNull())
    .addColumn('open_lead_ms', 'bigint', (c) => c.notNull())
    .addColumn('announce_lead_ms', 'bigint', (c) => c.notNull())
    .addColumn('bets_on', 'varchar(24)', (c) => c.notNull())
    .addColumn('games_json', 'text', (c) => c.notNull())
    .addColumn('rules_json', 'text', (c) => c.notNull())
    .addColumn('prizes_json', 'text', (c) => c.notNull())
    .addColumn('teams_json', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('planned_until_ms', 'bigint')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('tournament_schedules_when', sql`(starts_at_ms is null) <> (cron is null)`)
    .execute();
  await db.schema
    .createTable('tournament_runs')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('schedule_id', 'integer', (c) => c.notNull().references('tournament_schedules.id'))
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    .addColumn('announce_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('open_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('start_ms', 'bigint', (c) => c.notNull())
    .addColumn('end_ms', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('bets_on', 'varchar(24)', (c) => c.notNull())
    .addColumn('games_json', 'text', (c) => c.notNull())
    .addColumn('rules_json', 'text', (c) => c.notNull())
    .addColumn('prizes_json', 'text', (c) => c.notNull())
    .addColumn('team_based', 'integer', (c) => c.notNull())
    .addColumn('operator_note', 'varchar(300)')
    .addColumn('paid_at_ms', 'bigint')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('tournament_runs_occurrence', ['schedule_id', 'start_ms'])
    .addCheckConstraint('tournament_runs_times', sql`announce_at_ms <= open_at_ms and open_at_ms <= start_ms and start_ms < end_ms`)
    .execute();
  await db.schema.createIndex('tournament_runs_status_end').on('tournament_runs').columns(['status', 'end_ms']).execute();
  await db.schema
    .createTable('tournament_teams')
    .addColumn('run_id', 'integer', (c) => c.notNull().references('tournament_runs.id'))
    .addColumn('team_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(60)', (c) => c.notNull())
    .addColumn('members', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('tournament_teams_pk', ['run_id', 'team_id'])
    .addCheckConstraint('tournament_teams_members', sql`members >= 0`)
    .execute();
  await db.schema
    .createTable('tournament_entries')
    .addColumn('run_id', 'integer', (c) => c.notNull().references('tournament_runs.id'))
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('team_id', 'integer')
    .addColumn('points', 'bigint', (c) => c.notNull())
    .addColumn('rounds_played', 'integer', (c) => c.notNull())
    .addColumn('reached_seq', 'bigint', (c) => c.notNull())
    .addColumn('subscribed_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('tournament_entries_pk', ['run_id', 'player_id'])
    .addCheckConstraint('tournament_entries_counts', sql`points >= 0 and rounds_played >= 0`)
    .execute();
  // The standings index: the leaders and a player's place are range reads of it.
  await db.schema.createIndex('tournament_entries_standings').on('tournament_entries').columns(['run_id', 'points desc', 'reached_seq']).execute();
  await db.schema.createIndex('tournament_entries_player').on('tournament_entries').columns(['player_id', 'run_id']).execute();
  await db.schema
    .createTable('tournament_winners')
    .addColumn('run_id', 'integer', (c) => c.notNull().references('tournament_runs.id'))
    .addColumn('place', 'integer', (c) => c.notNull())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('team_id', 'integer')
    .addColumn('points', 'bigint', (c) => c.notNull())
    .addColumn('prize_coins', 'bigint', (c) => c.notNull())
    .addColumn('prize_entries_cents', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('paid_at_ms', 'bigint')
    .addPrimaryKeyConstraint('tournament_winners_pk', ['run_id', 'player_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['tournament_winners', 'tournament_entries', 'tournament_teams', 'tournament_runs', 'tournament_schedules']) await db.schema.dropTable(table).execute();
}
