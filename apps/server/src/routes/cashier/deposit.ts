import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { DepositAnswer, DepositRequest } from '@sweepstack/contracts/cashier/deposit';
import { AppError } from '@sweepstack/contracts/errors';
import { readLimitStates, readUsage } from '@sweepstack/db/cashier/purchase-limits';
import { type CashierPayment, coolingOffUntilMs, findActivePackage, findPaymentByIdempotencyKey, insertPayment, updatePayment } from '@sweepstack/db/cashier/repository';
import { lockPlayer, type Player } from '@sweepstack/db/repositories/players';
import { findLimitBreach } from '@sweepstack/domain/cashier/purchase-limits';
import type { AppDeps } from '../../app-context';
import type { FeatureDefinition } from '../../platform/define-feature';
import { cardBrand, luhnValid, normalizeCardNumber } from '../../payments/sandbox-provider/cards';
import type { SandboxPayment, SandboxProvider } from '../../payments/sandbox-provider/provider';

/** Our answer for a payment row as it stands now (the widget's status poll and crashed-request replays). */
export function answerOfRow(row: CashierPayment): DepositAnswer {
  switch (row.status) {
    case 'complete':
      return { paymentId: row.id, status: 'complete' };
    case 'declined':
    case 'failed':
      return { paymentId: row.id, status: 'declined', reason: row.decline_reason ?? 'card_declined' };
    case 'requires_action':
      return { paymentId: row.id, status: 'pending_3ds', ...(row.challenge_url ? { challengeUrl: row.challenge_url } : {}) };
    default:
      return { paymentId: row.id, status: 'pending' };
  }
}

function answerOfProvider(paymentId: string, payment: SandboxPayment): DepositAnswer {
  switch (payment.status) {
    case 'succeeded':
      return { paymentId, status: 'complete' };
    case 'failed':
      return { paymentId, status: 'declined', reason: payment.failureCode ?? 'card_declined' };
    case 'requires_action':
      return { paymentId, status: 'pending_3ds', challengeUrl: payment.challengeUrl ?? '' };
    default:
      return { paymentId, status: 'pending' };
  }
}

/**
 * Fingerprint of a request for its idempotency key. Keyed with the server secret, so it reveals
 * nothing about the card number it covers; the cvc is left out.
 */
function requestHash(secret: string, request: DepositRequest): string {
  const card = request.card ? { number: normalizeCardNumber(request.card.number), expMonth: request.card.expMonth, expYear: request.card.expYear } : null;
  return createHmac('sha256', secret).update(JSON.stringify({ presetId: request.presetId, methodId: request.methodId, card })).digest('hex');
}

/** Card checks before anything is stored: 400 with the field names. */
function validateCard(request: DepositRequest): void {
  if (request.methodId !== 'card') {
    if (request.card !== undefined) throw new AppError('VALIDATION_FAILED', { fields: { card: 'Card details are only accepted for card payments' } });
    return;
  }
  if (!request.card) throw new AppError('VALIDATION_FAILED', { fields: { card: 'Card details are required for card payments' } });
  const digits = normalizeCardNumber(request.card.number);
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) throw new AppError('VALIDATION_FAILED', { fields: { 'card.number': 'This card number is not valid' } });
  const cvcLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (request.card.cvc.length !== cvcLength) throw new AppError('VALIDATION_FAILED', { fields: { 'card.cvc': `The security code has ${cvcLength} digits` } });
}

/**
 * Starts a purchase (docs/cashier.md): checks, our payment row (with the purchase limits checked in
 * the same transaction), then the provider. Coins are credited later, once, by the webhook.
 */
