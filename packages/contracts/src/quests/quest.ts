import { z } from 'zod';

/**
 * GET /rest/quest/ and GET /rest/page/quests/ (spec §3 Quest, §7; docs/features/quests.md). Prizes
 * are `coins` (Gold Coins, whole) and `entries` (Fortune Coins, two decimals). Times are ISO 8601.
 */
export const ZQuestsQuery = z.strictObject({ useOptimizedGames: z.enum(['0', '1']).optional() });

export const ZQuestTaskKind = z.enum(['rounds', 'wager', 'win', 'purchase', 'visit']);
export type QuestTaskKindName = z.infer<typeof ZQuestTaskKind>;

/** What the task's button does: open a game, the games it counts, the cashbox, or a feature's page. */
export const ZQuestTaskAction = z.object({
  type: z.enum(['game', 'games', 'cashbox', 'page']),
  details: z.object({ gameId: z.number().int().optional(), url: z.string().optional() }),
});

export const ZQuestTask = z.object({
  id: z.number().int(),
  kind: ZQuestTaskKind,
  isCompleted: z.boolean(),
  /** Percent done, 0–100 (floored): never goes backwards. */
  progress: z.number().int().min(0).max(100),
  /** The counted amount and the goal, in the kind's unit (rounds, ledger coins, purchases, uses). */
  current: z.number().int().min(0),
  target: z.number().int().min(1),
  /** For wager and win (and a rounds task limited to one currency): GC or FC. */
  currency: z.enum(['GC', 'FC']).nullable(),
  /** For visit: the feature to use. */
  feature: z.string().nullable(),
  /** For purchase: the least a purchase must cost to count (USD). */
  minAmount: z.number().min(0),
  /** When the task could be worked on (its day's window) and when it was completed. */
  executionTimeData: z.object({ startedAt: z.string().nullable(), finishedAt: z.string(), completedAt: z.string().nullable() }),
  /** The task's own games (empty with no shared set: every game counts). */
  gameIds: z.array(z.number().int()),
  /** Keys of the quest's `sharedGameSets` whose games count too. */
  sharedGameIds: z.array(z.string()),
  prize: z.object({ entries: z.number().min(0), coins: z.number().int().min(0) }),
  action: ZQuestTaskAction,
});
export type QuestTask = z.infer<typeof ZQuestTask>;

export const ZQuestDay = z.object({
  index: z.number().int().min(0),
  isCompleted: z.boolean(),
  isEnded: z.boolean(),
  isLocked: z.boolean(),
  /** When the day opens or opened; null for a season day not unlocked yet. */
  opensAt: z.string().nullable(),
  tasks: z.array(ZQuestTask),
});
export type QuestDay = z.infer<typeof ZQuestDay>;

export const ZQuestTitle = z.object({ en: z.string(), es: z.string() });

export const ZQuestSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: z.enum(['season', 'advent']),
  title: ZQuestTitle,
  startsAt: z.string(),
  endsAt: z.string(),
  daysCount: z.number().int().min(1),
});

/** A game as a quest card shows it (absent with useOptimizedGames=1: the web has the catalogue). */
/** A task's game; `titleEs`: its title in Spanish (operator data, null: the title in every language). */
export const ZQuestGame = z.object({ id: z.number().int(), slug: z.string(), title: z.string(), titleEs: z.string().nullable().optional(), img: z.string() });

export const ZQuestPlayerData = z.object({ days: z.array(ZQuestDay) });

export const ZQuestsData = z.object({
  type: z.enum(['season', 'advent']).nullable(),
  /** The running quest (null when none); for guests its days show as a new player's. */
  quest: ZQuestSummary.nullable(),
  /** The next quest to start, if one is scheduled. */
  futureQuest: ZQuestSummary.nullable(),
  playerData: ZQuestPlayerData.nullable(),
  sharedGameSets: z.record(z.string(), z.array(z.number().int())),
  /** The games the tasks name, keyed by id; null with useOptimizedGames=1. */
  games: z.record(z.string(), ZQuestGame).nullable(),
  serverTime: z.string(),
});
export type QuestsData = z.infer<typeof ZQuestsData>;

export const ZQuestResponse = z.object({ success: z.literal(true), data: ZQuestsData });
export const ZQuestsPageResponse = z.object({ success: z.literal(true), payload: ZQuestsData });
