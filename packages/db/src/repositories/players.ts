import { normalizeEmail } from '@sweepstack/domain/auth/email';
import { type Insertable, type Kysely, PostgresAdapter, type Selectable, type Transaction } from 'kysely';
import { preparedQuery } from '../prepared-query';
import type { Database } from '../schema';
import type { PlayersTable } from '../tables/auth';

type Db = Kysely<Database> | Transaction<Database>;

/** A player as the server passes it around: every column except the password hash. */
export type Player = Omit<Selectable<PlayersTable>, 'password_hash'>;
export type PlayerWithHash = Selectable<PlayersTable>;

/** Columns of `Player`, for selects that must never load the password hash. */
export const PLAYER_COLUMNS = [
  'id',
  'uuid',
  'email',
  'email_normalized',
  'birthday',
  'login',
  'phone',
  'primary_contact',
  'email_confirmed',
  'phone_confirmed',
  'account_status',
  'game_mode',
  'registration_complete',
  'funnel_type',
  'registration_source',
  'traffic_source',
  'is_affiliate',
  'invited_by_code',
  'referral_code',
  'created_at_ms',
  'updated_at_ms',
] as const satisfies ReadonlyArray<keyof Player>;

const selectPlayerById = preparedQuery((db, id: number) => db.selectFrom('players').select(PLAYER_COLUMNS).where('id', '=', id));

/** Compiled once per handle: the server loads the signed-in player with it. */
export async function findPlayerById(db: Db, id: number): Promise<Player | undefined> {
  const [row] = await selectPlayerById(db, id);
  return row;
}

export async function findPlayerByUuid(db: Db, uuid: string): Promise<Player | undefined> {
  return db.selectFrom('players').select(PLAYER_COLUMNS).where('uuid', '=', uuid).executeTakeFirst();
}

/** Looks a player up by the normalized email, with the password hash (sign-in only). */
export async function findPlayerWithHashByEmail(db: Db, emailNormalized: string): Promise<PlayerWithHash | undefined> {
  return db.selectFrom('players').selectAll().where('email_normalized', '=', emailNormalized).executeTakeFirst();
}

export async function emailExists(db: Db, emailNormalized: string): Promise<boolean> {
  const row = await db.selectFrom('players').select('id').where('email_normalized', '=', emailNormalized).executeTakeFirst();
  return row !== undefined;
}

export async function referralCodeExists(db: Db, code: string): Promise<boolean> {
  const row = await db.selectFrom('players').select('id').where('referral_code', '=', code).executeTakeFirst();
  return row !== undefined;
}

/** What every new player row must be given; `newPlayerRow` defaults the rest. */
export type NewPlayerFields = Pick<Insertable<PlayersTable>, 'uuid' | 'email' | 'password_hash' | 'birthday' | 'login' | 'referral_code' | 'created_at_ms'> &
  Partial<Omit<Insertable<PlayersTable>, 'id'>>;

/**
 * The full row of a new player: the fields given, every other column at its sign-up default (active,
 * Gold Coin mode, standard funnel, nothing confirmed, the email normalized as sign-in looks it up).
 * Sign-up, seeds, fixtures and benchmarks all build players with it, so a new column gets its
 * default in one place.
 */
export function newPlayerRow(fields: NewPlayerFields): Insertable<PlayersTable> {
  return {
    email_normalized: normalizeEmail(fields.email),
    phone: null,
    primary_contact: 'email',
    email_confirmed: 0,
    phone_confirmed: 0,
    account_status: 'ACTIVE',
    game_mode: 'TournamentPoints',
    registration_complete: 1,
    funnel_type: 'standard',
    registration_source: null,
    traffic_source: null,
    is_affiliate: 0,
    invited_by_code: null,
    updated_at_ms: fields.created_at_ms,
    ...fields,
  };
}

export async function insertPlayer(db: Db, values: Insertable<PlayersTable>): Promise<number> {
  const row = await db.insertInto('players').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePlayer(
  db: Db,
  id: number,
  values: Partial<Omit<Insertable<PlayersTable>, 'id' | 'uuid' | 'created_at_ms'>>,
): Promise<void> {
  await db.updateTable('players').set(values).where('id', '=', id).execute();
}

/**
 * One decision at a time per player: on PostgreSQL locks the player row until the transaction ends
 * (purchases under a limit, a cooling-off or self-exclusion, a reality-check record), so that two
 * parallel requests cannot both pass the same check. SQLite runs one writer at a time and needs nothing.
 */
export async function lockPlayer(trx: Transaction<Database>, playerId: number): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await trx.selectFrom('players').select('id').where('id', '=', playerId).forUpdate().execute();
}