export async function createDeposit(deps: AppDeps, provider: SandboxProvider, player: Player, request: DepositRequest, guards: readonly NonNullable<FeatureDefinition['purchaseGuard']>[] = []): Promise<DepositAnswer> {
  const db = deps.database.db;
  const hash = requestHash(deps.config.SESSION_SECRET, request);
  const replay = async (): Promise<DepositAnswer | undefined> => {
    const existing = await findPaymentByIdempotencyKey(db, player.id, request.idempotencyKey);
    if (!existing) return undefined;
    if (existing.request_hash !== hash) throw new AppError('CASHIER_IDEMPOTENCY_CONFLICT');
    return existing.response_json ? (JSON.parse(existing.response_json) as DepositAnswer) : answerOfRow(existing);
  };
  const first = await replay();
  if (first) return first;

  validateCard(request);
  if (player.account_status === 'SELF_EXCLUDED') throw new AppError('CASHIER_SELF_EXCLUDED');
  const now = deps.clock.nowMs();
  const coolingOffUntil = await coolingOffUntilMs(db, player.id);
  if (coolingOffUntil !== null && coolingOffUntil > now) throw new AppError('CASHIER_COOLING_OFF');
  const pkg = await findActivePackage(db, request.presetId);
  if (!pkg) throw new AppError('CASHIER_PACKAGE_NOT_FOUND');
  const amountCents = Number(pkg.price_cents);
  const paymentId = `pay_${randomBytes(12).toString('hex')}`;
  const digits = request.card ? normalizeCardNumber(request.card.number) : null;

  const inserted = await db.transaction().execute(async (trx) => {
    // One purchase decision at a time per player, so two parallel purchases cannot both slip under a limit.
    await lockPlayer(trx, player.id);
    // Features' conditions on their packages (promo offers: day, daily limit, bundle steps…): a
    // refusal throws here, before the payment row, so nothing is written and nothing moves.
    for (const guard of guards) await guard({ trx, player, packageId: pkg.id, nowMs: now });
    const limits = await readLimitStates(trx, player.id, now);
    const usage = await readUsage(trx, player.id, now);
    const breach = findLimitBreach({ daily: limits.daily.limitCents, weekly: limits.weekly.limitCents, monthly: limits.monthly.limitCents }, usage, amountCents);
    if (breach) {
      const left = Math.max(breach.limitCents - breach.usedCents, 0);
      throw new AppError('CASHIER_PURCHASE_LIMIT_EXCEEDED', {
        message: `This purchase is over your ${breach.period} purchase limit.`,
        fields: { period: breach.period, [breach.period]: `Limit $${(breach.limitCents / 100).toFixed(2)}, $${(left / 100).toFixed(2)} left` },
      });
    }
    return insertPayment(trx, {
      id: paymentId,
      player_id: player.id,
      package_id: pkg.id,
      method_id: request.methodId,
      amount_cents: amountCents,
      gold_coins: Number(pkg.gold_coins),
      fortune_cents: Number(pkg.fortune_cents),
      status: 'created',
      decline_reason: null,
      provider_payment_id: null,
      provider_sequence: 0,
      challenge_url: null,
      card_last4: digits ? digits.slice(-4) : null,
      card_brand: digits ? cardBrand(digits) : null,
      idempotency_key: request.idempotencyKey,
      request_hash: hash,
      response_json: null,
      created_at_ms: now,
      updated_at_ms: now,
      completed_at_ms: null,
    });
  });
  if (!inserted) {
    // The same key raced in from another request: answer as a replay.
    const raced = await replay();
    if (raced) return raced;
  }

  let payment: SandboxPayment;
  try {
    payment = await provider.createPayment({ reference: paymentId, amountCents, method: request.methodId, ...(request.card ? { card: request.card } : {}) });
  } catch {
    // The payment row stays `created`; if the provider did take it, its webhook settles the row.
    throw new AppError('CASHIER_PROVIDER_UNAVAILABLE');
  }
  const answer = answerOfProvider(paymentId, payment);
  await updatePayment(db, paymentId, { provider_payment_id: payment.id, response_json: JSON.stringify(answer), updated_at_ms: deps.clock.nowMs() });
  return answer;
}

/** SHA-256 hex of a normalized contact, for analytics (never the contact itself). */
export function contactHash(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
