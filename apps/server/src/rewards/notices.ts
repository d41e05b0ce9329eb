import { RewardNoticeAdded, RewardNoticesRead } from '@sweepstack/contracts/rewards/events';
// Declares the `rewardNotices` push wherever a notice can be written (the server loads every pushes.ts
// at start; a program using the rewards engine without the server, such as a job or a test, too).
import '@sweepstack/contracts/rewards/pushes';
import { addRewardNotice, markRewardNoticesRead, unreadRewardNoticeCount, type RewardNotice } from '@sweepstack/db/rewards/repository';
import type { Database } from '@sweepstack/db/schema';
import type { Prize } from '@sweepstack/domain/rewards/prize';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Transaction } from 'kysely';
import { recordPush } from '../realtime/push';

export interface PlayerNotice {
  playerId: number;
  kind: RewardNotice['kind'];
  /** The feature the prize came from (the notification centre names it). */
  feature: string;
  prize: Prize;
  /** Once per key: a replayed credit, draw or job writes nothing more. */
  key: string;
}

/**
 * Writes a notice for the player's notification centre (docs/rewards.md) and, in the same
 * transaction, a `rewardNotices` push with the unread count: open tabs update the bell's badge after
 * commit, and nothing is pushed when the transaction rolls back. A key that had a notice writes
 * nothing; answers the new notice's id or null.
 */
export async function notifyPlayer(trx: Transaction<Database>, notice: PlayerNotice, options: { clock: Clock }): Promise<number | null> {
  const id = await addRewardNotice(trx, { ...notice, nowMs: options.clock.nowMs() });
  if (id === null) return null;
  const unread = await unreadRewardNoticeCount(trx, notice.playerId);
  await recordPush(
    trx,
    { eventType: RewardNoticeAdded.name, playerId: notice.playerId, push: { type: 'rewardNotices', action: 'added', data: { unread } }, payload: { noticeId: id, kind: notice.kind, feature: notice.feature } },
    options,
  );
  return id;
}

/**
 * Marks the player's notices read up to `upToId` and, when any changed, pushes the new unread count
 * in the same transaction (the player's other tabs clear their badge). Answers how many changed.
 */
export async function readNotices(trx: Transaction<Database>, playerId: number, upToId: number, options: { clock: Clock }): Promise<number> {
  const marked = await markRewardNoticesRead(trx, playerId, upToId, options.clock.nowMs());
  if (marked === 0) return 0;
  const unread = await unreadRewardNoticeCount(trx, playerId);
  await recordPush(trx, { eventType: RewardNoticesRead.name, playerId, push: { type: 'rewardNotices', action: 'read', data: { unread } }, payload: { upToId, marked } }, options);
  return marked;
}
