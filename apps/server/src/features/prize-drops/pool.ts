import type { PrizeDropsInfo } from '@sweepstack/contracts/prize-drops/info';
import type { Database } from '@sweepstack/db/schema';
import { latestPrizeDropWins, openPrizeDropDay, prizeDropDay, prizeDropSettings, rankLeagueLevels, releasePrizes, revealedPrizeDropSeed, type PrizeDropDay, type PrizeDropSettings, type PrizeDropWin } from '@sweepstack/db/prize-drops/repository';
import { blockOf, blocksInDay, poolFigures, releasedThrough, requiredLevel, type PrizeLevel } from '@sweepstack/domain/prize-drops/drop-rules';
import { nextDay, operatorDay, operatorDayStartMs } from '@sweepstack/domain/shared/operator-day';
import type { Rng } from '@sweepstack/domain/shared/rng';
import { commitServerSeed, serverSeedFromBytes } from '@sweepstack/games/fairness/seeds';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

export const FEATURE = 'prize-drops';

/** How many winners the board lists. */
export const LAST_WINNERS = 10;

/** The operator day of a moment, with its bounds and number of hourly blocks (23 to 25 across DST). */
export function dayBounds(nowMs: number, timeZone: string): { day: string; dayStartMs: number; dayEndMs: number; blocks: number } {
  const day = operatorDay(nowMs, timeZone);
  const dayStartMs = operatorDayStartMs(day, timeZone);
  const dayEndMs = operatorDayStartMs(nextDay(day), timeZone);
  return { day, dayStartMs, dayEndMs, blocks: blocksInDay(dayStartMs, dayEndMs) };
}

/**
 * Opens the operator day of `atMs` when it has no pool yet (the rules' tiers as they are now, a fresh
 * seed from the app's Rng whose hash is published at once) and releases every block up to the one
 * holding `atMs`. Idempotent: the hourly job calls it, and so does the first spin of a day the job
 * has not opened yet (a fresh install, a node that was down at midnight).
 */
export async function ensureBlockReleased(trx: Transaction<Database>, atMs: number, settings: PrizeDropSettings, rng: Rng): Promise<{ day: PrizeDropDay; block: number; released: boolean }> {
  const bounds = dayBounds(atMs, settings.timeZone);
  let before = await prizeDropDay(trx, bounds.day);
  if (!before) {
    const serverSeed = serverSeedFromBytes(rng.bytes(32));
    await openPrizeDropDay(trx, { ...bounds, tiers: settings.tiers, serverSeed, serverSeedHash: commitServerSeed(serverSeed), nowMs: atMs });
    before = (await prizeDropDay(trx, bounds.day))!;
  }
  const block = Math.min(blockOf(atMs, before.dayStartMs), before.blocks - 1);
  let released = false;
  for (const tier of before.tiers) {
    const target = releasedThrough(tier.total, block, before.blocks);
    if (target > tier.released) {
      await releasePrizes(trx, before.day, tier.level, target);
      released = true;
    }
  }
  return { day: released ? (await prizeDropDay(trx, bounds.day))! : before, block, released };
}

function winnerOf(win: PrizeDropWin) {
  return { playerName: win.playerName, prizeValue: win.value, prizeLevel: win.level, wonAt: win.createdAtMs };
}

/** GET /rest/prize-drops/info/: today's pool as it stands (read only: a day not opened yet shows its full tiers, nothing released). */
export async function prizeDropsInfo(db: Db, input: { playerId: number | null; nowMs: number }): Promise<PrizeDropsInfo> {
  const settings = await prizeDropSettings(db);
  const { nowMs } = input;
  const bounds = dayBounds(nowMs, settings.timeZone);
  const day = await prizeDropDay(db, bounds.day);
  const tiers = day?.tiers ?? settings.tiers.map((t) => ({ level: t.level, value: t.value, total: t.count, released: 0, awarded: 0 }));
  const figures = poolFigures(tiers.map((t) => ({ level: t.level, value: t.value, count: t.total })));
  const block = blockOf(nowMs, bounds.dayStartMs);
  const nextBlockMs = bounds.dayStartMs + (block + 1) * 3_600_000;
  const previousDay = operatorDay(bounds.dayStartMs - 1, settings.timeZone);
  let player: PrizeDropsInfo['player'] = null;
  const league = await rankLeagueLevels(db, input.playerId === null ? [] : [input.playerId], nowMs);
  // Published as it applies: capped at the league's top level while the league runs; 0 (no level
  // required) while it does not, since there is no level to reach then. The operator's setting is kept.
  const minimalLevelPlay = requiredLevel(settings.minimalLevel, league);
  if (input.playerId !== null) {
    const level = Math.floor(league.levels.get(input.playerId) ?? 0);
    player = { level, qualifies: settings.active && level >= minimalLevelPlay, wins: (await latestPrizeDropWins(db, LAST_WINNERS, input.playerId)).map(winnerOf) };
  }
  return {
    isActive: settings.active,
    general: {
      dailyPrizePool: figures.dailyPrizePool,
      highestPrizePerDay: figures.highestPrizePerDay,
      prizeCountPerDay: figures.prizeCountPerDay,
      minimalLevelPlay,
      finishedAt: bounds.dayEndMs,
      nextPrizePoolStartedAt: bounds.dayEndMs,
    },
    prizes: [...tiers].sort((a, b) => b.level - a.level).map((t) => ({ prizeLeft: t.total - t.awarded, prizeValue: t.value, prizeLvl: t.level as PrizeLevel, available: t.released - t.awarded })),
    lastWinners: (await latestPrizeDropWins(db, LAST_WINNERS)).map(winnerOf),
    nextPrizeWillAccrueIn: Math.max(0, Math.ceil((nextBlockMs - nowMs) / 1000)),
    serverTimeMs: nowMs,
    minimumStake: settings.minimumStake,
    chanceDivisor: settings.chanceDivisor,
    fairness: { day: bounds.day, serverSeedHash: day?.serverSeedHash ?? null, previousDay, previousServerSeed: await revealedPrizeDropSeed(db, previousDay, nowMs) },
    player,
  };
}
