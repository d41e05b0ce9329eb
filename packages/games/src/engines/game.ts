import { type RandomSource } from '../fairness/random-source';
import { compileClassic, playClassic, simulateClassicRound, type ClassicConfig, type CompiledClassic } from './classic';
import {
  compileFreeSpinsSlot, lastRoundTriggered, playFreeSpinsSlot, simulateFeature, simulateRound,
  type CompiledFreeSpinsSlot, type FreeSpinsSlotConfig,
} from './free-spins-slot';
import {
  compileHoldAndLink, lastHoldAndLinkRound, playHoldAndLink, simulateHoldAndLinkBuy, simulateHoldAndLinkRound,
  type CompiledHoldAndLink, type HoldAndLinkConfig,
} from './hold-and-link';
import { type GameState, type PlayRequest, type StepOutcome } from './types';

export type GameConfig = ClassicConfig | FreeSpinsSlotConfig | HoldAndLinkConfig;

/** A compiled game: play one step, or simulate whole rounds in pay units for the math tests. */
export interface GameEngine {
  config: GameConfig;
  compiled: CompiledClassic | CompiledFreeSpinsSlot | CompiledHoldAndLink;
  /** One step of play (pure apart from the draws taken from `rng`). */
  play(rng: RandomSource, request: PlayRequest, state: GameState): StepOutcome;
  /** Pay units of one whole paid round, features included (the progressive Grand excluded). */
  simulateRound(rng: RandomSource): number;
  /** Whether the last simulated round triggered a feature. */
  lastTriggered(): boolean;
  /** Pay units of one bought feature, or null without bonus buy. */
  simulateBuy: ((rng: RandomSource) => number) | null;
}

/** Validates a configuration and returns its engine. */
export function compileGame(config: GameConfig): GameEngine {
  switch (config.engine) {
    case 'classic': {
      const c = compileClassic(config);
      return { config, compiled: c, play: (rng, req, st) => playClassic(c, rng, req, st), simulateRound: (rng) => simulateClassicRound(c, rng), lastTriggered: () => false, simulateBuy: null };
    }
    case 'lines':
    case 'ways': {
      const c = compileFreeSpinsSlot(config);
      const buy = config.bonusBuy;
      return {
        config, compiled: c,
        play: (rng, req, st) => playFreeSpinsSlot(c, rng, req, st),
        simulateRound: (rng) => simulateRound(c, rng),
        lastTriggered: lastRoundTriggered,
        simulateBuy: buy ? (rng) => simulateFeature(c, rng, c.awards[buy.scatters]!) : null,
      };
    }
    case 'holdAndLink': {
      const c = compileHoldAndLink(config);
      return {
        config, compiled: c,
        play: (rng, req, st) => playHoldAndLink(c, rng, req, st),
        simulateRound: (rng) => simulateHoldAndLinkRound(c, rng),
        lastTriggered: () => lastHoldAndLinkRound().triggered,
        simulateBuy: config.bonusBuy ? (rng) => simulateHoldAndLinkBuy(c, rng) : null,
      };
    }
  }
}
