import { AppError } from '@sweepstack/contracts/errors';
import type { CashbackPayResponse } from '@sweepstack/contracts/rank-league/cashback';
import { RankLeagueCashbackSettled } from '@sweepstack/contracts/rank-league/events';
import { RANK_LEAGUE_FEATURE, settleCashback } from '@sweepstack/db/rank-league/repository';
import type { Player } from '@sweepstack/db/repositories/players';
import type { Database } from '@sweepstack/db/schema';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Kysely } from 'kysely';
import { recordEvent } from '@sweepstack/db/repositories/domain-events';
import { creditPlayer } from '../../rewards/credit-player';
import { cashbackKey, cashbackPrize } from './period-jobs';
import { coinsPrize } from './views';

/**
 * POST /rest/cashback/pay/ (spec §7): pays the player's oldest cashback still within its window, once:
 * the row moves from `available` by a guarded update (two claims at once: one moves it, the other
 * finds none) and the credit's key is the period's, shared with the automatic credit at the window's
 * end. Refused with nothing moved: no cashback waiting (none, claimed, or past its window), an
 * account that is not active.
 */
export async function claimCashback(db: Kysely<Database>, player: Pick<Player, 'id' | 'account_status'>, clock: Clock): Promise<CashbackPayResponse> {
  if (player.account_status !== 'ACTIVE') throw new AppError('RANK_LEAGUE_NOT_ALLOWED');
  return db.transaction().execute(async (trx) => {
    const nowMs = clock.nowMs();
    const row = await settleCashback(trx, player.id, 'claimed', { nowMs, openAt: nowMs });
    if (!row) throw new AppError('CASHBACK_NOT_AVAILABLE');
    await creditPlayer(trx, { playerId: player.id, feature: RANK_LEAGUE_FEATURE, prize: cashbackPrize(row), idempotencyKey: cashbackKey(player.id, row.periodKey), metadata: { periodKey: row.periodKey } }, { clock });
    await recordEvent(trx, { type: RankLeagueCashbackSettled.name, playerId: player.id, payload: { periodKey: row.periodKey, how: 'claimed', goldCoins: row.goldCoins, fortuneCents: row.fortuneCents } }, { clock });
    return { success: true as const, data: { prize: coinsPrize(row.goldCoins, row.fortuneCents), periodKey: row.periodKey } };
  });
}
