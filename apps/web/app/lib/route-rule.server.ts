import { ZRouteRuleResponse, type RouteRule } from '@sweepstack/contracts/app/route-rule';
import type { WebLoadContext } from './load-context';

/**
 * Rules looked up, per path, with the content version they were read under: a rule changes only with
 * the operator's content (root-data.server.ts, fetchRevalidated). Paths come from visitors, so the
 * map is bounded; when it is full it starts again.
 */
const kept = new Map<string, { version: object; rule: RouteRule | null }>();
const KEPT_PATHS_MAX = 1000;

/** The route rule of a navigated path (spec §2); null when none matches or the lookup fails. */
export async function fetchRouteRule(context: WebLoadContext, path: string): Promise<RouteRule | null> {
  try {
    const version = await context.contentVersion();
    const known = kept.get(path);
    if (known && known.version === version) return known.rule;
    const response = await context.api(`/rest/route-rule/?path=${encodeURIComponent(path)}`);
    if (!response.ok) return null;
    const parsed = ZRouteRuleResponse.safeParse(await response.json());
    if (!parsed.success) return null;
    if (kept.size >= KEPT_PATHS_MAX && !kept.has(path)) kept.clear();
    kept.set(path, { version, rule: parsed.data.data });
    return parsed.data.data;
  } catch (error) {
    console.error(`[${context.requestId}] route rule lookup failed`, error instanceof Error ? error.message : error);
    return null;
  }
}
