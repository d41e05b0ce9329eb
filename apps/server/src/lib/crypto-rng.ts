import { randomBytes, randomInt } from 'node:crypto';
import type { Rng } from '@sweepstack/domain/shared/rng';

/**
 * Production's chance (DESIGN.md rule 6): node:crypto behind the domain's `Rng`. Built once and
 * carried by `AppDeps.rng`; features and handlers take chance from there (tests pass a seeded Rng to
 * `build`), never from node:crypto themselves.
 */
export const cryptoRng: Rng = { int: (maxExclusive) => randomInt(maxExclusive), bytes: (length) => randomBytes(length) };
