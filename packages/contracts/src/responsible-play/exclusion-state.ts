import { z } from 'zod';
import { ZExclusionState } from './exclusion';

/** GET /rest/player/responsible-play/exclusion/: my cooling-off / self-exclusion state and the periods offered. */
export const ZExclusionStateRequest = z.strictObject({});
export const ZExclusionStateResponse = z.object({ success: z.literal(true), data: ZExclusionState });
export type ExclusionStateResponse = z.infer<typeof ZExclusionStateResponse>;
