import { AppError } from '@sweepstack/contracts/errors';
import type { RedemptionView } from '@sweepstack/contracts/redeem/redemption';
import type { RedeemRequest } from '@sweepstack/contracts/redeem/request-redemption';
import { findRedemptionByKey, findRedemptionByPendingTransfer, insertRedemption, listPlayerRedemptions, type RedemptionRow, resolvePendingRedemption } from '@sweepstack/db/redeem/repository';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { createPending, postPending, voidPending } from '@sweepstack/db/repositories/ledger/two-phase';
import { findPlayerById } from '@sweepstack/db/repositories/players';
import { readSetting } from '@sweepstack/db/repositories/settings';
import type { Database } from '@sweepstack/db/schema';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Kysely, Transaction } from 'kysely';
import { recordBalanceChanged } from '../realtime/balance-push';
import { recordPush } from '../realtime/push';
import { ensureProfile } from './profile';

export const REDEEM_SETTING_KEYS = {
  status: 'redeem.status',
  minimumBankCents: 'redeem.minimum_bank_fc_cents',
  minimumGiftCardCents: 'redeem.minimum_gift_card_fc_cents',
} as const;
export const REDEEM_DEFAULTS = { status: 'active', minimumBankCents: 10_000, minimumGiftCardCents: 5_000 } as const;

/** Shown back masked: the last four digits of an account number only. */
export function redemptionView(row: RedemptionRow): RedemptionView {
  const details = JSON.parse(row.details_json) as Record<string, string>;
  const shown: Record<string, string> = { ...details };
  if (shown.accountNumber) shown.accountNumber = `••••${shown.accountNumber.slice(-4)}`;
  return {
    id: Number(row.id),
    amount: Number(row.amount_cents),
    method: row.method,
    details: shown,
    status: row.status,
    reason: row.reason,
    createdAtMs: Number(row.created_at_ms),
    resolvedAtMs: row.resolved_at_ms === null ? null : Number(row.resolved_at_ms),
  };
}

type Db = Kysely<Database> | Transaction<Database>;

export interface RedeemSettings {
  active: boolean;
  minimums: { bank: number; gift_card: number };
}

export async function loadRedeemSettings(db: Db): Promise<RedeemSettings> {
  const [status, bank, gift] = await Promise.all([readSetting(db, REDEEM_SETTING_KEYS.status), readSetting(db, REDEEM_SETTING_KEYS.minimumBankCents), readSetting(db, REDEEM_SETTING_KEYS.minimumGiftCardCents)]);
  const cents = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : fallback);
  return {
    active: (status ?? REDEEM_DEFAULTS.status) === 'active',
    minimums: { bank: cents(bank, REDEEM_DEFAULTS.minimumBankCents), gift_card: cents(gift, REDEEM_DEFAULTS.minimumGiftCardCents) },
  };
}

type RefusalCode = 'REDEEM_NOT_AVAILABLE' | 'REDEEM_COOLING_OFF' | 'REDEEM_SELF_EXCLUDED' | 'REDEEM_WRONG_MODE' | 'REDEEM_NOT_VERIFIED';

/** Why the account's status refuses redeem: a responsible-play break says so (docs/responsible-play.md). */
function statusRefusal(accountStatus: string): RefusalCode | null {
  if (accountStatus === 'ACTIVE') return null;
  if (accountStatus === 'COOLING_OFF') return 'REDEEM_COOLING_OFF';
  if (accountStatus === 'SELF_EXCLUDED') return 'REDEEM_SELF_EXCLUDED';
  return 'REDEEM_NOT_AVAILABLE';
}

/** Why the player may not redeem now (spec §5: active status, SweepStakes mode, verified identity). */
export async function redeemRefusals(db: Db, playerId: number, settings: RedeemSettings, nowMs: number): Promise<RefusalCode[]> {
  const player = await findPlayerById(db, playerId);
  if (!player) throw new Error(`redeem: no player ${playerId}`);
  const profile = await ensureProfile(db, playerId, nowMs);
  const refusals: RefusalCode[] = [];
  const byStatus = statusRefusal(player.account_status);
  if (byStatus) refusals.push(byStatus);
  else if (!settings.active) refusals.push('REDEEM_NOT_AVAILABLE');
  if (player.game_mode !== 'SweepStakes') refusals.push('REDEEM_WRONG_MODE');
  if (profile.verification_status !== 'verified') refusals.push('REDEEM_NOT_VERIFIED');
  return refusals;
}

function ledgerKeyOf(playerId: number, clientKey: string): string {
  return `redeem:${playerId}:${clientKey}`;
}

/**
 * Places a redemption: checks eligibility and limits, then holds the coins (createPending) and
 * writes the redemption row in one transaction. A retried key answers the first redemption.
 */
