import type { Database } from '@sweepstack/db/schema';
import { readSetting } from '@sweepstack/db/repositories/settings';
import type { OtpFlow, OtpFlowRules } from '@sweepstack/domain/auth/otp-flow';
import type { Kysely } from 'kysely';

/** Operator settings of the auth area, with the defaults used when a setting is unset or malformed. */
export async function minimumAgeYears(db: Kysely<Database>): Promise<number> {
  const value = await readSetting(db, 'auth.minimum_age_years');
  return typeof value === 'number' && Number.isInteger(value) && value >= 13 && value <= 99 ? value : 21;
}

export async function closedFunnelSources(db: Kysely<Database>): Promise<string[]> {
  const value = await readSetting(db, 'auth.closed_funnel_sources');
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : ['closed_funnel'];
}

const FLOWS = new Set<string>(['email', 'phone', 'none']);
const isFlow = (v: unknown): v is OtpFlow => typeof v === 'string' && FLOWS.has(v);

export async function otpFlowRules(db: Kysely<Database>): Promise<OtpFlowRules> {
  const [bySource, defaultFlow] = await Promise.all([readSetting(db, 'otp.flow_by_source'), readSetting(db, 'otp.default_flow')]);
  const rules: OtpFlowRules = { bySource: {}, defaultFlow: isFlow(defaultFlow) ? defaultFlow : 'email' };
  if (bySource && typeof bySource === 'object' && !Array.isArray(bySource)) {
    for (const [source, flow] of Object.entries(bySource)) if (isFlow(flow)) rules.bySource[source] = flow;
  }
  return rules;
}
