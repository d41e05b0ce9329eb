import { z } from 'zod';

/**
 * The location checks of the geoblock flow (docs/geo-restriction.md): by network address, by the
 * device's coordinates, and the block reports.
 */

/** Why a check answered as it did. */
export const LOCATION_CHECK_REASONS = [
  /** Located in a state of the service area that is not restricted. */
  'allowed',
  /** Located in a state on the operator's restricted list. */
  'state_restricted',
  /** Located outside the service area (another country, a US territory, or at sea). */
  'outside_service_area',
  /** The address could not be placed (loopback, private, or no range holds it): not refused. */
  'unknown',
] as const;

export const ZLocationCheck = z.object({
  access: z.boolean(),
  reason: z.enum(LOCATION_CHECK_REASONS),
  /** ISO 3166-1 alpha-2, or null when unknown. */
  country: z.string().regex(/^[A-Z]{2}$/).nullable(),
  /** USPS code of the US state or territory, or null. */
  state: z.string().regex(/^[A-Z]{2}$/).nullable(),
});
export type LocationCheck = z.infer<typeof ZLocationCheck>;

/** GET /rest/restriction/player/ip/check/ and GET /rest/restriction/player/geo/check/. */
export const ZLocationCheckResponse = z.object({ success: z.literal(true), data: ZLocationCheck });
export type LocationCheckResponse = z.infer<typeof ZLocationCheckResponse>;

/** Decimal degrees as written (no exponent, hex or empty value, which Number() would accept). */
const degrees = (limit: number) =>
  z
    .string()
    .regex(/^[-+]?\d{1,3}(\.\d{1,15})?$/, 'Decimal degrees')
    .transform(Number)
    .pipe(z.number().min(-limit).max(limit));

/** Query of the coordinates check: decimal degrees (WGS 84), as the browser's Geolocation API gives them. */
export const ZGeoCheckQuery = z.strictObject({ latitude: degrees(90), longitude: degrees(180) });

export const BLOCK_APPS = ['geo', 'system', 'cloudflare', 'maxmind'] as const;
export type BlockApp = (typeof BLOCK_APPS)[number];

const ZMetaText = z.string().trim().max(120);

/** What the web knows when it reports a block: the reason (a geolocation error, 'user denied'…) and the device. */
export const ZBlockMeta = z.strictObject({
  reason: z.string().trim().max(200).optional(),
  isMobile: z.boolean().optional(),
  os: ZMetaText.optional(),
  browser: ZMetaText.optional(),
  browserVersion: ZMetaText.optional(),
});
export type BlockMeta = z.infer<typeof ZBlockMeta>;

/** meta: the object, or the same object as JSON text (at most 2000 characters). */
const ZBlockMetaInput = z.union([
  ZBlockMeta,
  z
    .string()
    .max(2000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'meta must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(ZBlockMeta),
]);

/** POST /rest/restriction/player/block/. */
export const ZBlockReportRequest = z.strictObject({
  apps: z.array(z.enum(BLOCK_APPS)).min(1).max(BLOCK_APPS.length),
  meta: ZBlockMetaInput.optional(),
});

export const ZBlockReportResponse = z.object({
  success: z.literal(true),
  /** The kinds recorded by this call; a kind already reported today is not recorded again. */
  data: z.object({ recorded: z.array(z.enum(BLOCK_APPS)) }),
});
export type BlockReportResponse = z.infer<typeof ZBlockReportResponse>;
