import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../../migration-support';

/**
 * Bonus messages past their end become `expired` (the `bonuses.expire-messages` job), with the time it
 * marked them. PostgreSQL changes the check constraint in place; SQLite cannot, so its table is
 * rebuilt with the new constraint (nothing references `bonus_grants`).
 */
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table bonus_grants add column expired_at_ms bigint`.execute(db);
    await sql`alter table bonus_grants drop constraint bonus_grants_values`.execute(db);
    await sql`alter table bonus_grants add constraint bonus_grants_values check (status in ('pending', 'credited', 'revoked', 'expired') and expires_at_ms > granted_at_ms)`.execute(db);
    await sql`create index bonus_grants_pending_end on bonus_grants (expires_at_ms) where status = 'pending'`.execute(db);
    return;
  }
  await rebuildSqlite(db, `status in ('pending', 'credited', 'revoked', 'expired')`, true);
  await sql`create index bonus_grants_pending_end on bonus_grants (expires_at_ms) where status = 'pending'`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`update bonus_grants set status = 'pending' where status = 'expired'`.execute(db);
  if (isPostgres(db)) {
    await sql`drop index bonus_grants_pending_end`.execute(db);
    await sql`alter table bonus_grants drop constraint bonus_grants_values`.execute(db);
    await sql`alter table bonus_grants add constraint bonus_grants_values check (status in ('pending', 'credited', 'revoked') and expires_at_ms > granted_at_ms)`.execute(db);
    await sql`alter table bonus_grants drop column expired_at_ms`.execute(db);
    return;
  }
  await rebuildSqlite(db, `status in ('pending', 'credited', 'revoked')`, false);
}

async function rebuildSqlite(db: AnyDb, statusCheck: string, withExpiredAt: boolean): Promise<void> {
  const common = 'id, campaign_id, player_id, status, grant_key, granted_at_ms, expires_at_ms, granted_by, credited_at_ms, revoked_at_ms, free_spin_grant_id';
  await sql
    .raw(
      `create table bonus_grants_new (
        id integer primary key,
        campaign_id integer not null references bonus_campaigns (id),
        player_id integer not null references players (id),
        status varchar(10) not null,
        grant_key varchar(200) not null unique,
        granted_at_ms bigint not null,
        expires_at_ms bigint not null,
        granted_by integer,
        credited_at_ms bigint,
        revoked_at_ms bigint,
        free_spin_grant_id integer,
        ${withExpiredAt ? 'expired_at_ms bigint,' : ''}
        constraint bonus_grants_values check (${statusCheck} and expires_at_ms > granted_at_ms)
      )`,
    )
    .execute(db);
  await sql.raw(`insert into bonus_grants_new (${common}) select ${common} from bonus_grants`).execute(db);
  await sql`drop table bonus_grants`.execute(db);
  await sql`alter table bonus_grants_new rename to bonus_grants`.execute(db);
  await sql`create index bonus_grants_player on bonus_grants (player_id, status, expires_at_ms)`.execute(db);
  await sql`create index bonus_grants_campaign on bonus_grants (campaign_id, status)`.execute(db);
}
