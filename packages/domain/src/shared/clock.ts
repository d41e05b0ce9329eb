/** Time is an input (DESIGN.md rule 6): production passes the wall clock, tests a fake one. */
export interface Clock {
  nowMs(): number;
}

// The one place the domain package touches the wall clock: the production implementation of Clock.
// eslint-disable-next-line no-restricted-globals
export const systemClock: Clock = { nowMs: () => Date.now() };
