import { z } from 'zod';

/**
 * Cooling-off and self-exclusion as the player sees them (docs/responsible-play.md). The periods
 * are the domain's (`domain/responsible-play/exclusions.ts`; the server checks that both lists agree).
 */
export const COOLING_OFF_PERIODS = ['24h', '7d', '30d'] as const;
export const SELF_EXCLUSION_PERIODS = ['6m', '1y', '5y', 'permanent'] as const;
export const ZCoolingOffPeriod = z.enum(COOLING_OFF_PERIODS);
export const ZSelfExclusionPeriod = z.enum(SELF_EXCLUSION_PERIODS);

export const ZExclusion = z.object({
  id: z.number(),
  kind: z.enum(['cooling_off', 'self_exclusion']),
  period: z.enum([...COOLING_OFF_PERIODS, ...SELF_EXCLUSION_PERIODS]),
  startedAtMs: z.number(),
  /** null: permanent. */
  untilMs: z.number().nullable(),
});
export type Exclusion = z.infer<typeof ZExclusion>;

/** The break in force (none, or the kind), its record, every record newest first, and the periods offered. */
export const ZExclusionState = z.object({
  state: z.enum(['none', 'cooling_off', 'self_excluded']),
  current: ZExclusion.nullable(),
  history: z.array(ZExclusion),
  options: z.object({
    coolingOff: z.array(z.object({ period: ZCoolingOffPeriod, durationMs: z.number() })),
    selfExclusion: z.array(z.object({ period: ZSelfExclusionPeriod, durationMs: z.number().nullable() })),
  }),
});
export type ExclusionState = z.infer<typeof ZExclusionState>;
