import { CashierDepositCompleted } from '@sweepstack/contracts/cashier/events';
import { FeatureFinished } from '@sweepstack/contracts/feature-finish/events';
import { writeFeatureStatus } from '@sweepstack/db/repositories/feature-state';
import { scratchCardSettings } from '@sweepstack/db/scratch-cards/repository';
import type { On, OnBatch } from '../../events/registry';
import { cardDrawDependencies, FEATURE, isScratchCardsActive, issueCard, scratchCardsFeatureStatus } from './cards';

/**
 * A purchase of at least the operator's threshold earns one card (once per payment, while the feature
 * runs); the finish timer turns the feature's status off at its end.
 */
export function scratchCardHandlers({ on }: { on: On; onBatch: OnBatch }): void {
  on(CashierDepositCompleted, async function issuePurchaseCard(event, { trx, clock, rng }) {
    if (event.playerId === null) return;
    const settings = await scratchCardSettings(trx);
    const nowMs = clock.nowMs();
    if (settings.purchaseThresholdCents === null || event.payload.amountCents < settings.purchaseThresholdCents || !isScratchCardsActive(settings, nowMs)) return;
    await issueCard(trx, { playerId: event.playerId, source: 'purchase', sourceKey: `payment:${event.payload.paymentId}`, settings, nowMs }, cardDrawDependencies(clock, rng));
  });

  on(FeatureFinished, async function markFinished(event, { trx, clock }) {
    if (event.payload.feature !== FEATURE) return;
    const nowMs = clock.nowMs();
    // A finish moved since this timer was set: the status follows the rules as they are now.
    await writeFeatureStatus(trx, FEATURE, scratchCardsFeatureStatus(await scratchCardSettings(trx), nowMs), nowMs);
  });
}
