import type { Prize } from '@sweepstack/domain/rewards/prize';
import type { SeasonLevel, SeasonRates, SeasonTotals, SeasonTrack } from '@sweepstack/domain/seasons/season-progress';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../schema';
import { powerOfTwoChunks, statementsOf, valuesList } from '../statements';
import './tables';
import type { SeasonPlayersTable, SeasonsTable } from './tables';

/** The seasons' SQL (docs/features/seasons.md). */
type Db = Kysely<Database> | Transaction<Database>;

export const SEASONS_FEATURE = 'seasons';

export type SeasonStatus = SeasonsTable['status'];

export interface Season {
  id: number;
  slug: string;
  title: string;
  status: SeasonStatus;
  startsAtMs: number;
  endsAtMs: number;
  rates: SeasonRates;
  premiumPackageId: string | null;
  levels: SeasonLevel[];
}

export interface SeasonPlayer extends SeasonTotals {
  points: number;
  level: number;
  premium: boolean;
}

/** A season as operators write it (levels already checked). */
export interface SeasonInput {
  slug: string;
  title: string;
  startsAtMs: number;
  endsAtMs: number;
  rates: SeasonRates;
  premiumPackageId: string | null;
  levels: SeasonLevel[];
}

const NO_PLAYER: SeasonPlayer = { wageredGc: 0, wageredFcCents: 0, purchasedCents: 0, points: 0, level: 0, premium: false };

async function withLevels(db: Db, rows: Selectable<SeasonsTable>[]): Promise<Season[]> {
  if (rows.length === 0) return [];
  const levels = await db.selectFrom('season_levels').selectAll().where('season_id', 'in', rows.map((r) => r.id)).orderBy('season_id').orderBy('level').execute();
  return rows.map((row) => ({
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    status: row.status,
    startsAtMs: Number(row.starts_at_ms),
    endsAtMs: Number(row.ends_at_ms),
    rates: { gcWageredPerPoint: Number(row.gc_wagered_per_point), fcCentsWageredPerPoint: Number(row.fc_cents_wagered_per_point), pointsPerDollar: Number(row.points_per_dollar) },
    premiumPackageId: row.premium_package_id,
    levels: levels
      .filter((l) => Number(l.season_id) === Number(row.id))
      .map((l) => ({
        level: Number(l.level),
        points: Number(l.points),
        freePrize: JSON.parse(l.free_prize_json) as Prize,
        premiumPrize: l.premium_prize_json === null ? null : (JSON.parse(l.premium_prize_json) as Prize),
      })),
  }));
}

export async function seasonBySlug(db: Db, slug: string): Promise<Season | undefined> {
  const rows = await db.selectFrom('seasons').selectAll().where('slug', '=', slug).execute();
  return (await withLevels(db, rows))[0];
}

export async function seasonById(db: Db, id: number): Promise<Season | undefined> {
  const rows = await db.selectFrom('seasons').selectAll().where('id', '=', id).execute();
  return (await withLevels(db, rows))[0];
}

/** Every season, newest start first. */
export async function listSeasons(db: Db): Promise<Season[]> {
  return withLevels(db, await db.selectFrom('seasons').selectAll().orderBy('starts_at_ms', 'desc').execute());
}

/**
 * The default season (spec §7 "default season"): the running one, else the next to start, else the
 * one that ended last. Seasons never overlap, so at most one runs.
 */
export async function defaultSeason(db: Db): Promise<Season | undefined> {
  const running = await db.selectFrom('seasons').selectAll().where('status', '=', 'running').orderBy('starts_at_ms', 'desc').limit(1).execute();
  if (running.length > 0) return (await withLevels(db, running))[0];
  const next = await db.selectFrom('seasons').selectAll().where('status', '=', 'scheduled').orderBy('starts_at_ms').limit(1).execute();
  if (next.length > 0) return (await withLevels(db, next))[0];
  return (await withLevels(db, await db.selectFrom('seasons').selectAll().where('status', '=', 'ended').orderBy('ends_at_ms', 'desc').limit(1).execute()))[0];
}

