import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../catalogue/games';
import { type GameState, type StepOutcome } from '../engines/types';
import { newFairnessState, takeRound, type FairnessState } from './seeds';
import { replayStep, verifyStep } from './verify-round';

const seedBytes = Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 11) & 0xff);

describe('a recorded round replays from its seeds', () => {
  it.each(CATALOGUE.map((g) => g.slug))('%s', (slug) => {
    const game = CATALOGUE.find((g) => g.slug === slug)!;
    const bet = game.bets.GC.min;
    let fairness: FairnessState = newFairnessState(seedBytes, 'player-chosen');
    let state: GameState = null;
    const recorded: { seeds: ReturnType<typeof takeRound>['seeds']; before: GameState; outcome: StepOutcome }[] = [];
    for (let i = 0; i < 40; i++) {
      const { seeds, next } = takeRound(fairness);
      fairness = next;
      const outcome = replayStep(slug, seeds, { bet }, state);
      recorded.push({ seeds, before: state, outcome });
      state = outcome.next;
    }
    for (const round of recorded) {
      const again = replayStep(slug, round.seeds, { bet }, round.before);
      expect(again).toEqual(round.outcome);
      const check = verifyStep(slug, round.seeds, fairness.serverSeedHash, { bet }, round.before, round.outcome);
      expect(check).toMatchObject({ commitmentMatches: true, outcomeMatches: true });
    }
    // A different client seed gives a different stream: the first grid changes.
    const other = replayStep(slug, { ...recorded[0]!.seeds, clientSeed: 'someone-else' }, { bet }, null);
    const tampered = verifyStep(slug, { ...recorded[0]!.seeds, clientSeed: 'someone-else' }, fairness.serverSeedHash, { bet }, null, recorded[0]!.outcome);
    if (JSON.stringify(other.grid) !== JSON.stringify(recorded[0]!.outcome.grid)) expect(tampered.outcomeMatches).toBe(false);
    expect(verifyStep(slug, { ...recorded[0]!.seeds, serverSeed: 'ab'.repeat(32) }, fairness.serverSeedHash, { bet }, null, recorded[0]!.outcome).commitmentMatches).toBe(false);
  });
});
