import { findGame } from '../catalogue/games';
import { compileGame, type GameEngine } from '../engines/game';
import { type GameState, type PlayRequest, type StepOutcome } from '../engines/types';
import { HmacRandomSource, type HmacSha256, type RoundSeeds } from './hmac-random';
import { verifyCommitment } from './seeds';

const engines = new Map<string, GameEngine>();

/** The compiled engine of a catalogue game (compiled once per slug). */
export function engineOf(slug: string): GameEngine {
  let engine = engines.get(slug);
  if (!engine) {
    const game = findGame(slug);
    if (!game) throw new Error(`unknown game ${slug}`);
    engine = compileGame(game.config);
    engines.set(slug, engine);
  }
  return engine;
}

/**
 * Replays one step of a game from its seeds: the same seeds, request and state before the step always
 * give the same outcome. This is what the server runs to play, and what /fairness runs in the browser
 * to verify a past round once its server seed is revealed. `hmac`: the platform's native HMAC-SHA256
 * (the server's), identical output.
 */
export function replayStep(slug: string, seeds: RoundSeeds, request: PlayRequest, stateBefore: GameState, hmac?: HmacSha256): StepOutcome {
  return engineOf(slug).play(new HmacRandomSource(seeds, hmac), request, stateBefore);
}

export interface RoundVerification {
  /** The revealed server seed hashes to the commitment shown before play. */
  commitmentMatches: boolean;
  /** The replayed outcome equals the recorded one (grid, wins and total). */
  outcomeMatches: boolean;
  replayed: StepOutcome;
}

/** Verifies a recorded step against its revealed seeds and the commitment shown before play. */
export function verifyStep(
  slug: string,
  seeds: RoundSeeds,
  serverSeedHash: string,
  request: PlayRequest,
  stateBefore: GameState,
  recorded: Pick<StepOutcome, 'grid' | 'totalWin' | 'wins'>,
): RoundVerification {
  const replayed = replayStep(slug, seeds, request, stateBefore);
  const outcomeMatches =
    JSON.stringify(replayed.grid) === JSON.stringify(recorded.grid) &&
    replayed.totalWin === recorded.totalWin &&
    JSON.stringify(replayed.wins) === JSON.stringify(recorded.wins);
  return { commitmentMatches: verifyCommitment(seeds.serverSeed, serverSeedHash), outcomeMatches, replayed };
}
