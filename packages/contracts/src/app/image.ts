import { z } from 'zod';

/**
 * GET /img/?src=/images/…&w=768&dpr=2&q=75 — a local image of the web app's public folder, resized
 * to w×dpr pixels wide and encoded as WebP (spec §9 image widths, densities and quality).
 */
export const IMAGE_WIDTHS = [320, 576, 768, 1024, 1280, 1400, 1536] as const;
export const IMAGE_DENSITIES = [1, 2] as const;
export const IMAGE_DEFAULT_QUALITY = 75;

const intFromString = (name: string) => z.string().max(5).regex(/^\d+$/, `${name} must be a whole number`).transform(Number);

export const ZImageQuery = z.strictObject({
  src: z
    .string()
    .min(2)
    .max(512)
    // Segments are non-empty and never start with a dot: no `//host`, `.`, `..` or hidden files.
    .regex(/^(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+$/, 'must be a local image path such as /images/hero.png')
    .regex(/\.(png|jpe?g|webp|gif|svg|avif)$/i, 'must name a png, jpg, webp, gif, svg or avif image'),
  w: intFromString('w').pipe(z.union(IMAGE_WIDTHS.map((w) => z.literal(w)))),
  dpr: intFromString('dpr')
    .pipe(z.union(IMAGE_DENSITIES.map((d) => z.literal(d))))
    .optional(),
  q: intFromString('q').pipe(z.number().int().min(1).max(100)).optional(),
});
export type ImageQuery = z.input<typeof ZImageQuery>;
