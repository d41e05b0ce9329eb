import { BingoProgressed } from '@sweepstack/contracts/bingo/events';
import { GameRoundPlayed } from '@sweepstack/contracts/games/events';
import { bingoSettings, lockBingoBallsOf, saveBingoBalls } from '@sweepstack/db/bingo/repository';
import { earnBalls } from '@sweepstack/domain/bingo/bingo-rules';
import type { OnBatch } from '../../events/registry';
import { isBingoOn, statusOf } from './bingo-state';

/**
 * Balls from play (spec §3 nextBallProgress): the stake of every paid Gold Coin round (not a bonus
 * buy) moves the player's progress; each `stakePerBall` earns a ball. One transaction per batch of
 * rounds; one push per player and batch: `show` when a ball was earned (the progress popup),
 * `progressNextBall` otherwise.
 */
export function bingoHandlers({ onBatch }: { onBatch: OnBatch }): void {
  onBatch(GameRoundPlayed, async function earnBingoBalls(events, { trx, clock, config, recordPush }) {
    const settings = await bingoSettings(trx);
    const on = isBingoOn(settings, config.THEME);
    if (!on) return;
    const stakes = new Map<number, number>();
    for (const event of events) {
      if (event.playerId === null || event.payload.currency !== 'GC' || event.payload.bought || event.payload.stake <= 0) continue;
      stakes.set(event.playerId, (stakes.get(event.playerId) ?? 0) + event.payload.stake);
    }
    if (stakes.size === 0) return;
    const nowMs = clock.nowMs();
    // Locked (in player order): a round played meanwhile waits, so no spend is overwritten.
    const current = await lockBingoBallsOf(trx, [...stakes.keys()], nowMs);
    for (const [playerId, stake] of stakes) {
      const before = current.get(playerId) ?? { balls: 0, progress: 0 };
      const earned = earnBalls(before.progress, stake, settings.stakePerBall);
      const after = { balls: before.balls + earned.balls, progress: earned.progress };
      await saveBingoBalls(trx, playerId, after, nowMs);
      await recordPush({ eventType: BingoProgressed.name, playerId, payload: { ballsEarned: earned.balls }, push: { type: 'bingo', action: earned.balls > 0 ? 'show' : 'progressNextBall', data: statusOf(after, settings, on, nowMs) } });
    }
  });
}
