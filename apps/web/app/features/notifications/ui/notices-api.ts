import type { RewardNoticesResponse } from '@sweepstack/contracts/rewards/prize';
import { create } from 'zustand';
import { http } from '../../../lib/http';

/** The bell's unread count, shared by the watcher (badge) and the modal (which clears it). Null: not known yet. */
export const useUnreadNotices = create<{ unread: number | null }>(() => ({ unread: null }));

/** GET /rest/rewards/notices/: the player's latest 50 notices, newest first, and how many are unread. */
export async function loadNotices(): Promise<RewardNoticesResponse['data']> {
  const response = await http<RewardNoticesResponse>('/rest/rewards/notices/');
  useUnreadNotices.setState({ unread: response.data.unread });
  return response.data;
}

/** POST /rest/rewards/notices/read/: marks every notice up to `upToId` read; the badge clears at once. */
export async function markNoticesRead(upToId: number): Promise<void> {
  useUnreadNotices.setState({ unread: 0 });
  await http('/rest/rewards/notices/read/', { method: 'POST', body: { upToId } });
}
