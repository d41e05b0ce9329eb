import { listStalePayments, touchPayment } from '@sweepstack/db/cashier/repository';
import { TERMINAL_STATUSES, type PaymentStatus } from '@sweepstack/domain/cashier/payment-state';
import type { AppDeps } from '../../app-context';
import { defineJob } from '../../jobs/registry';
import type { SandboxProvider } from '../../payments/sandbox-provider/provider';

/** A payment not settled after this long is compared with the provider. */
export const RECONCILE_AFTER_MS = 120_000;

/**
 * Reconciliation (docs/cashier.md): our unsettled payments older than two minutes are compared
 * with the provider. A payment the provider never received (the process died before calling it) is
 * abandoned there, so it can no longer be charged and its `failed` webhook declines it here. A
 * payment the provider has settled while we still wait (every delivery of its webhook failed) gets
 * its webhook sent again. Everything still goes through the webhook path, so the credit stays
 * exactly once. Safe to run on several nodes at once; the `cashier.reconcile` job runs it once a minute.
 */
export async function reconcilePayments(deps: AppDeps, provider: SandboxProvider, limit = 100): Promise<{ abandoned: number; resent: number }> {
  const db = deps.database.db;
  const now = deps.clock.nowMs();
  const stale = await listStalePayments(db, now - RECONCILE_AFTER_MS, limit);
  let abandoned = 0;
  let resent = 0;
  for (const payment of stale) {
    const theirs = await provider.findByReference(payment.id);
    if (!theirs) {
      if (payment.status === 'created') {
        await provider.abandon(payment.id, Number(payment.amount_cents));
        abandoned++;
      }
    } else if ((theirs.status === 'succeeded' || theirs.status === 'failed') && !TERMINAL_STATUSES.has(payment.status as PaymentStatus)) {
      await provider.resend(payment.id);
      resent++;
    }
    // Checked again two minutes from now at the earliest.
    await touchPayment(db, payment.id, payment.status, now);
  }
  return { abandoned, resent };
}

export const RECONCILE_JOB = 'cashier.reconcile';

/**
 * Reconciliation as a recurring durable job (docs/jobs.md): once a minute on one node, whatever the
 * number of nodes. A missed minute is not caught up (`skip`): the next run looks at every stale
 * payment anyway. It calls the provider outside any transaction of ours.
 */
export function reconcileJob(deps: AppDeps, provider: SandboxProvider) {
  return defineJob({
    kind: RECONCILE_JOB,
    transaction: false,
    schedule: { cron: '* * * * *', missed: 'skip', graceMs: 0 },
    // The next minute's run does the same work: do not pile retries on top of it.
    maxAttempts: 1,
    async run(_job, { log }) {
      const result = await reconcilePayments(deps, provider);
      if (result.abandoned > 0 || result.resent > 0) log.info(result, 'cashier: reconciliation acted');
    },
  });
}
