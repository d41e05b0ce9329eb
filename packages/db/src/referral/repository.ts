import { DEFAULT_REFERRAL_SETTINGS, settingsProblems, type CardMark, type DeviceMark, type FriendProgress, type PlayerRewardKind, type ReferralSettings } from '@sweepstack/domain/referral/rules';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { readSetting, writeSetting } from '../repositories/settings';
import type { Database } from '../schema';
import type { PlayerRewardsPaidTable, ReferralsTable } from './tables';
import './tables';

type Db = Kysely<Database> | Transaction<Database>;

export const REFERRAL_FEATURE = 'referral';
export const REFERRAL_SETTINGS_KEY = 'referral.settings';

export type ReferralRow = Selectable<ReferralsTable>;
export type PlayerRewardPaidRow = Selectable<PlayerRewardsPaidTable>;

/** The operator's settings; the defaults for anything unset or not valid. */
export async function readReferralSettings(db: Db): Promise<ReferralSettings> {
  const value = await readSetting(db, REFERRAL_SETTINGS_KEY);
  if (typeof value !== 'object' || value === null) return DEFAULT_REFERRAL_SETTINGS;
  const merged = { ...DEFAULT_REFERRAL_SETTINGS, ...(value as Partial<ReferralSettings>) };
  return settingsProblems(merged).length === 0 ? merged : DEFAULT_REFERRAL_SETTINGS;
}

export async function writeReferralSettings(db: Db, settings: ReferralSettings, nowMs: number): Promise<void> {
  await writeSetting(db, REFERRAL_SETTINGS_KEY, settings, nowMs);
}

/** The player whose own code this is (codes are stored upper-case). */
export async function findReferrerByCode(db: Db, code: string): Promise<{ id: number; account_status: string } | undefined> {
  return db.selectFrom('players').select(['id', 'account_status']).where('referral_code', '=', code).executeTakeFirst();
}

export async function referralOfFriend(db: Db, friendId: number): Promise<ReferralRow | undefined> {
  return db.selectFrom('referrals').selectAll().where('friend_player_id', '=', friendId).executeTakeFirst();
}

/** The referrer's own referrers, nearest first (at most `depth`): what a loop check walks. */
export async function ancestorsOf(db: Db, playerId: number, depth = 20): Promise<number[]> {
  const out: number[] = [];
  let current = playerId;
  for (let i = 0; i < depth; i += 1) {
    const row = await db.selectFrom('referrals').select('referrer_player_id').where('friend_player_id', '=', current).executeTakeFirst();
    if (!row || out.includes(row.referrer_player_id)) break;
    out.push(row.referrer_player_id);
    current = row.referrer_player_id;
  }
  return out;
}