/** Seasons that started (running or ended) whose time overlaps [fromMs, toMs]: where play of that time counts. */
export async function startedSeasonsCovering(db: Db, fromMs: number, toMs: number): Promise<Season[]> {
  return withLevels(db, await db.selectFrom('seasons').selectAll().where('status', 'in', ['running', 'ended']).where('starts_at_ms', '<=', toMs).where('ends_at_ms', '>', fromMs).execute());
}

/** A season other than `exceptId` whose time overlaps [startsAtMs, endsAtMs). */
export async function overlappingSeason(db: Db, startsAtMs: number, endsAtMs: number, exceptId: number | null): Promise<string | undefined> {
  let query = db.selectFrom('seasons').select('slug').where('starts_at_ms', '<', endsAtMs).where('ends_at_ms', '>', startsAtMs);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst())?.slug;
}

async function writeLevels(trx: Db, seasonId: number, levels: readonly SeasonLevel[]): Promise<void> {
  await trx.deleteFrom('season_levels').where('season_id', '=', seasonId).execute();
  await trx
    .insertInto('season_levels')
    .values(levels.map((l) => ({ season_id: seasonId, level: l.level, points: l.points, free_prize_json: JSON.stringify(l.freePrize), premium_prize_json: l.premiumPrize === null ? null : JSON.stringify(l.premiumPrize) })))
    .execute();
}

function seasonColumns(input: SeasonInput) {
  return {
    slug: input.slug,
    title: input.title,
    starts_at_ms: input.startsAtMs,
    ends_at_ms: input.endsAtMs,
    gc_wagered_per_point: input.rates.gcWageredPerPoint,
    fc_cents_wagered_per_point: input.rates.fcCentsWageredPerPoint,
    points_per_dollar: input.rates.pointsPerDollar,
    premium_package_id: input.premiumPackageId,
  };
}

/** Inserts a scheduled season with its levels; answers its id. */
export async function insertSeason(trx: Db, input: SeasonInput, nowMs: number): Promise<number> {
  const row = await trx
    .insertInto('seasons')
    .values({ ...seasonColumns(input), status: 'scheduled', created_at_ms: nowMs, updated_at_ms: nowMs })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await writeLevels(trx, id, input.levels);
  return id;
}

/** Replaces a season that has not started (the update is guarded by its status): false when it has. */
export async function replaceScheduledSeason(trx: Db, id: number, input: SeasonInput, nowMs: number): Promise<boolean> {
  const result = await trx.updateTable('seasons').set({ ...seasonColumns(input), updated_at_ms: nowMs }).where('id', '=', id).where('status', '=', 'scheduled').executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await writeLevels(trx, id, input.levels);
  return true;
}

