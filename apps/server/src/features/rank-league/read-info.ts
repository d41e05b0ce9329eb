import type { Cashback } from '@sweepstack/contracts/rank-league/cashback';
import type { RankLeagueInfo } from '@sweepstack/contracts/rank-league/info';
import { cashbackHistory, leagueEnabled, leaguePlayerOf, leagueVersionAt, periodPlayOf, upcomingLeagueVersion } from '@sweepstack/db/rank-league/repository';
import { readOperatorTimeZone } from '@sweepstack/db/rewards/operator-time-zone';
import type { Database } from '@sweepstack/db/schema';
import type { Player } from '@sweepstack/db/repositories/players';
import { periodOf } from '@sweepstack/domain/rank-league/period';
import { progressOf } from '@sweepstack/domain/rank-league/rules';
import { operatorDay } from '@sweepstack/domain/shared/operator-day';
import type { Kysely, Transaction } from 'kysely';
import { coinsPrize, leagueSliceOf, sectionTitles, sectionView, type LeagueLocale } from './views';

type Db = Kysely<Database> | Transaction<Database>;

/** GET /rest/rank-league/info/: the published rules, the week, and (signed in) where the player stands. */
export async function readLeagueInfo(db: Db, account: Pick<Player, 'id' | 'account_status'> | null, nowMs: number, locale: LeagueLocale = 'en'): Promise<RankLeagueInfo | undefined> {
  const version = await leagueVersionAt(db, nowMs);
  if (!version) return undefined;
  const rules = version.rules;
  const timeZone = await readOperatorTimeZone(db);
  const period = periodOf(nowMs, timeZone);
  const upcoming = await upcomingLeagueVersion(db, nowMs);
  const enabled = await leagueEnabled(db);
  let player: RankLeagueInfo['player'] = null;
  if (account !== null && enabled) {
    const playerId = account.id;
    const row = await leaguePlayerOf(db, playerId);
    const experience = Math.floor(row.experienceMilli / 1000);
    const level = progressOf(rules, experience, row.level).level;
    player = { ...leagueSliceOf(rules, row, account.account_status), level, experience, periodExperience: Math.floor((await periodPlayOf(db, playerId, period.key)).experienceMilli / 1000) };
  }
  return {
    enabled,
    experiencePerCoin: { GC: rules.experienceMilliPerCoin.GC / 1000, FC: rules.experienceMilliPerCoin.FC / 1000 },
    houseEdgePercent: rules.houseEdgeBp / 100,
    cashbackClaimDays: rules.cashbackClaimDays,
    sections: rules.sections.map((_, i) => sectionView(rules, i + 1, locale)),
    period: { key: period.key, startsAt: new Date(period.startMs).toISOString(), endsAt: new Date(period.endMs).toISOString() },
    upcomingFrom: upcoming ? new Date(upcoming.effectiveFromMs).toISOString() : null,
    player,
  };
}

/** GET /rest/cashback/ (spec §3 Cashback): the rates, when this week's is calculated, and the one waiting to be claimed. */
export async function readCashback(db: Db, playerId: number | null, nowMs: number, locale: LeagueLocale = 'en'): Promise<Cashback | undefined> {
  const version = await leagueVersionAt(db, nowMs);
  if (!version) return undefined;
  const rules = version.rules;
  const timeZone = await readOperatorTimeZone(db);
  const period = periodOf(nowMs, timeZone);
  const row = playerId === null ? undefined : await leaguePlayerOf(db, playerId);
  const section = row ? progressOf(rules, Math.floor(row.experienceMilli / 1000), row.level).section : 1;
  const waiting = playerId === null ? undefined : (await cashbackHistory(db, playerId)).filter((c) => c.status === 'available' && c.expiresAtMs > nowMs).at(-1);
  const next = rules.sections[section];
  return {
    status: waiting ? 'available' : 'unavailable',
    availableAfterDateTime: new Date(period.endMs).toISOString(),
    availableAfterDay: operatorDay(period.endMs, timeZone),
    currentReward: rules.sections[section - 1]!.cashbackBp / 100,
    nextReward: next ? next.cashbackBp / 100 : null,
    sections: rules.sections.map((s) => ({ weeklyReward: s.cashbackBp / 100, title: sectionTitles(s)[locale], titles: sectionTitles(s) })),
    prize: waiting ? coinsPrize(waiting.goldCoins, waiting.fortuneCents) : null,
    expiresAt: waiting ? new Date(waiting.expiresAtMs).toISOString() : null,
    periodKey: waiting ? waiting.periodKey : null,
  };
}
