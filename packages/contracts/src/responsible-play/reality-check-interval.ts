import { z } from 'zod';
import { ZRealityCheckResponse } from './reality-check';

/** POST /rest/player/responsible-play/reality-check/interval/ — one of `options`, else RESPONSIBLE_PLAY_INTERVAL_NOT_OFFERED. */
export const ZRealityCheckIntervalRequest = z.strictObject({ intervalMinutes: z.number() });
export type RealityCheckIntervalRequest = z.infer<typeof ZRealityCheckIntervalRequest>;

export const ZRealityCheckIntervalResponse = ZRealityCheckResponse;
