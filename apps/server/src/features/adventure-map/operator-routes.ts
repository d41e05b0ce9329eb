import { ZAdventureMapInput } from '@sweepstack/contracts/adventure-map/operator';
import { AppError } from '@sweepstack/contracts/errors';
import { adventureMapSections, adventureMapSettings, replaceAdventureMapSections, saveAdventureMapSettings } from '@sweepstack/db/adventure-map/repository';
import { checkMapSections, type MapSectionRule } from '@sweepstack/domain/adventure-map/map-rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OperatorRouteTools } from '../../platform/define-feature';
import { scheduleAdventureMapFinish } from './finish-job';
import { FEATURE } from './map-info';

/** Operator calls under /api/operator/adventure-map/: read and save the map (event, rates, stops); audited. */
export function adventureMapOperatorRoutes(fastify: FastifyInstance, { audit }: OperatorRouteTools): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = fastify.deps.database.db;

  app.get('/', { config: { operatorRoles: ['support', 'compliance'] }, schema: { tags: ['operator'], summary: 'The adventure map: event, rates and stops' } }, async () => ({
    success: true as const,
    data: { settings: await adventureMapSettings(db), sections: await adventureMapSections(db) },
  }));

  app.put('/', { config: { operatorRoles: ['compliance'] }, schema: { tags: ['operator'], summary: 'Save the map: a new slug starts every player over; the same slug keeps their points', body: ZAdventureMapInput } }, async (request) => {
    const body = request.body;
    const sections: MapSectionRule[] = body.sections.map((s, index) => ({ index, pointsNeeded: s.pointsNeeded, award: { gc: s.award.coins, fcCents: s.award.entriesCents } }));
    const problem = checkMapSections(sections);
    if (problem) throw new AppError('ADVENTURE_MAP_BAD_SECTIONS', { fields: { sections: problem } });
    const nowMs = fastify.deps.clock.nowMs();
    const settings = { slug: body.slug, title: body.title, active: body.active, startsAtMs: Date.parse(body.startsAt), endsAtMs: Date.parse(body.endsAt), pointsPerRound: body.pointsPerRound, pointsPerTask: body.pointsPerTask };
    await db.transaction().execute(async (trx) => {
      const before = { settings: await adventureMapSettings(trx), sections: await adventureMapSections(trx) };
      await saveAdventureMapSettings(trx, settings, nowMs);
      await replaceAdventureMapSections(trx, sections);
      // At the end, stops reached and not moved onto are claimed for their players (nothing earned is lost).
      await scheduleAdventureMapFinish(trx, settings.slug, settings.endsAtMs, fastify.deps.clock);
      await audit(trx, request, { action: 'map.save', targetType: 'feature', targetId: FEATURE, before, after: { settings, sections } });
    });
    return { success: true as const, data: { settings, sections } };
  });
}
