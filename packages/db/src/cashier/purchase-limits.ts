import { LIMIT_PERIODS, LIMIT_WINDOW_MS, type LimitPeriod, type LimitState, NO_LIMIT, settleLimit } from '@sweepstack/domain/cashier/purchase-limits';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';

/** The purchase limits' SQL (docs/cashier.md, responsible play). */
type Db = Kysely<Database> | Transaction<Database>;

/** Each period's limit as of `nowMs` (pending changes whose time has come applied). */
export async function readLimitStates(db: Db, playerId: number, nowMs: number): Promise<Record<LimitPeriod, LimitState>> {
  const rows = await db.selectFrom('cashier_purchase_limits').selectAll().where('player_id', '=', playerId).execute();
  const states = { daily: NO_LIMIT, weekly: NO_LIMIT, monthly: NO_LIMIT } as Record<LimitPeriod, LimitState>;
  for (const row of rows) {
    const state: LimitState = {
      limitCents: row.limit_cents === null ? null : Number(row.limit_cents),
      pending: row.pending_set === 1 ? { limitCents: row.pending_limit_cents === null ? null : Number(row.pending_limit_cents), effectiveAtMs: Number(row.pending_effective_at_ms) } : null,
    };
    states[row.period] = settleLimit(state, nowMs);
  }
  return states;
}

/** USD cents of purchases that count against each rolling window: completed and still in flight. */
export async function readUsage(db: Db, playerId: number, nowMs: number): Promise<Record<LimitPeriod, number>> {
  const usage = { daily: 0, weekly: 0, monthly: 0 } as Record<LimitPeriod, number>;
  const rows = await db
    .selectFrom('cashier_payments')
    .select(['amount_cents', 'created_at_ms'])
    .where('player_id', '=', playerId)
    .where('created_at_ms', '>', nowMs - LIMIT_WINDOW_MS.monthly)
    .where('status', 'not in', ['declined', 'failed'])
    .execute();
  for (const row of rows) {
    for (const period of LIMIT_PERIODS) if (Number(row.created_at_ms) > nowMs - LIMIT_WINDOW_MS[period]) usage[period] += Number(row.amount_cents);
  }
  return usage;
}

/** Stores one period's limit (and its pending change) as decided. */
export async function saveLimitState(db: Db, playerId: number, period: LimitPeriod, state: LimitState, nowMs: number): Promise<void> {
  const row = {
    limit_cents: state.limitCents,
    pending_set: state.pending ? 1 : 0,
    pending_limit_cents: state.pending?.limitCents ?? null,
    pending_effective_at_ms: state.pending?.effectiveAtMs ?? null,
    updated_at_ms: nowMs,
  };
  await db
    .insertInto('cashier_purchase_limits')
    .values({ player_id: playerId, period, ...row })
    .onConflict((oc) => oc.columns(['player_id', 'period']).doUpdateSet(row))
    .execute();
}
