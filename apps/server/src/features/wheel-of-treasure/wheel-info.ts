import type { ExtraWheelOffer, WheelInfo, WheelTables } from '@sweepstack/contracts/wheel-of-treasure/info';
import type { WheelPlayerStatus } from '@sweepstack/contracts/wheel-of-treasure/status';
import { hasCapability, type ThemeId } from '@sweepstack/contracts/themes';
import { currentPrizeTables } from '@sweepstack/db/rewards/repository';
import type { Database } from '@sweepstack/db/schema';
import { extraWheelPackages, WHEEL_TABLES, wheelSettings, wheelStateOf, type WheelSettings } from '@sweepstack/db/wheel-of-treasure/repository';
import { nextOperatorDayStartMs, operatorDay } from '@sweepstack/domain/shared/operator-day';
import { roundsToday, wheelStatus, type WheelState } from '@sweepstack/domain/wheel-of-treasure/wheel-rules';
import type { Kysely, Transaction } from 'kysely';
import { prizeTableOdds } from '../../rewards/views';

type Db = Kysely<Database> | Transaction<Database>;

export const FEATURE = 'wheel-of-treasure';

/** The player's row of `player_feature_state` (written with each daily spin): when the next daily spin opens. */
export interface WheelPlayerFeatureState {
  nextDailyAtMs: number;
}

/** The feature's row of `feature_status`: whether it runs and its end (app init's featureTimes reads the end). */
export interface WheelFeatureStatus {
  isActive: boolean;
  finishedAt: number | null;
}

/** The status row as the rules make it at `nowMs` (written by the operator's rules and the finish timer). */
export function wheelFeatureStatus(settings: WheelSettings, nowMs: number): WheelFeatureStatus {
  return { isActive: isWheelActive(settings, nowMs), finishedAt: settings.finishesAtMs };
}

/** The extended wheel's table in this theme: with the treasure chest only where lootboxes are on (spec §5). */
export function extraTableOf(theme: ThemeId): string {
  return hasCapability(theme, 'lootboxes') ? WHEEL_TABLES.extraLootbox : WHEEL_TABLES.extra;
}

/** The feature is running: active and not past its finish time. */
export function isWheelActive(settings: WheelSettings, nowMs: number): boolean {
  return settings.active && (settings.finishesAtMs === null || nowMs < settings.finishesAtMs);
}

/** Where a player stands today, as the API shows it. */
export function playerStatusOf(state: WheelState, settings: WheelSettings, nowMs: number): WheelPlayerStatus {
  const day = operatorDay(nowMs, settings.timeZone);
  const status = wheelStatus(state, day, settings);
  const dailyOpen = status.dailyAvailable && isWheelActive(settings, nowMs);
  return {
    serverTimeMs: nowMs,
    day,
    dailyAvailable: dailyOpen,
    nextDailyAtMs: status.dailyAvailable ? null : nextOperatorDayStartMs(nowMs, settings.timeZone),
    boosterEarned: status.boosterEarned,
    roundsToday: roundsToday(state, day),
    roundsToBooster: status.roundsToBooster,
    extraSpins: status.extraSpins,
  };
}

/** Every wheel a player of this theme can spin, with its published odds (the tables the draws use). */
export async function wheelTables(db: Db, theme: ThemeId, settings: WheelSettings): Promise<WheelTables> {
  const tables = new Map((await currentPrizeTables(db, FEATURE)).map((t) => [t.slug, prizeTableOdds(t)]));
  const daily = tables.get(WHEEL_TABLES.daily);
  // The seed creates it; a database without it is broken, not a visitor's error.
  if (!daily) throw new Error(`prize table ${WHEEL_TABLES.daily} is missing`);
  const lootboxes = hasCapability(theme, 'lootboxes');
  return {
    daily,
    booster: settings.boosterRounds > 0 ? (tables.get(WHEEL_TABLES.booster) ?? null) : null,
    extra: tables.get(extraTableOf(theme)) ?? null,
    lootbox: lootboxes ? (tables.get(WHEEL_TABLES.lootbox) ?? null) : null,
  };
}

/** The extra-wheel packages on sale (spec §7 promoOffers.extraWheel). */
export async function extraWheelOffers(db: Db): Promise<ExtraWheelOffer[]> {
  return (await extraWheelPackages(db)).map((p) => ({ id: p.id, spins: p.spins, coins: p.goldCoins, entries: p.fortuneCents / 100, price: p.priceCents / 100, priceCents: p.priceCents }));
}

/** GET /rest/wheel-of-treasure/info/. */
export async function wheelInfo(db: Db, input: { theme: ThemeId; playerId: number | null; nowMs: number }): Promise<WheelInfo> {
  const settings = await wheelSettings(db);
  const state = input.playerId === null ? null : await wheelStateOf(db, input.playerId);
  return {
    isActive: isWheelActive(settings, input.nowMs),
    finishedAt: settings.finishesAtMs,
    timeZone: settings.timeZone,
    boosterRounds: settings.boosterRounds,
    lootboxes: hasCapability(input.theme, 'lootboxes'),
    tables: await wheelTables(db, input.theme, settings),
    offers: await extraWheelOffers(db),
    player: state === null ? null : playerStatusOf(state, settings, input.nowMs),
  };
}
