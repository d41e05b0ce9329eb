import { AppError } from '@sweepstack/contracts/errors';
import { ZOperatorSeasonResponse, ZOperatorSeasonsResponse, ZSaveSeasonRequest, type SaveSeasonRequest } from '@sweepstack/contracts/seasons/operator';
import { ZSeasonParams } from '@sweepstack/contracts/seasons/season';
import type { Database } from '@sweepstack/db/schema';
import { insertSeason, listSeasons, overlappingSeason, packagePriceCents, replaceScheduledSeason, seasonById, seasonBySlug, type SeasonInput } from '@sweepstack/db/seasons/repository';
import type { Prize } from '@sweepstack/domain/rewards/prize';
import { checkSeasonLevels } from '@sweepstack/domain/seasons/season-progress';
import { DomainError } from '@sweepstack/domain/shared/domain-error';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Transaction } from 'kysely';
import { contentCache } from '../../lib/content-cache';
import type { OperatorRouteTools } from '../../platform/define-feature';
import { scheduleSeasonJobs } from './jobs';
import { seasonView } from './season-view';
import { refreshSeasonsStatus } from './status';

/** Checks an operator's season against the rules and the database; answers it ready to store. */
async function seasonInput(trx: Transaction<Database>, body: SaveSeasonRequest, exceptId: number | null): Promise<SeasonInput> {
  const startsAtMs = Date.parse(body.startsAt);
  const endsAtMs = Date.parse(body.endsAt);
  if (!(startsAtMs < endsAtMs)) throw new AppError('VALIDATION_FAILED', { fields: { endsAt: 'A season ends after it starts' } });
  let levels;
  try {
    levels = checkSeasonLevels(body.levels as { points: number; freePrize: Prize; premiumPrize: Prize | null }[], body.premiumPackageId !== null);
  } catch (error) {
    if (error instanceof DomainError) throw new AppError('VALIDATION_FAILED', { fields: error.fields ?? { levels: error.message } });
    throw error;
  }
  const gameIds = [...new Set(levels.flatMap((l) => [l.freePrize, l.premiumPrize]).flatMap((p) => (p?.kind === 'free_spins' ? [p.gameId] : [])))];
  if (gameIds.length > 0) {
    const known = await trx.selectFrom('games').select('id').where('id', 'in', gameIds).execute();
    const missing = gameIds.filter((id) => !known.some((g) => Number(g.id) === id));
    if (missing.length > 0) throw new AppError('VALIDATION_FAILED', { fields: { levels: `No game with id ${missing.join(', ')}` } });
  }
  if (body.premiumPackageId !== null && (await packagePriceCents(trx, body.premiumPackageId)) === undefined) throw new AppError('SEASONS_UNKNOWN_PACKAGE');
  if (await overlappingSeason(trx, startsAtMs, endsAtMs, exceptId)) throw new AppError('SEASONS_OVERLAP');
  return { slug: body.slug, title: body.title, startsAtMs, endsAtMs, rates: body.rates, premiumPackageId: body.premiumPackageId, levels };
}

/** The seasons' operator calls (under /api/operator/seasons/): list, create, edit before the start; each change audited. */
export function seasonsOperatorRoutes(fastify: FastifyInstance, { audit }: OperatorRouteTools): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const db = deps.database.db;
  const read = { operatorRoles: ['support', 'compliance'] as const };
  const write = { operatorRoles: ['compliance'] as const };

  app.get('/', { config: read, schema: { tags: ['operator'], summary: 'Every season with its levels, prizes, rates and status', response: { 200: ZOperatorSeasonsResponse } } }, async () => {
    const nowMs = deps.clock.nowMs();
    const seasons = await listSeasons(db);
    return { success: true as const, data: { seasons: await Promise.all(seasons.map((s) => seasonView(db, s, null, nowMs))) } };
  });

  app.get('/:slug/', { config: read, schema: { tags: ['operator'], summary: 'One season', params: ZSeasonParams, response: { 200: ZOperatorSeasonResponse } } }, async (request) => {
    const season = await seasonBySlug(db, request.params.slug);
    if (!season) throw new AppError('SEASONS_NOT_FOUND');
    return { success: true as const, data: await seasonView(db, season, null, deps.clock.nowMs()) };
  });

  app.post('/', { config: write, schema: { tags: ['operator'], summary: 'Creates a season (12 levels); its start and end run as durable jobs', body: ZSaveSeasonRequest, response: { 200: ZOperatorSeasonResponse } } }, async (request) => {
    const nowMs = deps.clock.nowMs();
    const view = await db.transaction().execute(async (trx) => {
      if (await seasonBySlug(trx, request.body.slug)) throw new AppError('SEASONS_SLUG_TAKEN');
      const input = await seasonInput(trx, request.body, null);
      const id = await insertSeason(trx, input, nowMs);
      await scheduleSeasonJobs(trx, { id, ...input }, deps.clock);
      await refreshSeasonsStatus(trx, nowMs);
      await audit(trx, request, { action: 'create', targetType: 'season', targetId: input.slug, after: request.body });
      return seasonView(trx, (await seasonById(trx, id))!, null, nowMs);
    });
    contentCache(deps).invalidate();
    return { success: true as const, data: view };
  });

  app.put('/:slug/', { config: write, schema: { tags: ['operator'], summary: 'Edits a season before its start (levels, prizes, rates, times, premium package)', params: ZSeasonParams, body: ZSaveSeasonRequest, response: { 200: ZOperatorSeasonResponse } } }, async (request) => {
    const nowMs = deps.clock.nowMs();
    const view = await db.transaction().execute(async (trx) => {
      const before = await seasonBySlug(trx, request.params.slug);
      if (!before) throw new AppError('SEASONS_NOT_FOUND');
      if (before.status !== 'scheduled') throw new AppError('SEASONS_ALREADY_STARTED');
      if (request.body.slug !== before.slug && (await seasonBySlug(trx, request.body.slug))) throw new AppError('SEASONS_SLUG_TAKEN');
      const input = await seasonInput(trx, request.body, before.id);
      if (!(await replaceScheduledSeason(trx, before.id, input, nowMs))) throw new AppError('SEASONS_ALREADY_STARTED');
      await scheduleSeasonJobs(trx, { id: before.id, ...input }, deps.clock);
      await refreshSeasonsStatus(trx, nowMs);
      await audit(trx, request, { action: 'update', targetType: 'season', targetId: input.slug, before, after: request.body });
      return seasonView(trx, (await seasonById(trx, before.id))!, null, nowMs);
    });
    contentCache(deps).invalidate();
    return { success: true as const, data: view };
  });
}
