import type { FreeSpinStake } from '@sweepstack/domain/rewards/budget';
import { newFairnessState } from '@sweepstack/games/fairness/seeds';
import type { AppDeps } from '../app-context';
import { currentCatalogue } from '../games/catalogue';
import type { DrawDependencies } from './draw-prize';

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What a feature's `drawPrize` needs from the app: the clock, a fresh seed from the app's Rng, and the stake of free spins from the catalogue. */
export async function drawDependencies(deps: AppDeps): Promise<DrawDependencies> {
  const catalogue = await currentCatalogue(deps);
  const freeSpinStake: FreeSpinStake = (prize) => {
    const bets = catalogue.byId.get(prize.gameId)?.studio.bets[prize.currency];
    // A prize naming a game that left the catalogue costs its largest imaginable stake: never free.
    return bets ? (bets.steps[prize.betLevel - 1] ?? bets.max) : Number.MAX_SAFE_INTEGER;
  };
  return {
    clock: deps.clock,
    freeSpinStake,
    newSeed: () => {
      const state = newFairnessState(deps.rng.bytes(32), hex(deps.rng.bytes(8)));
      return { serverSeed: state.serverSeed, serverSeedHash: state.serverSeedHash, clientSeed: state.clientSeed };
    },
  };
}
