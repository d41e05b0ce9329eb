import { dailyLoginDefaultInfo, type DailyLoginInfo } from '@sweepstack/contracts/daily-login/info';
import { currentLadder, gameSlugs, grantOfClaim, ladderStateOf, outageDaysSince, type DailyLoginLadder } from '@sweepstack/db/daily-login/repository';
import type { Player } from '@sweepstack/db/repositories/players';
import { readOperatorTimeZone } from '@sweepstack/db/rewards/operator-time-zone';
import type { Database } from '@sweepstack/db/schema';
import { ladderStatus } from '@sweepstack/domain/daily-login/ladder';
import { nextOperatorDayStartMs, operatorDay } from '@sweepstack/domain/shared/operator-day';
import type { Kysely, Transaction } from 'kysely';
import { accountRefusal, claimKey, ladderRunning } from './eligibility';
import { prizeType, prizeView } from './views';

type Db = Kysely<Database> | Transaction<Database>;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * GET /rest/daily-login/info/ (spec §3, §7): the ladder's prizes and where the player stands today:
 * whether a claim is open, the level it pays (or the level claimed today), why none is open, and
 * when the next one opens (the next operator day's midnight). Guests get the default state.
 */
export async function readDailyLoginInfo(db: Db, player: Pick<Player, 'id' | 'account_status'> | undefined, nowMs: number): Promise<DailyLoginInfo> {
  const timeZone = await readOperatorTimeZone(db);
  if (!player) return { ...dailyLoginDefaultInfo(iso(nowMs), timeZone), reasonType: 'guest' };
  const ladder = await currentLadder(db);
  if (!ladder) return { ...dailyLoginDefaultInfo(iso(nowMs), timeZone), reasonType: 'notActive' };
  return infoOf(db, ladder, player, nowMs, timeZone);
}

/** The info answer for a player and a ladder (also the state answered after a claim). */
export async function infoOf(db: Db, ladder: DailyLoginLadder, player: Pick<Player, 'id' | 'account_status'>, nowMs: number, timeZone: string): Promise<DailyLoginInfo> {
  const day = operatorDay(nowMs, timeZone);
  const state = await ladderStateOf(db, player.id);
  const outages = await outageDaysSince(db, state.lastClaimDay ?? day);
  const status = ladderStatus(state, day, outages, ladder.rules);
  const running = ladderRunning(ladder, nowMs);
  const refusal = accountRefusal(player.account_status);
  const isAvailable = running && refusal === undefined && status.isAvailable;
  const finished = ladder.finishesAtMs !== null && nowMs >= ladder.finishesAtMs;
  const reasonType = !ladder.active ? 'notActive' : finished ? 'finished' : refusal ? refusal.reason : status.claimedToday ? 'claimed' : null;

  const nextDayStartMs = nextOperatorDayStartMs(nowMs, timeZone);
  let nextClaimAt: string | null = null;
  if (isAvailable) nextClaimAt = iso(nowMs);
  else if (running && refusal === undefined && status.claimedToday && (ladder.finishesAtMs === null || nextDayStartMs < ladder.finishesAtMs)) nextClaimAt = iso(nextDayStartMs);

  const slugs = await gameSlugs(db, ladder.levels.flatMap((p) => (p.kind === 'free_spins' ? [p.gameId] : [])));
  const claimedPrize = status.claimedToday ? ladder.levels[status.activeLevel - 1] : undefined;
  const grant = claimedPrize?.kind === 'free_spins' ? await grantOfClaim(db, claimKey(player.id, day)) : undefined;
  const activeLevel = running || status.claimedToday ? status.activeLevel : 0;
  return {
    finishedAt: ladder.finishesAtMs === null ? null : iso(ladder.finishesAtMs),
    isActive: running,
    isAvailable,
    levels: ladder.rules.levels,
    activeLevel,
    type: prizeType(activeLevel > 0 ? ladder.levels[activeLevel - 1] : undefined),
    reasonType,
    prizes: ladder.levels.map((prize, index) => prizeView(index + 1, prize, { gameSlugs: slugs, grant: status.claimedToday && index + 1 === status.activeLevel ? grant : undefined })),
    claimedToday: status.claimedToday,
    restarted: status.restarted,
    day,
    timeZone,
    nextClaimAt,
    serverTime: iso(nowMs),
  };
}
