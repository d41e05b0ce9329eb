import { z } from 'zod';

/** Operator calls under /api/operator/adventure-map/ (docs/features/adventure-map.md). */
export const ZAdventureMapInput = z
  .strictObject({
    slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'lowercase letters, digits and dashes'),
    title: z.strictObject({ en: z.string().min(1).max(80), es: z.string().min(1).max(80) }),
    active: z.boolean(),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    pointsPerRound: z.number().int().min(0).max(1000),
    pointsPerTask: z.number().int().min(0).max(100_000),
    sections: z
      .array(z.strictObject({ pointsNeeded: z.number().int().min(0).max(1_000_000_000), award: z.strictObject({ coins: z.number().int().min(0).max(100_000_000), entriesCents: z.number().int().min(0).max(100_000_000) }) }))
      .min(2)
      .max(40),
  })
  .refine((m) => Date.parse(m.endsAt) > Date.parse(m.startsAt), { message: 'endsAt must be after startsAt', path: ['endsAt'] });
