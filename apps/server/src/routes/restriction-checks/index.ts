import { BLOCK_APPS, ZBlockReportRequest, ZBlockReportResponse, ZGeoCheckQuery, ZLocationCheckResponse, type BlockApp, type LocationCheck } from '@sweepstack/contracts/app/restriction-checks';
import { insertBlockReportOnce, listBlockReports, upsertPlayerLocation } from '@sweepstack/db/geo/repository';
import { decideLocation, type LocatedPlace } from '@sweepstack/domain/geo/location-check';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sandboxIpLocationProvider } from '../../geo/ip-location';
import { locateUsArea } from '../../geo/us-states';
import { audit, requireOperator } from '../../kyc/operators';
import { contentCache } from '../../lib/content-cache';

/** The UTC day of a moment: block reports are kept once per subject, app kind and day. */
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The location checks of the geoblock flow (docs/geo-restriction.md): by network address, by the
 * device's coordinates, the block reports, and the operators' read of those reports. Guests and
 * signed-in players may call them; a signed-in player's located state is kept (player_locations) and
 * joins the Fortune Coin enforcement.
 */
const restrictionCheckRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const { db } = deps.database;
  const { clock } = deps;
  const cache = contentCache(deps);
  const ipProvider = sandboxIpLocationProvider(deps);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  async function answer(request: FastifyRequest, source: 'ip' | 'geo', place: LocatedPlace | null): Promise<{ success: true; data: LocationCheck }> {
    const snapshot = await cache.get();
    const decision = decideLocation(place, snapshot.restrictedStateCodes);
    const player = await request.getPlayer();
    // Only a located place is kept; `unknown` leaves what an earlier check of the same source found.
    if (player && decision.country !== null) {
      await upsertPlayerLocation(db, { player_id: player.id, source, country: decision.country, state: decision.state, located_at_ms: clock.nowMs() });
    }
    return { success: true, data: decision };
  }

  app.get(
    '/rest/restriction/player/ip/check/',
    { schema: { tags: ['restriction'], summary: 'Location check by the network address of the request', querystring: z.strictObject({}), response: { 200: ZLocationCheckResponse } } },
    async (request) => answer(request, 'ip', await ipProvider.locate(request.ip)),
  );

  app.get(
    '/rest/restriction/player/geo/check/',
    { schema: { tags: ['restriction'], summary: "Location check by the device's coordinates", querystring: ZGeoCheckQuery, response: { 200: ZLocationCheckResponse } } },
    async (request) => {
      const area = await locateUsArea(request.query.latitude, request.query.longitude);
      // In no US state or territory: another country, or at sea. Coordinates alone do not say which
      // country, so the answer names none and nothing is kept.
      if (area === null) return { success: true as const, data: { access: false, reason: 'outside_service_area' as const, country: null, state: null } };
      return answer(request, 'geo', { country: 'US', state: area.code });
    },
  );

  app.post(
    '/rest/restriction/player/block/',
    { schema: { tags: ['restriction'], summary: 'Report a geoblock (once per app kind a day)', body: ZBlockReportRequest, response: { 200: ZBlockReportResponse } } },
    async (request) => {
      const player = await request.getPlayer();
      const now = clock.nowMs();
      const meta = request.body.meta;
      const metaJson = meta === undefined ? null : JSON.stringify(meta);
      const recorded: BlockApp[] = [];
      for (const kind of BLOCK_APPS.filter((k) => request.body.apps.includes(k))) {
        const added = await insertBlockReportOnce(db, {
          player_id: player?.id ?? null,
          subject: (player ? `player:${player.id}` : `ip:${request.ip}`).slice(0, 80),
          app: kind,
          day: utcDay(now),
          ip: request.ip.slice(0, 64),
          reason: meta?.reason ?? null,
          meta_json: metaJson,
          created_at_ms: now,
        });
        if (added) recorded.push(kind);
      }
      return { success: true as const, data: { recorded } };
    },
  );

  app.get(
    '/api/operator/geo-blocks/',
    {
      schema: {
        tags: ['operator'],
        summary: 'Geoblock reports, newest first (filter by player and app kind; page with before)',
        querystring: z.strictObject({
          playerId: z.coerce.number().int().positive().max(2 ** 31 - 1).optional(),
          app: z.enum(BLOCK_APPS).optional(),
          before: z.coerce.number().int().positive().max(2 ** 53 - 1).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
      },
    },
    async (request) => {
      const operator = await requireOperator(request, 'geo_blocks.read');
      const { playerId, app: kind, before, limit } = request.query;
      const rows = await listBlockReports(db, { playerId, app: kind, beforeId: before, limit });
      // The reports hold players' addresses and devices (personal data): every read is audited.
      await audit(db, clock, operator, { action: 'geo_blocks.read', targetType: 'geo_block_reports', targetId: playerId ?? 'all', after: { playerId: playerId ?? null, app: kind ?? null, count: rows.length } });
      return {
        success: true as const,
        data: rows.map((r) => ({
          id: Number(r.id),
          playerId: r.player_id === null ? null : Number(r.player_id),
          app: r.app,
          day: r.day,
          ip: r.ip,
          reason: r.reason,
          meta: r.meta_json === null ? null : (JSON.parse(r.meta_json) as unknown),
          createdAtMs: Number(r.created_at_ms),
        })),
      };
    },
  );
};

export default restrictionCheckRoutes;
