import { z } from 'zod';
import { ZQuestTitle } from './quest';

/** Operator calls under /api/operator/quests/ (docs/features/quests.md). Times are ISO 8601 with a zone. */
const SLUG = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'lowercase letters, digits and dashes');
const GAME_IDS = z.array(z.number().int().min(1)).max(100);

export const ZQuestInput = z
  .strictObject({
    slug: SLUG,
    type: z.enum(['season', 'advent']),
    title: ZQuestTitle.extend({ en: z.string().min(1).max(80), es: z.string().min(1).max(80) }).strict(),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    daysCount: z.number().int().min(1).max(60),
    active: z.boolean(),
    sharedGameSets: z.record(SLUG, GAME_IDS).default({}),
  })
  .refine((q) => Date.parse(q.endsAt) > Date.parse(q.startsAt), { message: 'endsAt must be after startsAt', path: ['endsAt'] });
export type QuestInputBody = z.infer<typeof ZQuestInput>;

export const ZQuestTaskInput = z
  .strictObject({
    dayIndex: z.number().int().min(0).max(59),
    sortOrder: z.number().int().min(0).max(1000).default(0),
    kind: z.enum(['rounds', 'wager', 'win', 'purchase', 'visit']),
    /** Rounds, coins in ledger units (GC whole, FC hundredths), purchases or uses. */
    target: z.number().int().min(1).max(1_000_000_000),
    currency: z.enum(['GC', 'FC']).nullable().default(null),
    gameIds: GAME_IDS.default([]),
    sharedGameIds: z.array(SLUG).max(20).default([]),
    feature: z.enum(['wheel-of-treasure', 'daily-login']).nullable().default(null),
    minAmountCents: z.number().int().min(0).max(100_000_000).default(0),
    prize: z.strictObject({ coins: z.number().int().min(0).max(100_000_000), entriesCents: z.number().int().min(0).max(100_000_000) }),
  })
  .refine((t) => t.kind !== 'visit' || t.feature !== null, { message: 'A visit task names its feature', path: ['feature'] })
  .refine((t) => (t.kind !== 'wager' && t.kind !== 'win') || t.currency !== null, { message: 'A wager or win task names its currency', path: ['currency'] })
  .refine((t) => t.prize.coins + t.prize.entriesCents > 0, { message: 'A task pays something', path: ['prize'] });
export type QuestTaskInputBody = z.infer<typeof ZQuestTaskInput>;

/** POST /api/operator/quests/: a quest with its tasks at once. */
export const ZCreateQuestRequest = z.strictObject({ quest: ZQuestInput, tasks: z.array(ZQuestTaskInput).max(300).default([]) });
