import { SANDBOX_SCENARIO_NAMES, type SandboxScenarioName } from '@sweepstack/contracts/kyc/start-verification';
import type { PlayerVerificationPush } from '@sweepstack/contracts/realtime/player-verification';

export const SANDBOX_PROVIDER_NAME = 'sandboxIdentity';

export type VerificationState = PlayerVerificationPush['action'];

/**
 * What the sandbox identity provider reports, step by step, chosen like test cards: by a test
 * marker given when the check starts, else by the player's surname (case-insensitive). Documented
 * in docs/kyc-and-redeem.md.
 */
export const SANDBOX_SCENARIOS = {
  /** Any other surname: the document scan is asked for, then the check passes. */
  approve: ['needScanDocument', 'success'],
  survey: ['surveyRequired', 'needScanDocument', 'success'],
  apple_pay: ['apple_pay_success'],
  reject: ['needScanDocument', 'failed'],
  apple_pay_reject: ['apple_pay_failed'],
  duplicate: ['needScanDocument', 'duplicate'],
} as const satisfies Record<SandboxScenarioName, readonly VerificationState[]>;
export type SandboxScenario = keyof typeof SANDBOX_SCENARIOS;
export { SANDBOX_SCENARIO_NAMES };

const BY_SURNAME: Record<string, SandboxScenario> = {
  survey: 'survey',
  applepay: 'apple_pay',
  reject: 'reject',
  failed: 'reject',
  applepayreject: 'apple_pay_reject',
  duplicate: 'duplicate',
};

/** The scenario of a check: the test marker when given, else the surname's, else `approve`. */
export function sandboxScenarioFor(surname: string | null, testMarker: SandboxScenario | undefined): SandboxScenario {
  if (testMarker) return testMarker;
  const key = (surname ?? '').toLowerCase().replace(/[^a-z]/g, '');
  return BY_SURNAME[key] ?? 'approve';
}

export function isTerminalState(state: string): boolean {
  return state !== 'started' && state !== 'surveyRequired' && state !== 'needScanDocument';
}
