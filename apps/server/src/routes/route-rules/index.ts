import { ROUTE_MIDDLEWARES, ZRouteRuleQuery, ZRouteRuleResponse } from '@sweepstack/contracts/app/route-rule';
import { matchRouteRule, type RouteRuleDefinition } from '@sweepstack/domain/shell/route-rules';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentCache } from '../../lib/content-cache';

/** GET /rest/route-rule/?path=/x/: the operator's rule for a navigated path (docs/route-rules.md). */
const routeRuleRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cache = contentCache(fastify.deps);
  const known = new Set<string>(ROUTE_MIDDLEWARES);

  // The seed refuses unknown names; a database edit could still add one, and the web treats an
  // unknown middleware as an error, so it is dropped here (and logged) instead.
  const knownMiddlewares = (pattern: string, json: string): Record<string, boolean> => {
    const out: Record<string, boolean> = {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      parsed = {};
    }
    for (const [name, on] of Object.entries(typeof parsed === 'object' && parsed !== null ? parsed : {})) {
      if (known.has(name) && typeof on === 'boolean') out[name] = on;
      else fastify.log.warn({ pattern, name }, 'route rule has an unknown middleware; ignored');
    }
    return out;
  };

  app.get(
    '/rest/route-rule/',
    {
      schema: {
        tags: ['app'],
        summary: 'Redirect and middleware toggles of one path (data null when no rule applies)',
        querystring: ZRouteRuleQuery,
        response: { 200: ZRouteRuleResponse },
      },
    },
    async (request, reply) => {
      const rules = await cache.derived<RouteRuleDefinition[]>('route-rules', (snapshot) =>
        snapshot.routeRules.map((row) => ({
          pattern: row.path_pattern,
          redirect: row.redirect,
          absoluteRedirect: row.absolute_redirect,
          middlewares: knownMiddlewares(row.path_pattern, row.middlewares_json),
        })),
      );
      reply.header('cache-control', 'public, max-age=60');
      return { success: true as const, data: matchRouteRule(rules, request.query.path) };
    },
  );
};

export default routeRuleRoutes;
