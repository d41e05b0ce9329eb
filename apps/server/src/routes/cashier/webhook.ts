import type { TransferRequest } from '@sweepstack/db/repositories/ledger/records';
import { transferMany } from '@sweepstack/db/repositories/ledger/transfers';
import type { Database } from '@sweepstack/db/schema';
import { decideTransition, statusAfter, type PaymentStatus } from '@sweepstack/domain/cashier/payment-state';
import { PostgresAdapter, type Kysely } from 'kysely';
import { z } from 'zod';
import type { AppDeps } from '../../app-context';
import { recordBalanceChanged } from '../../realtime/balance-push';
import { recordPush } from '../../realtime/push';
import { contactHash } from './deposit';

export const ZSandboxEvent = z.object({
  id: z.string().regex(/^evt_[0-9a-f]{8,64}$/),
  type: z.enum(['payment.processing', 'payment.requires_action', 'payment.succeeded', 'payment.failed']),
  created: z.number().int().nonnegative(),
  data: z.object({
    paymentId: z.string().min(1).max(64),
    reference: z.string().min(1).max(64),
    amountCents: z.number().int().positive(),
    status: z.enum(['processing', 'requires_action', 'succeeded', 'failed']),
    failureCode: z.string().max(64).nullable(),
    challengeUrl: z.string().max(2000).nullable(),
    sequence: z.number().int().positive(),
  }),
});
export type SandboxWebhookEvent = z.infer<typeof ZSandboxEvent>;

const DECLINE_MESSAGES: Record<string, string> = {
  card_declined: 'Your card was declined. Please try another payment method.',
  insufficient_funds: 'Your card has insufficient funds. Please try another payment method.',
  expired_card: 'Your card has expired. Please use another card.',
  incorrect_cvc: 'The security code is not correct.',
  incorrect_number: 'The card number is not correct.',
};

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored' | 'unknown_payment';

/**
 * Applies one verified provider event in one transaction (docs/cashier.md "Webhook state machine"):
 * the event id is recorded first (a repeat is a no-op), then the payment moves per
 * `decideTransition`. Entering `complete` credits the package through the ledger (keys
 * `purchase:<paymentId>:GC|FC`), counts the deposit and records the deposit and balance pushes.
 */
export async function applyWebhookEvent(deps: AppDeps, event: SandboxWebhookEvent, log: { warn(obj: unknown, msg?: string): void }): Promise<WebhookOutcome> {
  const db: Kysely<Database> = deps.database.db;
  return db.transaction().execute(async (trx) => {
    const now = deps.clock.nowMs();
    const seen = await trx
      .insertInto('cashier_webhook_events')
      .values({ event_id: event.id, payment_id: event.data.reference, type: event.type, received_at_ms: now })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .executeTakeFirst();
    if (Number(seen.numInsertedOrUpdatedRows ?? 0) === 0) return 'duplicate';
    let query = trx.selectFrom('cashier_payments').selectAll().where('id', '=', event.data.reference);
    if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
    const payment = await query.executeTakeFirst();
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
      if (event.data.sequence > Number(payment.provider_sequence)) await trx.updateTable('cashier_payments').set({ provider_sequence: event.data.sequence }).where('id', '=', payment.id).execute();
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
    await trx.updateTable('cashier_payments').set(update).where('id', '=', payment.id).execute();

    if (transition.kind === 'credit') {
      const metadata = { paymentId: payment.id, packageId: payment.package_id, amountCents: Number(payment.amount_cents), methodId: payment.method_id };
      const transfers: TransferRequest[] = [];
      if (Number(payment.gold_coins) > 0) transfers.push({ idempotencyKey: `purchase:${payment.id}:GC`, from: { system: 'purchases' }, to: { playerId, kind: 'player_balance' }, currency: 'GC', amount: Number(payment.gold_coins), reason: 'purchase', metadata });
      if (Number(payment.fortune_cents) > 0) transfers.push({ idempotencyKey: `purchase:${payment.id}:FC`, from: { system: 'purchases' }, to: { playerId, kind: 'player_unplayed' }, currency: 'FC', amount: Number(payment.fortune_cents), reason: 'purchase', metadata });
      await transferMany(trx, transfers, { clock: deps.clock });
      await trx
        .insertInto('cashier_player_stats')
        .values({ player_id: playerId, deposits_count: 1, total_cents: Number(payment.amount_cents), first_deposit_at_ms: now, last_deposit_at_ms: now })
        .onConflict((oc) =>
          oc.column('player_id').doUpdateSet((eb) => ({
            deposits_count: eb('cashier_player_stats.deposits_count', '+', 1),
            total_cents: eb('cashier_player_stats.total_cents', '+', Number(payment.amount_cents)),
            last_deposit_at_ms: now,
          })),
        )
        .execute();
      const stats = await trx.selectFrom('cashier_player_stats').select('deposits_count').where('player_id', '=', playerId).executeTakeFirstOrThrow();
      const depositsCount = Number(stats.deposits_count);
      const isFirstDeposit = depositsCount === 1;
      const player = await trx.selectFrom('players').select(['uuid', 'email_normalized', 'phone']).where('id', '=', playerId).executeTakeFirstOrThrow();
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
