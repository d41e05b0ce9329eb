import { systemAccountShard } from '@sweepstack/domain/wallet/accounts';
import type { Currency } from '@sweepstack/domain/wallet/money';
import { playerCreditKind } from '@sweepstack/domain/wallet/transfer-rules';
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema';
import { statementsOf } from '../statements';
import { getAccountBalance } from './ledger/balances';
import type { LedgerDb } from './ledger/records';
import { transfer } from './ledger/transfers';

/**
 * Progressive jackpot pools (docs/games/play-api.md). The money of a pool is the ledger's `jackpots`
 * system account of its currency (all shards): bets feed it (game_play → jackpots), a Grand pays it
 * out (jackpots → player) and the house reseeds it (game_play → jackpots). `jackpot_pools` only holds
 * the pool's settings and statistics; no amount lives outside the ledger.
 */

function isPostgres(db: LedgerDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Opens a currency's pool once and funds it with its seed from the house (idempotent). */
export async function seedJackpotPool(db: Kysely<Database>, currency: Currency, seedAmount: number): Promise<void> {
  await db
    .insertInto('jackpot_pools')
    .values({ currency, seed_amount: seedAmount, won_count: 0, last_won_amount: null, last_won_at_ms: null, last_pushed_at_ms: 0 })
    .onConflict((oc) => oc.column('currency').doUpdateSet({ seed_amount: seedAmount }))
    .execute();
  await transfer(db, { idempotencyKey: `jackpot-seed:${currency}`, from: { system: 'game_play' }, to: { system: 'jackpots' }, currency, amount: seedAmount, reason: 'jackpot_contribution', metadata: { seed: true } });
}

/** The live value of a pool: the balance of its ledger account over all shards. */
export function jackpotPoolValue(db: LedgerDb, currency: Currency): Promise<number> {
  return getAccountBalance(db, { system: 'jackpots' }, currency);
}

export interface JackpotPoolView {
  currency: Currency;
  value: number;
  wonCount: number;
  lastWonAmount: number | null;
  lastWonAtMs: number | null;
}

export async function listJackpotPools(db: LedgerDb): Promise<JackpotPoolView[]> {
  const pools = await db.selectFrom('jackpot_pools').selectAll().orderBy('currency', 'desc').execute();
  const values = await db
    .selectFrom('ledger_accounts')
    .select(['currency', sql<number>`sum(balance)`.as('value')])
    .where('kind', '=', 'jackpots')
    .where('owner_player_id', 'is', null)
    .groupBy('currency')
    .execute();
  const byCurrency = new Map(values.map((v) => [v.currency, Number(v.value)]));
  return pools.map((p) => ({
    currency: p.currency,
    value: byCurrency.get(p.currency) ?? 0,
    wonCount: Number(p.won_count),
    lastWonAmount: p.last_won_amount === null ? null : Number(p.last_won_amount),
    lastWonAtMs: p.last_won_at_ms === null ? null : Number(p.last_won_at_ms),
  }));
}

/**
 * Pays a currency's whole pool to a player and reseeds it from the house, in the caller's
 * transaction. The pool row is locked first (PostgreSQL), so two Grands never pay the same coins.
 * Answers the amount paid (0 when the pool was empty).
 */
export async function payJackpot(trx: Transaction<Database>, request: { idempotencyKey: string; playerId: number; currency: Currency; nowMs: number; metadata?: Record<string, unknown> }): Promise<number> {
  const { currency, playerId } = request;
  const pool = (await sql<{ seed_amount: number; won_count: number }>`select seed_amount, won_count from jackpot_pools where currency = ${currency}${sql.raw(isPostgres(trx) ? ' for update' : '')}`.execute(trx)).rows[0];
  if (!pool) throw new Error(`no jackpot pool in ${currency}`);
  const value = await jackpotPoolValue(trx, currency);
  const shard = systemAccountShard(playerId);
  if (value > 0) {
    await transfer(trx, { idempotencyKey: `${request.idempotencyKey}:jp-win`, from: { system: 'jackpots', shard }, to: { playerId, kind: playerCreditKind(currency, 'jackpot_win') }, currency, amount: value, reason: 'jackpot_win', metadata: request.metadata });
  }
  const seedAmount = Number(pool.seed_amount);
  if (seedAmount > 0) {
    await transfer(trx, { idempotencyKey: `${request.idempotencyKey}:jp-reseed`, from: { system: 'game_play', shard }, to: { system: 'jackpots', shard }, currency, amount: seedAmount, reason: 'jackpot_contribution', metadata: { reseed: true } });
  }
  await trx
    .updateTable('jackpot_pools')
    .set({ won_count: Number(pool.won_count) + 1, last_won_amount: value, last_won_at_ms: request.nowMs, last_pushed_at_ms: request.nowMs })
    .where('currency', '=', currency)
    .execute();
  return Math.max(value, 0);
}

/**
 * Claims the right to push a pool's value now: true at most once per `intervalMs` per currency
 * (whoever's conditional update wins), so busy pools push a few times a minute, not on every bet.
 */
export async function claimJackpotPush(trx: LedgerDb, currency: Currency, nowMs: number, intervalMs: number): Promise<boolean> {
  const changed = await statementsOf(trx).run('update jackpot_pools set last_pushed_at_ms = ? where currency = ? and last_pushed_at_ms <= ?', [nowMs, currency, nowMs - intervalMs]);
  return changed === 1;
}
