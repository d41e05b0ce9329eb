import { ZRouteRuleResponse, type RouteRule } from '@sweepstack/contracts/app/route-rule';
import type { WebLoadContext } from './load-context';

/** The route rule of a navigated path (spec §2); null when none matches or the lookup fails. */
export async function fetchRouteRule(context: WebLoadContext, path: string): Promise<RouteRule | null> {
  try {
    const response = await context.api(`/rest/route-rule/?path=${encodeURIComponent(path)}`);
    if (!response.ok) return null;
    const parsed = ZRouteRuleResponse.safeParse(await response.json());
    return parsed.success ? parsed.data.data : null;
  } catch (error) {
    console.error(`[${context.requestId}] route rule lookup failed`, error instanceof Error ? error.message : error);
    return null;
  }
}
