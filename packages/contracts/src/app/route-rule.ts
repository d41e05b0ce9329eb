import { z } from 'zod';

/**
 * GET /rest/route-rule/?path=/x/ — the rule of one navigated path (spec §2 "Other routing rules";
 * shape ours, docs/route-rules.md). `redirect` is a site path to follow client-side,
 * `absoluteRedirect` a full page navigation; `middlewares` toggles per-route middleware.
 * `data` is null when no rule matches.
 */
export const ROUTE_MIDDLEWARES = ['affiliate-redirect', 'route-guard'] as const;
export const ZRouteMiddleware = z.enum(ROUTE_MIDDLEWARES);
export type RouteMiddleware = z.infer<typeof ZRouteMiddleware>;

export const ZRouteMiddlewares = z.partialRecord(ZRouteMiddleware, z.boolean());
export type RouteMiddlewares = z.infer<typeof ZRouteMiddlewares>;

export const ZRouteRuleQuery = z.strictObject({
  path: z
    .string()
    .min(1)
    .max(2048)
    .regex(/^\/[^\s]*$/, 'must be a site path starting with /'),
});

export const ZRouteRule = z.object({
  redirect: z.string().optional(),
  absoluteRedirect: z.string().optional(),
  middlewares: ZRouteMiddlewares,
});
export type RouteRule = z.infer<typeof ZRouteRule>;

export const ZRouteRuleResponse = z.object({ success: z.literal(true), data: ZRouteRule.nullable() });
export type RouteRuleResponse = z.infer<typeof ZRouteRuleResponse>;
