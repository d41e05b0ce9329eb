import { z } from 'zod';

/** GET /rest/restriction/info/ — the US states where sweepstakes play is restricted (operator data). */
export const ZRestrictedState = z.object({
  /** USPS code, e.g. WA. */
  code: z.string().regex(/^[A-Z]{2}$/),
  name: z.string(),
});
export type RestrictedState = z.infer<typeof ZRestrictedState>;

export const ZRestrictionInfoResponse = z.object({
  success: z.literal(true),
  data: z.object({
    states: z.array(ZRestrictedState),
    /** The operator's switch of the web's device location check (server config GEO_DEVICE_CHECK, default on). */
    deviceCheck: z.boolean(),
  }),
});
export type RestrictionInfoResponse = z.infer<typeof ZRestrictionInfoResponse>;
