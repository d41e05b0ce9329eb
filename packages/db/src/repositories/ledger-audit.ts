import { type AccountKind, isPlayerAccountKind, isSystemAccountKind, kindAllowedInCurrency, mayGoNegative, parseSystemAccountCode } from '@sweepstack/domain/wallet/accounts';
import { CURRENCIES, type Currency } from '@sweepstack/domain/wallet/money';
import { isReasonCode, reasonRuleViolation } from '@sweepstack/domain/wallet/transfer-rules';
import { sql } from 'kysely';
import type { LedgerDb } from './ledger/records';

/** The invariants the audit checks, in the order it reports them. */
export const LEDGER_INVARIANTS = [
  'account_kind_valid',
  'transfer_amount_positive',
  'transfer_distinct_accounts',
  'transfer_same_currency',
  'transfer_known_reason_and_status',
  'idempotency_key_unique',
  'balance_equals_movements',
  'player_balance_not_negative',
  'currency_sum_zero',
  'pending_resolved_at_most_once',
  'pending_resolution_valid',
  'fc_unplayed_redeemable_consistent',
] as const;
export type LedgerInvariant = (typeof LEDGER_INVARIANTS)[number];

export interface LedgerViolation {
  invariant: LedgerInvariant;
  message: string;
}

const PAGE = 5_000;
const SAMPLE = 20;

/**
 * Checks every ledger invariant on a database and answers the violations found (empty when sound),
 * sorted by invariant in LEDGER_INVARIANTS order. Read-only; run by `npm run audit:ledger` and by
 * tests (testkit's expectLedgerBalanced).
 */
