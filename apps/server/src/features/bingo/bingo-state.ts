import type { BingoCard as BingoCardView } from '@sweepstack/contracts/bingo/game-data';
import type { BingoStatus } from '@sweepstack/contracts/bingo/status';
import { hasCapability, type ThemeId } from '@sweepstack/contracts/themes';
import { bingoCardOf, insertBingoCard, type BingoBalls, type BingoCard, type BingoSettings } from '@sweepstack/db/bingo/repository';
import type { Database } from '@sweepstack/db/schema';
import { BALLS_FOR_POPUP, BALLS_TO_PLAY, BALL_COUNT, completeLines, dealCard, isFullCard, markedCells, nextBallPercent, periodOf } from '@sweepstack/domain/bingo/bingo-rules';
import { operatorDay, operatorDayStartMs } from '@sweepstack/domain/shared/operator-day';
import type { Rng } from '@sweepstack/domain/shared/rng';
import { HmacRandomSource } from '@sweepstack/games/fairness/hmac-random';
import { commitServerSeed, serverSeedFromBytes } from '@sweepstack/games/fairness/seeds';
import type { Kysely, Transaction } from 'kysely';
import { nativeHmacSha256 } from '../../games/play';

type Db = Kysely<Database> | Transaction<Database>;

export const FEATURE = 'bingo';

/** Bingo runs: the operator has it on and the theme has the bingo store (spec §1: funzCity, jackpotRabbit, sws). */
export function isBingoOn(settings: BingoSettings, theme: ThemeId): boolean {
  return settings.active && hasCapability(theme, 'bingoStore');
}

/** The period of a moment: its index and when its card ends (ms). */
export function currentPeriod(settings: BingoSettings, nowMs: number): { index: number; endsAtMs: number } {
  const period = periodOf(operatorDay(nowMs, settings.timeZone), settings);
  return { index: period.index, endsAtMs: operatorDayStartMs(period.endDay, settings.timeZone) };
}

export function statusOf(balls: BingoBalls | undefined, settings: BingoSettings, on: boolean, nowMs: number): BingoStatus {
  const available = balls?.balls ?? 0;
  return {
    isActive: on,
    availablePoint: available,
    bingoEndDate: currentPeriod(settings, nowMs).endsAtMs,
    nextBallProgress: nextBallPercent(balls?.progress ?? 0, settings.stakePerBall),
    ballsToPlay: BALLS_TO_PLAY,
    canPlay: on && available >= BALLS_TO_PLAY,
    showProgress: on && available >= BALLS_FOR_POPUP,
  };
}

/** The client seed of a card: it names the player and the period, so two cards never share a stream. */
export function cardClientSeed(playerId: number, period: number): string {
  return `bingo:${playerId}:${period}`;
}

/**
 * The player's card of the current period, dealt on first need from a fresh committed seed: numbers
 * and the whole ball order come from HMAC-SHA256(seed, `clientSeed:0:cursor`), so they are fixed (and
 * their hash published) before any ball is drawn.
 */
export async function ensureCard(db: Db, playerId: number, settings: BingoSettings, nowMs: number, rng: Rng): Promise<BingoCard> {
  const period = currentPeriod(settings, nowMs);
  const existing = await bingoCardOf(db, playerId, period.index);
  if (existing) return existing;
  const serverSeed = serverSeedFromBytes(rng.bytes(32));
  const clientSeed = cardClientSeed(playerId, period.index);
  const { numbers, order } = dealCard(new HmacRandomSource({ serverSeed, clientSeed, nonce: 0 }, nativeHmacSha256));
  await insertBingoCard(db, { playerId, period: period.index, numbers, order, drawn: 0, serverSeed, serverSeedHash: commitServerSeed(serverSeed), clientSeed, paidLines: [], fullPaid: false, endsAtMs: period.endsAtMs }, nowMs);
  return (await bingoCardOf(db, playerId, period.index))!;
}

export function cardFinished(card: Pick<BingoCard, 'numbers' | 'order' | 'drawn'>): boolean {
  return card.drawn >= BALL_COUNT || isFullCard(markedCells(card.numbers, card.order.slice(0, card.drawn)));
}

/** A card as the player sees it: the seed only once the card is finished or its period over. */
export function cardView(card: BingoCard, nowMs: number): BingoCardView {
  const drawnBalls = card.order.slice(0, card.drawn);
  const marked = markedCells(card.numbers, drawnBalls);
  const finished = cardFinished(card);
  return {
    period: card.period,
    numbers: card.numbers,
    drawnBalls,
    marked,
    lines: completeLines(marked),
    fullCard: isFullCard(marked),
    finished,
    serverSeedHash: card.serverSeedHash,
    clientSeed: card.clientSeed,
    serverSeed: finished || nowMs >= card.endsAtMs ? card.serverSeed : null,
  };
}
