import { AdventureMapAwardClaimed } from '@sweepstack/contracts/adventure-map/events';
import { AppError, type ErrorCode } from '@sweepstack/contracts/errors';
import { adventureMapSections, adventureMapSettings, adventureMapStateOf, moveAdventureMapToken } from '@sweepstack/db/adventure-map/repository';
import type { Player } from '@sweepstack/db/repositories/players';
import { moveRefusal } from '@sweepstack/domain/adventure-map/map-rules';
import type { AppDeps } from '../../app-context';
import { assertSweepstakesAllowed } from '../../geo/sweepstakes-access';
import { recordPush } from '../../realtime/push';
import { creditPlayer } from '../../rewards/credit-player';
import { awardView, FEATURE, mapInfoOf } from './map-info';

/** Why an account that is not ACTIVE may not claim (docs/responsible-play.md): the same rule as the other claims. */
function accountRefusal(accountStatus: Player['account_status']): ErrorCode {
  return accountStatus === 'SELF_EXCLUDED' ? 'ADVENTURE_MAP_SELF_EXCLUDED' : accountStatus === 'COOLING_OFF' ? 'ADVENTURE_MAP_COOLING_OFF' : 'ADVENTURE_MAP_NOT_ALLOWED';
}

const REFUSALS = { unknownSection: 'ADVENTURE_MAP_UNKNOWN_SECTION', notNext: 'ADVENTURE_MAP_NOT_NEXT', notReached: 'ADVENTURE_MAP_NOT_REACHED' } as const;

/**
 * Spec §4: setting the current section claims its award. The token moves one stop at a time, onto a
 * stop whose points are reached; the award is paid once (key `adventure-map:<slug>:<index>:<player>`).
 * Asking again for the stop the token is on answers it as a replay and pays nothing. After the event
 * ends no points are earned, but stops already reached can still be claimed: nothing earned is lost.
 * Only an ACTIVE account claims (self-excluded, cooling off or blocked: refused, nothing moved), as
 * with every other claim, and a stop paying Fortune Coins only from a state that allows them; stops reached by play before the break stay earned, and the end-of-map sweep
 * credits them with a notice (nothing earned is lost).
 */
export async function setCurrentSection(deps: AppDeps, player: Pick<Player, 'id' | 'account_status'>, index: number) {
  if (player.account_status !== 'ACTIVE') throw new AppError(accountRefusal(player.account_status));
  // A stop whose award pays Fortune Coins needs a state that allows sweepstakes play (as bonuses and
  // scratch cards); a Gold-Coin-only stop is claimed from anywhere. Checked before anything is written.
  if ((await adventureMapSections(deps.database.db))[index]?.award.fcCents) {
    try {
      await assertSweepstakesAllowed(deps, player.id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'GEO_SWEEPSTAKES_RESTRICTED') throw new AppError('ADVENTURE_MAP_STATE_RESTRICTED');
      throw error;
    }
  }
  const playerId = player.id;
  return deps.database.db.transaction().execute(async (trx) => {
    const nowMs = deps.clock.nowMs();
    const settings = await adventureMapSettings(trx);
    if (!settings || !settings.active) throw new AppError('ADVENTURE_MAP_NOT_ACTIVE');
    const sections = await adventureMapSections(trx);
    const state = await adventureMapStateOf(trx, playerId, settings.slug, true);
    const section = sections[index];
    if (section && index === state.currentIndex && state.claimed.has(index)) {
      const info = mapInfoOf(settings, sections, state, nowMs);
      return { section: info.sections[index]!, award: awardView(section.award), replayed: true, map: info };
    }
    const refusal = moveRefusal(sections, state, index);
    if (refusal) throw new AppError(REFUSALS[refusal]);
    const moved = await moveAdventureMapToken(trx, playerId, settings.slug, index, nowMs);
    if (!moved) throw new Error(`adventure map: stop ${index} was claimed by player ${playerId} but the token is at ${state.currentIndex}`);
    const award = sections[index]!.award;
    if (award.gc > 0 || award.fcCents > 0) {
      await creditPlayer(trx, { playerId, feature: FEATURE, prize: { kind: 'coins', amount: award.gc, amountCents: award.fcCents }, idempotencyKey: `adventure-map:${settings.slug}:${index}:${playerId}`, metadata: { slug: settings.slug, index } }, { clock: deps.clock });
    }
    const after = await adventureMapStateOf(trx, playerId, settings.slug);
    await recordPush(trx, { eventType: AdventureMapAwardClaimed.name, playerId, payload: { slug: settings.slug, index }, push: { type: 'adventureMap', action: 'awardClaimed', data: { slug: settings.slug, index, points: after.points } } }, { clock: deps.clock });
    const info = mapInfoOf(settings, sections, after, nowMs);
    return { section: info.sections[index]!, award: awardView(award), replayed: false, map: info };
  });
}
