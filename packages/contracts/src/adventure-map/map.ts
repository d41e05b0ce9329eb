import { z } from 'zod';

/**
 * GET /rest/adventure-map-info/, GET /rest/adventure-map/current/ and /rest/adventure-map/{index}/,
 * POST /rest/adventure-map/current/ (spec §3 Adventure map, §4, §7; docs/features/adventure-map.md).
 */
export const ZAdventureMapAward = z.object({ coins: z.number().int().min(0), entries: z.number().min(0) });

export const ZAdventureMapSection = z.object({
  index: z.number().int().min(0),
  award: ZAdventureMapAward,
  isCurrent: z.boolean(),
  isAwardClaimed: z.boolean(),
  /** The points are there: the next stop can be moved to, or the stop was passed. */
  isReached: z.boolean(),
  /** Progress toward this stop from the one before it (points). */
  progressBar: z.object({ current: z.number().int().min(0), target: z.number().int().min(0), percent: z.number().int().min(0).max(100) }),
});
export type AdventureMapSection = z.infer<typeof ZAdventureMapSection>;

export const ZAdventureMapEvent = z.object({
  slug: z.string(),
  title: z.object({ en: z.string(), es: z.string() }),
  startsAt: z.string(),
  endsAt: z.string(),
  isActive: z.boolean(),
  pointsPerRound: z.number().int().min(0),
  pointsPerTask: z.number().int().min(0),
});

export const ZAdventureMapInfo = z.object({
  event: ZAdventureMapEvent.nullable(),
  /** The player's points on this map (0 for guests). */
  points: z.number().int().min(0),
  sections: z.array(ZAdventureMapSection),
});
export type AdventureMapInfo = z.infer<typeof ZAdventureMapInfo>;

export const ZAdventureMapInfoResponse = z.object({ success: z.literal(true), data: ZAdventureMapInfo });

export const ZAdventureMapSectionParams = z.strictObject({ section: z.union([z.literal('current'), z.string().regex(/^\d{1,3}$/, 'current or a stop number')]) });
export const ZAdventureMapSectionResponse = z.object({ success: z.literal(true), data: z.object({ section: ZAdventureMapSection, points: z.number().int().min(0) }) });

/** POST /rest/adventure-map/current/: move the token to the next stop, claiming its award. */
export const ZSetCurrentSectionRequest = z.strictObject({ index: z.number().int().min(0).max(999) });
export const ZSetCurrentSectionResponse = z.object({
  success: z.literal(true),
  data: z.object({ section: ZAdventureMapSection, award: ZAdventureMapAward, replayed: z.boolean(), map: ZAdventureMapInfo }),
});

/** What GET /rest/features-games-info/info/ carries as `adventureMap`. */
export const ZAdventureMapFeatureField = z.object({
  slug: z.string(),
  points: z.number().int().min(0),
  currentIndex: z.number().int().min(0),
  sectionsCount: z.number().int().min(0),
  /** The next stop's points are there: the token can move and claim its award. */
  canMove: z.boolean(),
  endsAt: z.string(),
});
