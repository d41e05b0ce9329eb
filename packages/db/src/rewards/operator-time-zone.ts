import { isTimeZone } from '@sweepstack/domain/shared/operator-day';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';
import { readSetting } from '../repositories/settings';

type Db = Kysely<Database> | Transaction<Database>;

/** The operator setting that names the operator day's time zone (docs/rewards.md, "The operator day"). */
export const OPERATOR_TIME_ZONE_SETTING = 'rewards.operator_time_zone';

/** The time zone when an operator never set one. */
export const DEFAULT_OPERATOR_TIME_ZONE = 'America/New_York';

/**
 * The IANA time zone whose midnight turns every daily feature's day (daily login claims, the free
 * wheel spin, daily budgets): operator data shared by the rewards engine and every feature. An unset
 * or unknown value answers the default.
 */
export async function readOperatorTimeZone(db: Db): Promise<string> {
  const value = await readSetting(db, OPERATOR_TIME_ZONE_SETTING);
  return typeof value === 'string' && isTimeZone(value) ? value : DEFAULT_OPERATOR_TIME_ZONE;
}

/** Sets the operator day's time zone (the caller checked it with `isTimeZone`). */
export async function writeOperatorTimeZone(db: Db, timeZone: string, nowMs: number): Promise<void> {
  if (!isTimeZone(timeZone)) throw new Error(`unknown time zone ${timeZone}`);
  const value_json = JSON.stringify(timeZone);
  await db
    .insertInto('settings')
    .values({ key: OPERATOR_TIME_ZONE_SETTING, value_json, updated_at_ms: nowMs })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value_json, updated_at_ms: nowMs }))
    .execute();
}
