import { AppError } from '@sweepstack/contracts/errors';
import type { SeasonView } from '@sweepstack/contracts/seasons/season';
import type { Database } from '@sweepstack/db/schema';
import { defaultSeason, packagePriceCents, seasonAwardsOf, seasonBySlug, seasonPlayerOf, type Season } from '@sweepstack/db/seasons/repository';
import { isWithinSeason, pointsToNextLevel, totalProgressPercents } from '@sweepstack/domain/seasons/season-progress';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/** Running: started by its job and not past its end (even before the end job ran). */
export function isSeasonActive(season: Pick<Season, 'status' | 'startsAtMs' | 'endsAtMs'>, nowMs: number): boolean {
  return season.status === 'running' && isWithinSeason(season, nowMs);
}

/** A season as the API shows it, with where the player stands (null: a guest). */
export async function seasonView(db: Db, season: Season, playerId: number | null, nowMs: number): Promise<SeasonView> {
  const player = playerId === null ? null : await seasonPlayerOf(db, season.id, playerId);
  const awards = playerId === null ? new Set<string>() : await seasonAwardsOf(db, season.id, playerId);
  const priceCents = season.premiumPackageId === null ? undefined : await packagePriceCents(db, season.premiumPackageId);
  return {
    slug: season.slug,
    title: season.title,
    status: season.status,
    isActive: isSeasonActive(season, nowMs),
    startsAt: new Date(season.startsAtMs).toISOString(),
    endsAt: new Date(season.endsAtMs).toISOString(),
    rates: season.rates,
    premium: { enabled: season.premiumPackageId !== null, packageId: season.premiumPackageId, price: priceCents === undefined ? null : priceCents / 100 },
    levels: season.levels.map((level) => ({
      level: level.level,
      points: level.points,
      freePrize: level.freePrize,
      premiumPrize: level.premiumPrize,
      isCompleted: player !== null && player.level >= level.level,
      freePaid: awards.has(`${level.level}:free`),
      premiumPaid: awards.has(`${level.level}:premium`),
    })),
    player:
      player === null
        ? null
        : {
            points: player.points,
            currentLevel: player.level,
            totalProgressPercents: totalProgressPercents(player.points, season.levels),
            pointsToNextLevel: pointsToNextLevel(player.points, season.levels),
            isPremium: player.premium,
            wageredGc: player.wageredGc,
            wageredFcCents: player.wageredFcCents,
            purchasedCents: player.purchasedCents,
          },
    serverTime: new Date(nowMs).toISOString(),
  };
}

/** GET /rest/seasons/{slug}/ (or the default season without a slug): SEASONS_NOT_FOUND / SEASONS_NO_SEASON otherwise. */
export async function readSeason(db: Db, slug: string | null, playerId: number | null, nowMs: number): Promise<SeasonView> {
  const season = slug === null ? await defaultSeason(db) : await seasonBySlug(db, slug);
  if (!season) throw new AppError(slug === null ? 'SEASONS_NO_SEASON' : 'SEASONS_NOT_FOUND');
  return seasonView(db, season, playerId, nowMs);
}
