import type { ChangePurchaseLimitsRequest, PurchaseLimit } from '@sweepstack/contracts/cashier/purchase-limits';
import { readLimitStates, readUsage, saveLimitState } from '@sweepstack/db/cashier/purchase-limits';
import type { Database } from '@sweepstack/db/schema';
import { LIMIT_PERIODS, type LimitPeriod, requestLimitChange } from '@sweepstack/domain/cashier/purchase-limits';
import type { Kysely } from 'kysely';

/** The player's limit of each period as of `nowMs`, with what the purchases of its window used and left. */
export async function readPurchaseLimits(db: Kysely<Database>, playerId: number, nowMs: number): Promise<Record<LimitPeriod, PurchaseLimit>> {
  const states = await readLimitStates(db, playerId, nowMs);
  const usage = await readUsage(db, playerId, nowMs);
  return Object.fromEntries(
    LIMIT_PERIODS.map((period) => {
      const state = states[period];
      return [
        period,
        {
          limitCents: state.limitCents,
          usedCents: usage[period],
          remainingCents: state.limitCents === null ? null : Math.max(state.limitCents - usage[period], 0),
          pending: state.pending,
        },
      ];
    }),
  ) as Record<LimitPeriod, PurchaseLimit>;
}

/** Applies the player's requested changes (undefined = unchanged, null = no limit) in one transaction. */
export async function changeLimits(db: Kysely<Database>, playerId: number, requested: ChangePurchaseLimitsRequest, nowMs: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const states = await readLimitStates(trx, playerId, nowMs);
    for (const period of LIMIT_PERIODS) {
      const value = requested[period];
      if (value === undefined) continue;
      await saveLimitState(trx, playerId, period, requestLimitChange(states[period], value, nowMs), nowMs);
    }
  });
}
