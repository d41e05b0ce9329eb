import { expireFreeSpinGrants } from '@sweepstack/db/rewards/repository';
import { recordEvents } from '@sweepstack/db/repositories/domain-events';
import { FreeSpinsExpired } from '@sweepstack/contracts/rewards/events';
import { pushEvent } from '../../realtime/push';
import { notifyPlayer } from '../../rewards/notices';
import { defineJob } from '../registry';

/**
 * Expired free-spin grants are gone with a notice (docs/rewards.md): every five minutes the grants
 * past their end are marked expired, each player gets a notice (with its `rewardNotices` badge push), and
 * their open tabs a `freeSpins` push with no spins left (the web removes the card). A missed run is made up once: the next run catches all.
 */
export default defineJob({
  kind: 'rewards.expire-free-spins',
  schedule: { cron: '*/5 * * * *', missed: 'once', graceMs: 24 * 3600_000 },
  async run(_job, { db, clock }) {
    const nowMs = clock.nowMs();
    // `db` is the run's transaction: a grant is marked expired together with its notice and pushes, or not at all.
    for (;;) {
      const expired = await expireFreeSpinGrants(db, nowMs, 500);
      for (const grant of expired) {
        await notifyPlayer(
          db,
          {
            playerId: Number(grant.player_id),
            kind: 'free_spins_expired',
            feature: grant.source_feature,
            prize: { kind: 'free_spins', gameId: Number(grant.game_id), count: Number(grant.spins_remain), betLevel: Number(grant.bet_level), lifetimeMs: Number(grant.expires_at_ms) - Number(grant.created_at_ms), currency: grant.currency },
            key: `free-spins-expired:${grant.id}`,
          },
          { clock },
        );
      }
      await recordEvents(
        db,
        expired.map((grant) =>
          pushEvent({ eventType: FreeSpinsExpired.name, playerId: Number(grant.player_id), push: { type: 'freeSpins', action: 'update', data: { spinsId: Number(grant.id), gameId: Number(grant.game_id), spinsRemain: 0 } }, payload: { spinsId: Number(grant.id), spinsLost: Number(grant.spins_remain) } }),
        ),
        { clock },
      );
      if (expired.length < 500) return;
    }
  },
});