/** Counts one more friend for the referrer's day unless the cap is reached (one guarded statement). */
export async function countFriendToday(trx: Transaction<Database>, referrerId: number, day: string, cap: number): Promise<boolean> {
  if (cap <= 0) return false;
  await trx.insertInto('referral_daily_counts').values({ referrer_player_id: referrerId, day, friends: 0 }).onConflict((oc) => oc.columns(['referrer_player_id', 'day']).doNothing()).execute();
  const result = await trx
    .updateTable('referral_daily_counts')
    .set((eb) => ({ friends: eb('friends', '+', 1) }))
    .where('referrer_player_id', '=', referrerId)
    .where('day', '=', day)
    .where('friends', '<', cap)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function friendsCountedOn(db: Db, referrerId: number, day: string): Promise<number> {
  const row = await db.selectFrom('referral_daily_counts').select('friends').where('referrer_player_id', '=', referrerId).where('day', '=', day).executeTakeFirst();
  return Number(row?.friends ?? 0);
}

/** Links a friend; false when the friend already has a referrer (the primary key decides a race). */
export async function insertReferral(trx: Transaction<Database>, row: Omit<ReferralRow, 'registration_paid_at_ms' | 'email_paid_at_ms' | 'phone_paid_at_ms' | 'profile_paid_at_ms' | 'identity_verified_at_ms' | 'first_purchase_at_ms' | 'qualified_paid_at_ms' | 'updated_at_ms'>): Promise<boolean> {
  const result = await trx
    .insertInto('referrals')
    .values({ ...row, registration_paid_at_ms: null, email_paid_at_ms: null, phone_paid_at_ms: null, profile_paid_at_ms: null, identity_verified_at_ms: null, first_purchase_at_ms: null, qualified_paid_at_ms: null, updated_at_ms: row.created_at_ms })
    .onConflict((oc) => oc.column('friend_player_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

type StampColumn = 'registration_paid_at_ms' | 'email_paid_at_ms' | 'phone_paid_at_ms' | 'profile_paid_at_ms' | 'identity_verified_at_ms' | 'first_purchase_at_ms' | 'qualified_paid_at_ms';

/**
 * Sets a step's time once, while the referral is counting: true for the one caller whose statement
 * changed the row (concurrent handlers of one friend race here; only one pays).
 */
export async function stampStep(trx: Transaction<Database>, friendId: number, column: StampColumn, nowMs: number): Promise<boolean> {
  const result = await trx
    .updateTable('referrals')
    .set({ [column]: nowMs, updated_at_ms: nowMs })
    .where('friend_player_id', '=', friendId)
    .where('status', '=', 'counting')
    .where(column, 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stops a counting referral for an abuse rule; true when this call stopped it. */
export async function refuseReferral(trx: Transaction<Database>, friendId: number, reason: 'sameDevice' | 'sameCard' | 'dailyCap', nowMs: number): Promise<boolean> {
  const result = await trx.updateTable('referrals').set({ status: 'refused', refused_reason: reason, updated_at_ms: nowMs }).where('friend_player_id', '=', friendId).where('status', '=', 'counting').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The referrer's friends, newest first, with the friend's email for masking. */
export async function friendsOf(db: Db, referrerId: number, limit = 200): Promise<(ReferralRow & { email: string })[]> {
  return db
    .selectFrom('referrals')
    .innerJoin('players', 'players.id', 'referrals.friend_player_id')
    .selectAll('referrals')
    .select('players.email')
    .where('referrals.referrer_player_id', '=', referrerId)
    .orderBy('referrals.created_at_ms', 'desc')
    .orderBy('referrals.friend_player_id', 'desc')
    .limit(limit)
    .execute();
}

/** Records the player's current sessions' browsers as device marks (kept after the sessions end). */
export async function rememberDevices(db: Db, playerId: number, nowMs: number): Promise<void> {
  const sessions = await db.selectFrom('sessions').select(['ip', 'user_agent']).where('player_id', '=', playerId).execute();
  for (const s of sessions) {
    if (!s.ip || !s.user_agent) continue;
    await db.insertInto('referral_device_marks').values({ player_id: playerId, ip: s.ip, user_agent: s.user_agent.slice(0, 512), seen_at_ms: nowMs }).onConflict((oc) => oc.columns(['player_id', 'ip', 'user_agent']).doNothing()).execute();
  }
}

export async function rememberDevice(db: Db, playerId: number, mark: DeviceMark, nowMs: number): Promise<void> {
  if (!mark.ip || !mark.userAgent) return;
  await db.insertInto('referral_device_marks').values({ player_id: playerId, ip: mark.ip, user_agent: mark.userAgent.slice(0, 512), seen_at_ms: nowMs }).onConflict((oc) => oc.columns(['player_id', 'ip', 'user_agent']).doNothing()).execute();
}

/** Every browser the player was seen on: current sessions and remembered marks. */
export async function devicesOf(db: Db, playerId: number): Promise<DeviceMark[]> {
  const [sessions, marks] = await Promise.all([
    db.selectFrom('sessions').select(['ip', 'user_agent']).where('player_id', '=', playerId).execute(),
    db.selectFrom('referral_device_marks').select(['ip', 'user_agent']).where('player_id', '=', playerId).execute(),
  ]);
  return [...sessions, ...marks].map((r) => ({ ip: r.ip, userAgent: r.user_agent }));
}

/** The cards of the player's completed purchases. */
export async function cardsOf(db: Db, playerId: number): Promise<CardMark[]> {
  const rows = await db.selectFrom('cashier_payments').select(['card_last4', 'card_brand']).where('player_id', '=', playerId).where('status', '=', 'complete').where('card_last4', 'is not', null).execute();
  return rows.map((r) => ({ last4: r.card_last4, brand: r.card_brand }));
}

export type PlayerProgress = FriendProgress & { email: string; createdAtMs: number };

/** What players have done, read from their accounts (the steps' source of truth), in three statements. */
export async function playersProgress(db: Db, playerIds: readonly number[]): Promise<Map<number, PlayerProgress>> {
  const out = new Map<number, PlayerProgress>();
  if (playerIds.length === 0) return out;
  const ids = [...new Set(playerIds)];
  const [players, profiles, stats] = await Promise.all([
    db.selectFrom('players').select(['id', 'email', 'phone', 'email_confirmed', 'phone_confirmed', 'birthday', 'created_at_ms']).where('id', 'in', ids).execute(),
    db.selectFrom('player_profiles').select(['player_id', 'name', 'surname', 'birthday', 'zip', 'city', 'address', 'state', 'phone', 'verification_status']).where('player_id', 'in', ids).execute(),
    db.selectFrom('cashier_player_stats').select(['player_id', 'deposits_count']).where('player_id', 'in', ids).execute(),
  ]);
  const profileOf = new Map(profiles.map((p) => [p.player_id, p]));
  const depositsOf = new Map(stats.map((s) => [s.player_id, Number(s.deposits_count)]));
  for (const player of players) {
    const profile = profileOf.get(player.id);
    // The full profile's required fields (kyc/profile.ts), with the sign-up birthday and phone standing in.
    const fields = [profile?.name, profile?.surname, profile?.birthday ?? player.birthday, profile?.zip, profile?.city, profile?.address, profile?.state, profile?.phone ?? player.phone];
    out.set(player.id, {
      email: player.email,
      createdAtMs: Number(player.created_at_ms),
      emailConfirmed: player.email_confirmed === 1,
      phoneConfirmed: player.phone_confirmed === 1,
      profileComplete: fields.every((v) => typeof v === 'string' && v.length > 0),
      identityVerified: profile?.verification_status === 'verified',
      hasPurchased: (depositsOf.get(player.id) ?? 0) > 0,
    });
  }
  return out;
}

export async function playerProgress(db: Db, playerId: number): Promise<PlayerProgress> {
  const progress = (await playersProgress(db, [playerId])).get(playerId);
  if (!progress) throw new Error(`referral: no player ${playerId}`);
  return progress;
}

/** Marks one of the player's own rewards paid; true for the one caller that inserted it. */
export async function markPlayerRewardPaid(trx: Transaction<Database>, row: { playerId: number; kind: PlayerRewardsPaidTable['kind']; coins: number; entriesCents: number; nowMs: number }): Promise<boolean> {
  const result = await trx
    .insertInto('player_rewards_paid')
    .values({ player_id: row.playerId, kind: row.kind, coins: row.coins, entries_cents: row.entriesCents, paid_at_ms: row.nowMs })
    .onConflict((oc) => oc.columns(['player_id', 'kind']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function playerRewardsPaid(db: Db, playerId: number): Promise<Map<PlayerRewardKind | 'registration' | 'lateCode', PlayerRewardPaidRow>> {
  const rows = await db.selectFrom('player_rewards_paid').selectAll().where('player_id', '=', playerId).execute();
  return new Map(rows.map((r) => [r.kind, r]));
}
