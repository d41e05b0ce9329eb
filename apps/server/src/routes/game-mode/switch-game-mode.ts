import type { GameMode } from '@sweepstack/contracts/realtime/game-mode';
import type { DatabaseHandle } from '@sweepstack/db/connection';
import { setPlayerGameMode } from '@sweepstack/db/repositories/game-mode';
import type { Clock } from '@sweepstack/domain/shared/clock';
import { recordPush } from '../../realtime/push';

export const GAME_MODE_CHANGED_EVENT = 'player.game-mode-changed';

/**
 * Stores the player's game mode and, in the same transaction, the `gameMode` push to every open tab
 * of that player (spec §4 Game mode). Sent even when the mode was already set: a stale tab catches up.
 */
export async function switchGameMode(deps: { database: DatabaseHandle; clock: Clock }, playerId: number, gameMode: GameMode): Promise<GameMode> {
  await deps.database.db.transaction().execute(async (trx) => {
    await setPlayerGameMode(trx, playerId, gameMode, deps.clock.nowMs());
    await recordPush(trx, { eventType: GAME_MODE_CHANGED_EVENT, playerId, push: { type: 'gameMode', action: 'changed', data: { gameMode } } }, { clock: deps.clock });
  });
  return gameMode;
}