/** Moves a season from one status to the next; false when it was not in `from` (a job ran twice). */
export async function moveSeasonStatus(trx: Db, id: number, from: SeasonStatus, to: SeasonStatus, nowMs: number): Promise<boolean> {
  const result = await trx.updateTable('seasons').set({ status: to, updated_at_ms: nowMs }).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

function toPlayer(row: Pick<Selectable<SeasonPlayersTable>, 'wagered_gc' | 'wagered_fc_cents' | 'purchased_cents' | 'points' | 'level' | 'premium_payment_id'> | undefined): SeasonPlayer {
  if (!row) return NO_PLAYER;
  return {
    wageredGc: Number(row.wagered_gc),
    wageredFcCents: Number(row.wagered_fc_cents),
    purchasedCents: Number(row.purchased_cents),
    points: Number(row.points),
    level: Number(row.level),
    premium: row.premium_payment_id !== null,
  };
}

export async function seasonPlayerOf(db: Db, seasonId: number, playerId: number): Promise<SeasonPlayer> {
  return toPlayer(await db.selectFrom('season_players').selectAll().where('season_id', '=', seasonId).where('player_id', '=', playerId).executeTakeFirst());
}

/**
 * Adds to a player's totals in a season in one statement (created when missing) and answers the
 * totals after it. The upsert takes the row's lock, so a player's concurrent handlers serialize here.
 */
export async function addSeasonTotals(trx: Transaction<Database>, seasonId: number, playerId: number, delta: SeasonTotals, nowMs: number): Promise<SeasonPlayer> {
  const row = await trx
    .insertInto('season_players')
    .values({ season_id: seasonId, player_id: playerId, wagered_gc: delta.wageredGc, wagered_fc_cents: delta.wageredFcCents, purchased_cents: delta.purchasedCents, points: 0, level: 0, premium_payment_id: null, premium_at_ms: null, updated_at_ms: nowMs })
    .onConflict((oc) =>
      oc.columns(['season_id', 'player_id']).doUpdateSet({
        wagered_gc: sql`season_players.wagered_gc + excluded.wagered_gc`,
        wagered_fc_cents: sql`season_players.wagered_fc_cents + excluded.wagered_fc_cents`,
        purchased_cents: sql`season_players.purchased_cents + excluded.purchased_cents`,
        updated_at_ms: nowMs,
      }),
    )
    .returning(['wagered_gc', 'wagered_fc_cents', 'purchased_cents', 'points', 'level', 'premium_payment_id'])
    .executeTakeFirstOrThrow();
  return toPlayer(row);
}

/**
 * `addSeasonTotals` for many players of one season: prepared statements per power-of-two chunk
 * (statements.ts), in player order (concurrent batches lock their rows in one order), answering each
 * player's totals after it.
 */
export async function addSeasonTotalsOfMany(trx: Transaction<Database>, seasonId: number, deltas: ReadonlyMap<number, SeasonTotals>, nowMs: number): Promise<Map<number, SeasonPlayer>> {
  const statements = statementsOf(trx);
  const after = new Map<number, SeasonPlayer>();
  for (const chunk of powerOfTwoChunks([...deltas.keys()].sort((a, b) => a - b))) {
    const rows = await statements.all<{ player_id: number | string; wagered_gc: number | string; wagered_fc_cents: number | string; purchased_cents: number | string; points: number | string; level: number | string; premium_payment_id: string | null }>(
      `insert into season_players (season_id, player_id, wagered_gc, wagered_fc_cents, purchased_cents, points, level, premium_payment_id, premium_at_ms, updated_at_ms) values ${valuesList(chunk.length, 10)} ` +
        'on conflict (season_id, player_id) do update set wagered_gc = season_players.wagered_gc + excluded.wagered_gc, wagered_fc_cents = season_players.wagered_fc_cents + excluded.wagered_fc_cents, ' +
        'purchased_cents = season_players.purchased_cents + excluded.purchased_cents, updated_at_ms = excluded.updated_at_ms ' +
        'returning player_id, wagered_gc, wagered_fc_cents, purchased_cents, points, level, premium_payment_id',
      chunk.flatMap((playerId) => {
        const delta = deltas.get(playerId)!;
        return [seasonId, playerId, delta.wageredGc, delta.wageredFcCents, delta.purchasedCents, 0, 0, null, null, nowMs];
      }),
    );
    for (const row of rows) after.set(Number(row.player_id), toPlayer(row as Parameters<typeof toPlayer>[0]));
  }
  return after;
}

/**
 * `saveSeasonProgress` for many players of one season: one update per player, each a prepared
 * statement (statements.ts), in player order.
 */
export async function saveSeasonProgressOfMany(trx: Transaction<Database>, seasonId: number, progress: ReadonlyMap<number, { points: number; level: number }>, nowMs: number): Promise<void> {
  const statements = statementsOf(trx);
  for (const playerId of [...progress.keys()].sort((a, b) => a - b)) {
    const { points, level } = progress.get(playerId)!;
    await statements.run('update season_players set points = ?, level = ?, updated_at_ms = ? where season_id = ? and player_id = ?', [points, level, nowMs, seasonId, playerId]);
  }
}

export async function saveSeasonProgress(trx: Db, seasonId: number, playerId: number, progress: { points: number; level: number }, nowMs: number): Promise<void> {
  await trx.updateTable('season_players').set({ points: progress.points, level: progress.level, updated_at_ms: nowMs }).where('season_id', '=', seasonId).where('player_id', '=', playerId).execute();
}

/** Unlocks the premium track with a payment; false when it was unlocked before (by this payment or another). */
export async function unlockSeasonPremium(trx: Db, seasonId: number, playerId: number, paymentId: string, nowMs: number): Promise<boolean> {
  const result = await trx
    .updateTable('season_players')
    .set({ premium_payment_id: paymentId, premium_at_ms: nowMs, updated_at_ms: nowMs })
    .where('season_id', '=', seasonId)
    .where('player_id', '=', playerId)
    .where('premium_payment_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a level prize as paid; false when it had been (the caller then pays nothing). */
export async function insertSeasonAward(trx: Db, award: { seasonId: number; playerId: number; level: number; track: SeasonTrack; prize: Prize; creditKey: string }, nowMs: number): Promise<boolean> {
  const rows = await trx
    .insertInto('season_awards')
    .values({ season_id: award.seasonId, player_id: award.playerId, level: award.level, track: award.track, prize_json: JSON.stringify(award.prize), credit_key: award.creditKey, created_at_ms: nowMs })
    .onConflict((oc) => oc.columns(['season_id', 'player_id', 'level', 'track']).doNothing())
    .returning('level')
    .execute();
  return rows.length === 1;
}

/** The level prizes paid to a player in a season, as `<level>:<track>`. */
export async function seasonAwardsOf(db: Db, seasonId: number, playerId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('season_awards').select(['level', 'track']).where('season_id', '=', seasonId).where('player_id', '=', playerId).execute();
  return new Set(rows.map((r) => `${Number(r.level)}:${r.track}`));
}

/** A page of a season's players who reached a level (the end job's sweep), by player id. */
export async function seasonPlayersWithLevels(db: Db, seasonId: number, afterPlayerId: number, limit: number): Promise<{ playerId: number; player: SeasonPlayer }[]> {
  const rows = await db.selectFrom('season_players').selectAll().where('season_id', '=', seasonId).where('level', '>', 0).where('player_id', '>', afterPlayerId).orderBy('player_id').limit(limit).execute();
  return rows.map((row) => ({ playerId: Number(row.player_id), player: toPlayer(row) }));
}

/** The cashier package's price (cents) and whether it exists. */
export async function packagePriceCents(db: Db, packageId: string): Promise<number | undefined> {
  const row = await db.selectFrom('cashier_packages').select('price_cents').where('id', '=', packageId).executeTakeFirst();
  return row === undefined ? undefined : Number(row.price_cents);
}

/** The seeded premium pass package (content/seasons/season.json). */
export const SEASON_PASS_PACKAGE = 'season-pass';

/** Premium packages of seasons not ended, and the seeded pass: sold from the season, kept out of the cashier's regular list. */
export async function premiumPackageIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('seasons').select('premium_package_id').where('status', '<>', 'ended').where('premium_package_id', 'is not', null).execute();
  return [...new Set([SEASON_PASS_PACKAGE, ...rows.map((r) => r.premium_package_id!)])];
}

/** The season a premium package unlocks when bought at `atMs`: one not ended whose end is after it. */
export async function seasonForPremiumPackage(db: Db, packageId: string, atMs: number): Promise<Season | undefined> {
  const rows = await db.selectFrom('seasons').selectAll().where('premium_package_id', '=', packageId).where('status', '<>', 'ended').where('ends_at_ms', '>', atMs).orderBy('starts_at_ms').limit(1).execute();
  return (await withLevels(db, rows))[0];
}
