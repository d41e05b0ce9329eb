import { CashierDepositCompleted } from '@sweepstack/contracts/cashier/events';
import { GameRoundPlayed } from '@sweepstack/contracts/games/events';
import { seasonForPremiumPackage, startedSeasonsCovering, type Season } from '@sweepstack/db/seasons/repository';
import { isWithinSeason, type SeasonTotals } from '@sweepstack/domain/seasons/season-progress';
import type { On, OnBatch } from '../../events/registry';
import { addSeasonPlayOfMany, addSeasonProgress } from './progress';

/**
 * Play and purchases make season points (docs/features/seasons.md). Rounds are taken in batches: one
 * transaction per batch of rounds whatever their number, one statement per table for all its players. A round or a
 * purchase counts for the season running at the moment it was made (its event's time), even when its
 * handler runs after the season's end.
 */
export function seasonsHandlers({ on, onBatch }: { on: On; onBatch: OnBatch }): void {
  onBatch(GameRoundPlayed, async function countWagers(events, { trx, clock }) {
    let fromMs = Infinity;
    let toMs = -Infinity;
    for (const event of events) {
      if (event.playerId === null || event.payload.stake <= 0) continue;
      fromMs = Math.min(fromMs, event.createdAtMs);
      toMs = Math.max(toMs, event.createdAtMs);
    }
    if (fromMs > toMs) return;
    const seasons = await startedSeasonsCovering(trx, fromMs, toMs);
    if (seasons.length === 0) return;
    const totals = new Map<Season, Map<number, SeasonTotals>>();
    for (const event of events) {
      if (event.playerId === null || event.payload.stake <= 0) continue;
      const season = seasons.find((s) => isWithinSeason(s, event.createdAtMs));
      if (!season) continue;
      const players = totals.get(season) ?? new Map<number, SeasonTotals>();
      const sum = players.get(event.playerId) ?? { wageredGc: 0, wageredFcCents: 0, purchasedCents: 0 };
      if (event.payload.currency === 'GC') sum.wageredGc += event.payload.stake;
      else sum.wageredFcCents += event.payload.stake;
      players.set(event.playerId, sum);
      totals.set(season, players);
    }
    // Player order (inside) keeps the row locks of concurrent batches in one order (no deadlock on PostgreSQL).
    for (const [season, players] of totals) await addSeasonPlayOfMany(trx, season, players, { clock });
  });

  on(CashierDepositCompleted, async function countPurchase(event, { trx, clock }) {
    if (event.playerId === null) return;
    const [season] = (await startedSeasonsCovering(trx, event.createdAtMs, event.createdAtMs)).filter((s) => isWithinSeason(s, event.createdAtMs));
    // The premium package unlocks its season's track even bought before the start (a pre-order).
    const premiumSeason = await seasonForPremiumPackage(trx, event.payload.packageId, event.createdAtMs);
    const unlock = { unlockPaymentId: event.payload.paymentId };
    if (season) {
      await addSeasonProgress(trx, season, event.playerId, { wageredGc: 0, wageredFcCents: 0, purchasedCents: event.payload.amountCents }, { clock, ...(premiumSeason?.id === season.id ? unlock : {}) });
    }
    if (premiumSeason && premiumSeason.id !== season?.id) {
      await addSeasonProgress(trx, premiumSeason, event.playerId, { wageredGc: 0, wageredFcCents: 0, purchasedCents: 0 }, { clock, ...unlock });
    }
  });
}
