import { z } from 'zod';

/**
 * GET /builds/latest.json?t=… (polled hourly; a different id shows the app-update toast) and
 * GET /builds/meta/{buildId}.json. The build id identifies the web build the server runs.
 */
export const ZBuildLatestQuery = z.strictObject({ t: z.string().max(32).regex(/^\d*$/).optional() });

export const ZBuildLatest = z.object({
  id: z.string(),
  /** When this build was made (ms since epoch). */
  timestamp: z.number().int(),
});
export type BuildLatest = z.infer<typeof ZBuildLatest>;

export const ZBuildMeta = z.object({
  id: z.string(),
  timestamp: z.number().int(),
  matcher: z.object({
    static: z.record(z.string(), z.unknown()),
    dynamic: z.record(z.string(), z.unknown()),
  }),
  prerendered: z.array(z.string()),
});
export type BuildMeta = z.infer<typeof ZBuildMeta>;
