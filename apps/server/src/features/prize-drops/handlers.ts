import { GameRoundPlayed } from '@sweepstack/contracts/games/events';
import { PrizeDropsPrizeAssigned } from '@sweepstack/contracts/prize-drops/events';
import { awardPrizeDrop, prizeDropDay, prizeDropSettings, rankLeagueLevels, winKeysOf, type PrizeDropDay } from '@sweepstack/db/prize-drops/repository';
import { blockOf, drawDrop, maskedPlayerName, requiredLevel, type PrizeLevel } from '@sweepstack/domain/prize-drops/drop-rules';
import { operatorDay } from '@sweepstack/domain/shared/operator-day';
import { HmacRandomSource } from '@sweepstack/games/fairness/hmac-random';
import type { OnBatch } from '../../events/registry';
import { nativeHmacSha256 } from '../../games/play';
import { ensureBlockReleased, FEATURE } from './pool';

/** The client seed of every prize-drop draw: the round id is the nonce, the day's committed seed the key. */
export const PRIZE_DROP_CLIENT_SEED = 'prize-drops';

/** The idempotency key of a prize: one per player per hourly block, whatever retries or processes do. */
export function prizeKeyOf(day: string, block: number, playerId: number): string {
  return `${FEATURE}:${day}:${block}:${playerId}`;
}

/**
 * Every qualifying spin is one draw (docs/features/prize-drops.md): a paid Gold Coin round (not a
 * bonus buy) at or above the minimum stake, of a player at the minimal league level (while the league
 * runs), who has not won in this hour's block. Its ticket is HMAC-SHA256 of the day's committed seed
 * with the round id as nonce, so the draw is fixed before the spin and checkable after the day's seed
 * is revealed. A win takes a waiting prize by guarded updates and is paid through the rewards engine
 * once per (day, block, player); the whole batch is one transaction.
 */
export function prizeDropsHandlers({ onBatch }: { onBatch: OnBatch }): void {
  onBatch(GameRoundPlayed, async function drawPrizeDrops(events, { trx, clock, rng, recordPush, creditPlayer }) {
    const settings = await prizeDropSettings(trx);
    if (!settings.active) return;
    const entries = events.filter((e) => e.playerId !== null && e.payload.currency === 'GC' && !e.payload.bought && e.payload.stake >= settings.minimumStake);
    if (entries.length === 0) return;
    const playerIds = [...new Set(entries.map((e) => e.playerId!))];
    const nowMs = clock.nowMs();
    const league = await rankLeagueLevels(trx, playerIds, nowMs);
    const needed = requiredLevel(settings.minimalLevel, league);
    const eligible = entries.filter((e) => !league.running || (league.levels.get(e.playerId!) ?? 0) >= needed);
    if (eligible.length === 0) return;
    const today = (await ensureBlockReleased(trx, nowMs, settings, rng)).day;
    const days = new Map<string, PrizeDropDay | undefined>([[today.day, today]]);
    const names = new Map((await trx.selectFrom('players').select(['id', 'login']).where('id', 'in', [...new Set(eligible.map((e) => e.playerId!))]).execute()).map((p) => [p.id, maskedPlayerName(p.login)]));
    const eventDays = [...new Set(eligible.map((e) => operatorDay(e.createdAtMs, settings.timeZone)))];
    // Wins already recorded for these players on these days (the unique key still guards a concurrent batch).
    const won = await winKeysOf(trx, eventDays, [...new Set(eligible.map((e) => e.playerId!))]);
    for (const event of eligible) {
      const playerId = event.playerId!;
      const dayName = operatorDay(event.createdAtMs, settings.timeZone);
      if (!days.has(dayName)) days.set(dayName, await prizeDropDay(trx, dayName));
      const day = days.get(dayName);
      // A spin of a day that never opened (the feature was off) draws nothing.
      if (!day) continue;
      const block = blockOf(event.createdAtMs, day.dayStartMs);
      const key = prizeKeyOf(day.day, block, playerId);
      if (won.has(`${day.day}:${block}:${playerId}`)) continue;
      const available = new Map<PrizeLevel, number>(day.tiers.map((t) => [t.level, t.released - t.awarded]));
      const draw = drawDrop(new HmacRandomSource({ serverSeed: day.serverSeed, clientSeed: PRIZE_DROP_CLIENT_SEED, nonce: event.payload.roundId }, nativeHmacSha256), {
        stake: event.payload.stake,
        available,
        chanceDivisor: settings.chanceDivisor,
      });
      if (!draw.won || draw.level === null) continue;
      const win = await awardPrizeDrop(trx, {
        day: day.day,
        block,
        playerId,
        roundId: event.payload.roundId,
        level: draw.level,
        ticket: draw.ticket,
        threshold: draw.threshold,
        divisor: settings.chanceDivisor,
        tierTicket: draw.tierTicket!,
        playerName: names.get(playerId) ?? maskedPlayerName(''),
        nowMs,
      });
      // What this batch knows of the day is refreshed after every win (or a concurrent taker).
      days.set(day.day, await prizeDropDay(trx, day.day));
      if (!win) continue;
      won.add(`${day.day}:${block}:${playerId}`);
      await creditPlayer({ playerId, feature: FEATURE, prize: { kind: 'gold_coins', amount: win.value }, idempotencyKey: key, metadata: { winId: win.id, roundId: event.payload.roundId } });
      const payload = { day: day.day, block, level: draw.level, value: win.value, roundId: event.payload.roundId, winId: win.id };
      const data = { playerName: names.get(playerId) ?? maskedPlayerName(''), prizeValue: win.value, prizeLevel: draw.level };
      await recordPush({ eventType: PrizeDropsPrizeAssigned.name, playerId: null, payload, push: { type: 'prizeDrops', action: 'prizeAssigned', data: { ...data, isMine: false } } });
      await recordPush({ eventType: PrizeDropsPrizeAssigned.name, playerId, payload, push: { type: 'prizeDrops', action: 'prizeAssigned', data: { ...data, isMine: true } } });
    }
  });
}
