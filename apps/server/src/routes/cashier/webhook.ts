import type { SandboxWebhookEvent, SandboxWebhookOutcome } from '@sweepstack/contracts/cashier/sandbox-webhook';
import { countDeposit, findPaymentForUpdate, recordWebhookEvent, updatePayment } from '@sweepstack/db/cashier/repository';
import type { TransferRequest } from '@sweepstack/db/repositories/ledger/records';
import { transferMany } from '@sweepstack/db/repositories/ledger/transfers';
import { findPlayerById } from '@sweepstack/db/repositories/players';
import type { Database } from '@sweepstack/db/schema';
import { decideTransition, statusAfter, type PaymentStatus } from '@sweepstack/domain/cashier/payment-state';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-context';
import { recordBalanceChanged } from '../../realtime/balance-push';
import { recordPush } from '../../realtime/push';
import { contactHash } from './deposit';

const DECLINE_MESSAGES: Record<string, string> = {
  card_declined: 'Your card was declined. Please try another payment method.',
  insufficient_funds: 'Your card has insufficient funds. Please try another payment method.',
  expired_card: 'Your card has expired. Please use another card.',
  incorrect_cvc: 'The security code is not correct.',
  incorrect_number: 'The card number is not correct.',
};

/**
 * Applies one verified provider event in one transaction (docs/cashier.md "Webhook state machine"):
 * the event id is recorded first (a repeat is a no-op), then the payment moves per
 * `decideTransition`. Entering `complete` credits the package through the ledger (keys
 * `purchase:<paymentId>:GC|FC`), counts the deposit and records the deposit and balance pushes.
 */
export async function applyWebhookEvent(deps: AppDeps, event: SandboxWebhookEvent, log: { warn(obj: unknown, msg?: string): void }): Promise<SandboxWebhookOutcome> {
  const db: Kysely<Database> = deps.database.db;
  return db.transaction().execute(async (trx) => {
    const now = deps.clock.nowMs();
    if (!(await recordWebhookEvent(trx, { eventId: event.id, paymentId: event.data.reference, type: event.type, receivedAtMs: now }))) return 'duplicate';
    const payment = await findPaymentForUpdate(trx, event.data.reference);
    if (!payment) {
      log.warn({ eventId: event.id, reference: event.data.reference }, 'cashier: webhook for an unknown payment');
      return 'unknown_payment';
    }
    if (Number(payment.amount_cents) !== event.data.amountCents || (payment.provider_payment_id !== null && payment.provider_payment_id !== event.data.paymentId)) {
      log.warn({ eventId: event.id, paymentId: payment.id }, 'cashier: webhook does not match the payment (amount or provider id): ignored');
      return 'ignored';
    }
    const challenged = payment.challenge_url !== null || event.data.failureCode === 'authentication_failed';
    const transition = decideTransition(payment.status as PaymentStatus, Number(payment.provider_sequence), event.data, challenged);
    if (transition.kind === 'ignore') {
      // A newer event still moves the applied sequence forward (never backwards).
      if (event.data.sequence > Number(payment.provider_sequence)) await updatePayment(trx, payment.id, { provider_sequence: event.data.sequence });
      return 'ignored';
    }
    const status = statusAfter(payment.status as PaymentStatus, transition);
    const playerId = Number(payment.player_id);
    const update = {
      status,
      provider_sequence: event.data.sequence,
      provider_payment_id: event.data.paymentId,
      updated_at_ms: now,
      ...(transition.kind === 'challenge' ? { challenge_url: event.data.challengeUrl } : {}),
      ...(transition.kind === 'decline' || transition.kind === 'fail-after-challenge' ? { decline_reason: event.data.failureCode ?? 'card_declined' } : {}),
      ...(transition.kind === 'credit' ? { completed_at_ms: now } : {}),
    };
    await updatePayment(trx, payment.id, update);

    if (transition.kind === 'credit') {
      const metadata = { paymentId: payment.id, packageId: payment.package_id, amountCents: Number(payment.amount_cents), methodId: payment.method_id };
      const transfers: TransferRequest[] = [];
      if (Number(payment.gold_coins) > 0) transfers.push({ idempotencyKey: `purchase:${payment.id}:GC`, from: { system: 'purchases' }, to: { playerId, kind: 'player_balance' }, currency: 'GC', amount: Number(payment.gold_coins), reason: 'purchase', metadata });
      if (Number(payment.fortune_cents) > 0) transfers.push({ idempotencyKey: `purchase:${payment.id}:FC`, from: { system: 'purchases' }, to: { playerId, kind: 'player_unplayed' }, currency: 'FC', amount: Number(payment.fortune_cents), reason: 'purchase', metadata });
      await transferMany(trx, transfers, { clock: deps.clock });
      const depositsCount = await countDeposit(trx, playerId, Number(payment.amount_cents), now);
      const isFirstDeposit = depositsCount === 1;
      const player = await findPlayerById(trx, playerId);
      if (!player) throw new Error(`cashier: payment ${payment.id} belongs to no player`);
      await recordPush(
        trx,
        {
          eventType: 'cashier.deposit-completed',
          playerId,
          push: {
            type: 'deposit',
            action: 'complete',
            data: {
              paymentId: payment.id,
              amountCents: Number(payment.amount_cents),
              depositsCount,
              isFirstDeposit,
              analytics: {
                packageId: payment.package_id,
                methodId: payment.method_id,
                value: Number(payment.amount_cents) / 100,
                currency: 'USD',
                coins: Number(payment.gold_coins),
                bonus: Number(payment.fortune_cents) / 100,
                playerId: player.uuid,
                firstDeposit: isFirstDeposit
                  ? { emailSha256: contactHash(player.email_normalized.trim().toLowerCase()), phoneSha256: player.phone ? contactHash(player.phone.replace(/[^\d+]/g, '')) : null }
                  : null,
              },
            },
          },
          payload: { paymentId: payment.id, packageId: payment.package_id, amountCents: Number(payment.amount_cents), goldCoins: Number(payment.gold_coins), fortuneCents: Number(payment.fortune_cents) },
        },
        { clock: deps.clock },
      );
      await recordBalanceChanged(trx, playerId, { clock: deps.clock, reason: 'purchase' });
    } else if (transition.kind === 'decline') {
      const reason = event.data.failureCode ?? 'card_declined';
      await recordPush(
        trx,
        {
          eventType: 'cashier.payment-declined',
          playerId,
          push: { type: 'paymentStatus', action: 'decline', data: { paymentId: payment.id, message: DECLINE_MESSAGES[reason] ?? null, reason, nextMethod: payment.method_id === 'card' } },
        },
        { clock: deps.clock },
      );
    } else if (transition.kind === 'fail-after-challenge') {
      await recordPush(
        trx,
        { eventType: 'cashier.payment-failed', playerId, push: { type: 'deposit', action: 'failed-complete', data: { paymentId: payment.id, message: null } } },
        { clock: deps.clock },
      );
    } else if (transition.kind === 'challenge') {
      await recordPush(
        trx,
        { eventType: 'cashier.payment-3ds', playerId, push: { type: 'paymentStatus', action: '3ds', data: { paymentId: payment.id, challengeUrl: event.data.challengeUrl ?? '' } } },
        { clock: deps.clock },
      );
    }
    return 'applied';
  });
}