export async function requestRedemption(db: Kysely<Database>, clock: Clock, playerId: number, body: RedeemRequest): Promise<{ redemption: RedemptionView; replayed: boolean }> {
  const key = ledgerKeyOf(playerId, body.idempotencyKey);
  const existing = await findRedemptionByKey(db, key);
  if (existing) return { redemption: replayOf(existing, body), replayed: true };
  const settings = await loadRedeemSettings(db);
  const refusals = await redeemRefusals(db, playerId, settings, clock.nowMs());
  if (refusals.length > 0) throw new AppError(refusals[0]!);
  const minimum = settings.minimums[body.method];
  if (body.amount < minimum) throw new AppError('REDEEM_BELOW_MINIMUM', { message: `The minimum for this method is ${(minimum / 100).toFixed(2)} FC.`, fields: { amount: `At least ${minimum}` } });
  const balance = await getPlayerBalance(db, playerId);
  if (body.amount > balance.winnings) throw new AppError('WALLET_INSUFFICIENT_FUNDS', { message: 'The amount is more than your redeemable winnings.' });
  return db.transaction().execute(async (trx) => {
    const now = clock.nowMs();
    const pending = await createPending(trx, { idempotencyKey: key, playerId, amount: body.amount, metadata: { method: body.method } }, { clock });
    if (pending.replayed) {
      // A concurrent request with the same key committed first.
      const first = await findRedemptionByPendingTransfer(trx, pending.transfer.id);
      if (!first) throw new Error(`redeem: pending transfer ${pending.transfer.id} has no redemption`);
      return { redemption: replayOf(first, body), replayed: true };
    }
    const row = await insertRedemption(trx, {
      player_id: playerId,
      amount_cents: body.amount,
      method: body.method,
      details_json: JSON.stringify(body.details),
      status: 'pending',
      pending_transfer_id: pending.transfer.id,
      idempotency_key: key,
      reason: null,
      payout_reference: null,
      resolved_by_operator_id: null,
      created_at_ms: now,
      resolved_at_ms: null,
    });
    await recordRedeemPush(trx, clock, row);
    await recordBalanceChanged(trx, playerId, { clock, reason: 'redemption.requested' });
    return { redemption: redemptionView(row), replayed: false };
  });
}

export const REDEEM_EVENT = 'redeem.status-changed';

/** The `redeem` push of the redemption's current state, in the caller's transaction. */
async function recordRedeemPush(trx: Transaction<Database>, clock: Clock, row: RedemptionRow): Promise<void> {
  await recordPush(
    trx,
    {
      eventType: REDEEM_EVENT,
      playerId: row.player_id,
      push: { type: 'redeem', action: row.status, data: { redemptionId: Number(row.id), amount: Number(row.amount_cents), method: row.method, reason: row.reason } },
    },
    { clock },
  );
}

function replayOf(row: RedemptionRow, body: RedeemRequest): RedemptionView {
  if (Number(row.amount_cents) !== body.amount || row.method !== body.method || row.details_json !== JSON.stringify(body.details)) {
    throw new AppError('WALLET_IDEMPOTENCY_CONFLICT');
  }
  return redemptionView(row);
}

export type Resolution = { kind: 'cancel' } | { kind: 'approve'; operatorId: number } | { kind: 'reject'; operatorId: number; reason: string };

/**
 * Ends a pending redemption: cancel (player) and reject (operator) give the coins back
 * (voidPending); approve pays out (postPending, sandbox payout). Answers the row before and after.
 * `trx` is the caller's transaction (the operator API writes its audit row in it too).
 */
export async function resolveRedemption(trx: Transaction<Database>, clock: Clock, redemption: RedemptionRow, resolution: Resolution): Promise<{ before: RedemptionView; after: RedemptionView }> {
  if (redemption.status !== 'pending') throw new AppError('REDEEM_NOT_PENDING');
  const now = clock.nowMs();
  const pendingId = Number(redemption.pending_transfer_id);
  const metadata = { redemptionId: Number(redemption.id), resolution: resolution.kind };
  try {
    if (resolution.kind === 'approve') await postPending(trx, pendingId, { clock, metadata });
    else await voidPending(trx, pendingId, { clock, metadata });
  } catch (error) {
    if (error instanceof Error && (error as { code?: string }).code === 'WALLET_TRANSFER_NOT_PENDING') throw new AppError('REDEEM_NOT_PENDING');
    throw error;
  }
  const status = resolution.kind === 'approve' ? 'paid' : resolution.kind === 'reject' ? 'rejected' : 'cancelled';
  const updated = await resolvePendingRedemption(trx, redemption.id, {
    status,
    reason: resolution.kind === 'reject' ? resolution.reason : null,
    payout_reference: resolution.kind === 'approve' ? `sandbox-payout-${Number(redemption.id)}` : null,
    resolved_by_operator_id: resolution.kind === 'cancel' ? null : resolution.operatorId,
    resolved_at_ms: now,
  });
  // Another resolution won the race between our read and the ledger's lock.
  if (!updated) throw new AppError('REDEEM_NOT_PENDING');
  await recordRedeemPush(trx, clock, updated);
  await recordBalanceChanged(trx, redemption.player_id, { clock, reason: `redemption.${status}` });
  return { before: redemptionView(redemption), after: redemptionView(updated) };
}

export async function listRedemptions(db: Db, playerId: number): Promise<RedemptionView[]> {
  return (await listPlayerRedemptions(db, playerId)).map(redemptionView);
}
