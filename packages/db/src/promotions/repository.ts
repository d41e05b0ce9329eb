import type { Kysely, Transaction } from 'kysely';
import { readSetting, writeSetting } from '../repositories/settings';
import type { Database } from '../schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Promotions' operator data (docs/features/promotions.md): the placement of each type, one settings row. */
export const PROMOTION_PLACEMENTS_KEY = 'promotions.placements';

/** The stored placements as written (the server parses them and fills in the defaults), or undefined. */
export async function readPromotionPlacements(db: Db): Promise<unknown> {
  return readSetting(db, PROMOTION_PLACEMENTS_KEY);
}

export async function writePromotionPlacements(db: Db, placements: unknown, nowMs: number): Promise<void> {
  await writeSetting(db, PROMOTION_PLACEMENTS_KEY, placements, nowMs);
}