export async function auditLedger(db: LedgerDb): Promise<LedgerViolation[]> {
  const violations: LedgerViolation[] = [];
  const add = (invariant: LedgerInvariant, message: string) => violations.push({ invariant, message });

  const accounts = await db
    .selectFrom('ledger_accounts as a')
    .select([
      'a.id',
      'a.owner_player_id',
      'a.code',
      'a.currency',
      'a.kind',
      'a.balance',
      sql<string | number>`coalesce((select sum(t.amount) from ledger_transfers t where t.credit_account_id = a.id), 0)`.as('credits'),
      sql<string | number>`coalesce((select sum(t.amount) from ledger_transfers t where t.debit_account_id = a.id), 0)`.as('debits'),
    ])
    .orderBy('a.id')
    .execute();
  const accountById = new Map<number, { kind: AccountKind; currency: Currency; owner: number | null }>();
  const sums = new Map<string, bigint>();
  for (const a of accounts) {
    const id = Number(a.id);
    accountById.set(id, { kind: a.kind, currency: a.currency, owner: a.owner_player_id === null ? null : Number(a.owner_player_id) });
    const label = a.code ?? `player ${a.owner_player_id} ${a.currency} ${a.kind}`;
    const player = isPlayerAccountKind(a.kind);
    const kindOk =
      (player || isSystemAccountKind(a.kind)) &&
      kindAllowedInCurrency(a.kind, a.currency) &&
      (player ? a.owner_player_id !== null && a.code === null : isSystemAccountKind(a.kind) && a.owner_player_id === null && parseSystemAccountCode(a.code ?? '')?.kind === a.kind && parseSystemAccountCode(a.code ?? '')?.currency === a.currency);
    if (!kindOk) add('account_kind_valid', `account ${id} (${label}) has kind ${a.kind} in ${a.currency} with owner ${a.owner_player_id} and code ${a.code}`);
    const derived = BigInt(a.credits) - BigInt(a.debits);
    if (BigInt(a.balance) !== derived) add('balance_equals_movements', `account ${id} (${label}) caches ${a.balance} but its transfers sum to ${derived}`);
    if (!mayGoNegative(a.kind) && Number(a.balance) < 0) add('player_balance_not_negative', `account ${id} (${label}) is negative: ${a.balance}`);
    sums.set(a.currency, (sums.get(a.currency) ?? 0n) + BigInt(a.balance));
  }
  for (const currency of new Set([...CURRENCIES, ...sums.keys()])) {
    const sum = sums.get(currency) ?? 0n;
    if (sum !== 0n) add('currency_sum_zero', `${currency} accounts sum to ${sum}, not 0`);
  }

  const duplicateKeys = await db
    .selectFrom('ledger_transfers')
    .select(['idempotency_key', sql<number>`count(*)`.as('n')])
    .groupBy('idempotency_key')
    .having(sql`count(*)`, '>', 1)
    .limit(SAMPLE)
    .execute();
  for (const d of duplicateKeys) add('idempotency_key_unique', `idempotency key ${d.idempotency_key} is used ${d.n} times`);

  const duplicateResolutions = await db
    .selectFrom('ledger_transfers')
    .select(['pending_id', sql<number>`count(*)`.as('n')])
    .where('pending_id', 'is not', null)
    .groupBy('pending_id')
    .having(sql`count(*)`, '>', 1)
    .limit(SAMPLE)
    .execute();
  for (const d of duplicateResolutions) add('pending_resolved_at_most_once', `pending transfer ${d.pending_id} is resolved ${d.n} times`);

  // One pass over every transfer in id order: per-row rules, resolutions, and a replay of each
  // player's Fortune Coin sub-accounts (bets take unplayed coins before redeemable ones).
  const pendingById = new Map<number, { amount: number; currency: string; debit: number; credit: number; status: string }>();
  const running = new Map<number, number>();
  const fcAccountsOf = new Map<number, { unplayed?: number; redeemable?: number }>();
  for (const [id, a] of accountById) {
    if (a.owner === null || a.currency !== 'FC') continue;
    const entry = fcAccountsOf.get(a.owner) ?? {};
    if (a.kind === 'player_unplayed') entry.unplayed = id;
    if (a.kind === 'player_redeemable') entry.redeemable = id;
    fcAccountsOf.set(a.owner, entry);
  }
  for (const [owner, entry] of fcAccountsOf) {
    if (entry.unplayed === undefined || entry.redeemable === undefined) add('fc_unplayed_redeemable_consistent', `player ${owner} has only one of the two Fortune Coin sub-accounts`);
  }
  const counts: Record<LedgerInvariant, number> = Object.fromEntries(LEDGER_INVARIANTS.map((i) => [i, 0])) as Record<LedgerInvariant, number>;
  const report = (invariant: LedgerInvariant, message: string) => {
    if (counts[invariant]++ < SAMPLE) add(invariant, message);
  };
  let lastId = 0;
  for (;;) {
    const rows = await db.selectFrom('ledger_transfers').selectAll().where('id', '>', lastId).orderBy('id').limit(PAGE).execute();
    if (rows.length === 0) break;
    for (const t of rows) {
      const id = Number(t.id);
      lastId = id;
      const amount = Number(t.amount);
      const debitId = Number(t.debit_account_id);
      const creditId = Number(t.credit_account_id);
      const debit = accountById.get(debitId);
      const credit = accountById.get(creditId);
      if (!(amount > 0) || !Number.isSafeInteger(amount)) report('transfer_amount_positive', `transfer ${id} has amount ${t.amount}`);
      if (debitId === creditId) report('transfer_distinct_accounts', `transfer ${id} debits and credits account ${debitId}`);
      if (!debit || !credit || debit.currency !== t.currency || credit.currency !== t.currency) {
        report('transfer_same_currency', `transfer ${id} in ${t.currency} moves ${debit?.currency ?? '?'} to ${credit?.currency ?? '?'}`);
      }
      if (!isReasonCode(t.reason) || !['posted', 'pending', 'voided'].includes(t.status)) report('transfer_known_reason_and_status', `transfer ${id} has reason ${t.reason} and status ${t.status}`);
      if (t.status === 'pending') {
        pendingById.set(id, { amount, currency: t.currency, debit: debitId, credit: creditId, status: t.status });
        if (t.pending_id !== null || credit?.kind !== 'redemption_holds' || debit?.kind !== 'player_redeemable') {
          report('pending_resolution_valid', `pending transfer ${id} must move redeemable coins into the hold`);
        }
      }
      if (t.pending_id !== null) {
        const pending = pendingById.get(Number(t.pending_id));
        const expectedCredit = t.status === 'voided' ? pending?.debit : undefined;
        const valid =
          pending !== undefined &&
          pending.amount === amount &&
          pending.currency === t.currency &&
          debitId === pending.credit &&
          (t.status === 'voided' ? creditId === expectedCredit : t.status === 'posted' && credit?.kind === 'redemptions');
        if (!valid) report('pending_resolution_valid', `transfer ${id} does not correctly resolve pending transfer ${t.pending_id}`);
      }
      if (debit && credit && isReasonCode(t.reason)) {
        const rule = reasonRuleViolation(debit.kind, credit.kind, t.reason);
        if (rule) report('fc_unplayed_redeemable_consistent', `transfer ${id}: ${rule}`);
        if (t.currency === 'FC' && t.reason === 'game_bet' && debit.kind === 'player_redeemable' && debit.owner !== null) {
          const unplayed = fcAccountsOf.get(debit.owner)?.unplayed;
          const left = unplayed === undefined ? 0 : (running.get(unplayed) ?? 0);
          if (left > 0) report('fc_unplayed_redeemable_consistent', `transfer ${id} bets redeemable coins while ${left} unplayed remained`);
        }
      }
      running.set(debitId, (running.get(debitId) ?? 0) - amount);
      running.set(creditId, (running.get(creditId) ?? 0) + amount);
      if (debit && !mayGoNegative(debit.kind) && (running.get(debitId) ?? 0) < 0) {
        report('player_balance_not_negative', `account ${debitId} went below zero at transfer ${id}`);
      }
    }
    if (rows.length < PAGE) break;
  }
  for (const invariant of LEDGER_INVARIANTS) {
    if (counts[invariant] > SAMPLE) add(invariant, `${counts[invariant] - SAMPLE} more ${invariant} violation(s) not listed`);
  }
  const order = new Map(LEDGER_INVARIANTS.map((i, n) => [i, n]));
  return violations.sort((a, b) => order.get(a.invariant)! - order.get(b.invariant)!);
}
