import { AppError } from '@sweepstack/contracts/errors';
import { findKnownStateCodes } from '@sweepstack/db/repositories/player-location';
import { restrictedSweepstakesState } from '@sweepstack/domain/geo/sweepstakes-access';
import type { Player } from '@sweepstack/db/repositories/players';
import type { AppDeps } from '../app-context';
import { contentCache } from '../lib/content-cache';

/**
 * Refuses Fortune Coin (SweepStakes) play from a restricted US state with GEO_SWEEPSTAKES_RESTRICTED
 * (docs/geo-restriction.md). Called first by the spin and launch handlers of a SweepStakes player and
 * by the switch to SweepStakes, so a refusal writes nothing. The player's known states are the
 * profile's `state` and the states the location checks (IP, device) found last; any restricted one refuses.
 */
export async function assertSweepstakesAllowed(deps: Pick<AppDeps, 'database'>, playerId: number): Promise<void> {
  const snapshot = await contentCache(deps).get();
  if (snapshot.restrictedStateCodes.size === 0) return;
  const state = restrictedSweepstakesState(await findKnownStateCodes(deps.database.db, playerId), snapshot.restrictedStateCodes);
  if (state !== null) throw new AppError('GEO_SWEEPSTAKES_RESTRICTED');
}

/**
 * The check of the play handlers: a request that plays in Fortune Coins (the player's mode is
 * SweepStakes, or a launch asks `isMoney=true`) must come from an allowed state. Gold Coin play is
 * never refused here, and reads nothing.
 */
export async function assertPlayAllowedFromState(deps: Pick<AppDeps, 'database'>, player: Pick<Player, 'id' | 'game_mode'>, isMoney?: boolean): Promise<void> {
  if (isMoney === true || player.game_mode === 'SweepStakes') await assertSweepstakesAllowed(deps, player.id);
}
