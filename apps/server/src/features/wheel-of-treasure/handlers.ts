import { CashierDepositCompleted } from '@sweepstack/contracts/cashier/events';
import { FeatureFinished } from '@sweepstack/contracts/feature-finish/events';
import { GameRoundPlayed } from '@sweepstack/contracts/games/events';
import { writeFeatureStatus } from '@sweepstack/db/repositories/feature-state';
import { WheelOfTreasureBoosterEarned, WheelOfTreasureExtraSpinsCredited } from '@sweepstack/contracts/wheel-of-treasure/events';
import { addRoundsPlayed, creditPurchasedExtraSpins, wheelOffers, wheelSettings, wheelStateOf, wheelStatesOf } from '@sweepstack/db/wheel-of-treasure/repository';
import { operatorDay } from '@sweepstack/domain/shared/operator-day';
import { NEW_WHEEL_STATE, wheelStatus } from '@sweepstack/domain/wheel-of-treasure/wheel-rules';
import type { On, OnBatch } from '../../events/registry';
import { FEATURE, isWheelActive, playerStatusOf, wheelFeatureStatus } from './wheel-info';

/**
 * The wheel's reactions to play and purchases: rounds played count toward today's booster (one
 * transaction per batch of rounds, whatever their number), and a purchase of a package that carries
 * extra spins credits them once per payment.
 */
export function wheelHandlers({ on, onBatch }: { on: On; onBatch: OnBatch }): void {
  onBatch(GameRoundPlayed, async function countRounds(events, { trx, clock, recordPush }) {
    const settings = await wheelSettings(trx);
    const nowMs = clock.nowMs();
    if (settings.boosterRounds === 0 || !isWheelActive(settings, nowMs)) return;
    // A round counts for the operator day it was played on, even when the batch runs after midnight.
    const byDay = new Map<string, Map<number, number>>();
    for (const event of events) {
      if (event.playerId === null) continue;
      const day = operatorDay(event.createdAtMs, settings.timeZone);
      const counts = byDay.get(day) ?? new Map<number, number>();
      counts.set(event.playerId, (counts.get(event.playerId) ?? 0) + 1);
      byDay.set(day, counts);
    }
    const today = operatorDay(nowMs, settings.timeZone);
    const todays = byDay.get(today);
    const before = todays ? await wheelStatesOf(trx, [...todays.keys()]) : new Map();
    for (const [day, counts] of [...byDay].sort(([a], [b]) => a.localeCompare(b))) await addRoundsPlayed(trx, counts, day, nowMs);
    if (!todays) return;
    // Tell the player the moment today's rounds reach the booster (once: only the batch that crosses it).
    const after = await wheelStatesOf(trx, [...todays.keys()]);
    for (const playerId of todays.keys()) {
      const was = wheelStatus(before.get(playerId) ?? NEW_WHEEL_STATE, today, settings).boosterEarned;
      const state = after.get(playerId) ?? NEW_WHEEL_STATE;
      if (was || !wheelStatus(state, today, settings).boosterEarned) continue;
      await recordPush({ eventType: WheelOfTreasureBoosterEarned.name, playerId, payload: { day: today }, push: { type: 'wheelOfTreasure', action: 'boosterEarned', data: playerStatusOf(state, settings, nowMs) } });
    }
  });

  on(FeatureFinished, async function markFinished(event, { trx, clock }) {
    if (event.payload.feature !== FEATURE) return;
    const settings = await wheelSettings(trx);
    // A finish moved since this timer was set: the status follows the rules as they are now.
    const nowMs = clock.nowMs();
    await writeFeatureStatus(trx, FEATURE, wheelFeatureStatus(settings, nowMs), nowMs);
  });

  on(CashierDepositCompleted, async function creditExtraSpins(event, { trx, clock, recordPush }) {
    if (event.playerId === null) return;
    const spins = (await wheelOffers(trx)).get(event.payload.packageId);
    if (spins === undefined) return;
    const nowMs = clock.nowMs();
    const credited = await creditPurchasedExtraSpins(trx, { paymentId: event.payload.paymentId, playerId: event.playerId, packageId: event.payload.packageId, spins }, nowMs);
    if (!credited) return;
    const status = playerStatusOf(await wheelStateOf(trx, event.playerId), await wheelSettings(trx), nowMs);
    await recordPush({
      eventType: WheelOfTreasureExtraSpinsCredited.name,
      playerId: event.playerId,
      payload: { paymentId: event.payload.paymentId, packageId: event.payload.packageId, spins },
      push: { type: 'wheelOfTreasure', action: 'extraSpinsCredited', data: status },
    });
  });
}
