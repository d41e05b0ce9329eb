import type { Generated } from 'kysely';

/**
 * Quests (docs/features/quests.md): the operator's quests (type season or advent, start and end,
 * number of days, shared game sets), their tasks (per day), and each player's progress per task.
 */
export interface QuestsTable {
  id: Generated<number>;
  slug: string;
  type: 'season' | 'advent';
  /** `{ "en": …, "es": … }`. */
  title_json: string;
  starts_at_ms: number;
  ends_at_ms: number;
  day_count: number;
  active: number;
  /** Named sets of game ids tasks may share (spec §3 sharedGameSets): `{ "<key>": [ids] }`. */
  shared_game_sets_json: string;
  updated_at_ms: number;
}

export interface QuestTasksTable {
  id: Generated<number>;
  quest_id: number;
  day_index: number;
  sort_order: number;
  kind: 'rounds' | 'wager' | 'win' | 'purchase' | 'visit';
  target: number;
  currency: 'GC' | 'FC' | null;
  game_ids_json: string;
  /** Keys of the quest's shared game sets whose games count too. */
  shared_set_keys_json: string;
  feature: string | null;
  min_amount_cents: number;
  prize_gc: number;
  prize_fc_cents: number;
  updated_at_ms: number;
}

export interface QuestTaskProgressTable {
  player_id: number;
  task_id: number;
  quest_id: number;
  progress: number;
  completed_at_ms: number | null;
  updated_at_ms: number;
}

export interface QuestsTables {
  quests: QuestsTable;
  quest_tasks: QuestTasksTable;
  quest_task_progress: QuestTaskProgressTable;
}

declare module '../schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's tables
  interface Database extends QuestsTables {}
}
