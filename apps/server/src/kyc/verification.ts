import { randomBytes } from 'node:crypto';
import { AppError } from '@sweepstack/contracts/errors';
import type { IdentityCallbackRequest } from '@sweepstack/contracts/kyc/identity-callback';
import { verificationStatusOf, type PlayerVerificationPush } from '@sweepstack/contracts/realtime/player-verification';
import { findIdentityCheckByReference, findLatestIdentityCheck, insertIdentityCheck, recordIdentityProviderEvent, updateIdentityCheckState, updateProfile } from '@sweepstack/db/kyc/repository';
import type { Database } from '@sweepstack/db/schema';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../app-context';
import { recordPush } from '../realtime/push';
import { ensureProfile, readProfile } from './profile';
import { type SandboxIdentityProvider } from './sandbox-identity-provider/provider';
import { isTerminalState, SANDBOX_PROVIDER_NAME, sandboxScenarioFor, type SandboxScenario } from './sandbox-identity-provider/scenarios';
import { webhookSecretOf } from './sandbox-identity-provider/signature';

export const IDENTITY_CALLBACK_PATH = '/rest/kyc/identity-provider/callback/';
export const VERIFICATION_EVENT = 'kyc.verification-changed';

const providers = new WeakMap<AppDeps, SandboxIdentityProvider>();

/** The app's sandbox identity provider (one per built app). */
export function sandboxIdentityProviderOf(deps: AppDeps): SandboxIdentityProvider | undefined {
  return providers.get(deps);
}

export function registerSandboxIdentityProvider(deps: AppDeps, provider: SandboxIdentityProvider): void {
  providers.set(deps, provider);
}

export type IdentityCallback = IdentityCallbackRequest;

/** The stored status a provider state implies (spec §4: approved maps to verified). */
function storedStatusOf(action: PlayerVerificationPush['action']): 'verified' | 'rejected' | 'duplicateCredentials' | null {
  const status = verificationStatusOf(action);
  return status === 'approved' ? 'verified' : status;
}

/** Records the playerVerification push of a state in the caller's transaction. */
export async function recordVerificationPush(trx: Transaction<Database>, clock: Clock, playerId: number, action: PlayerVerificationPush['action'], message: string | null): Promise<void> {
  await recordPush(trx, { eventType: VERIFICATION_EVENT, playerId, push: { type: 'playerVerification', action, data: { message } }, payload: { action } }, { clock });
}

const RUNNING_CHECK_MS = 30 * 60 * 1000;

function widgetUrlOf(deps: AppDeps, reference: string): string {
  return `${deps.config.publicOrigin}/rest/kyc/sandbox-widget/${reference}/`;
}

/** Starts an auto-verification check; answers the provider's widget URL (opened on the `#verify` hash). */
export async function startVerification(deps: AppDeps, playerId: number, testMarker: SandboxScenario | undefined): Promise<{ reference: string; widgetUrl: string; provider: string }> {
  const { db } = deps.database;
  const now = deps.clock.nowMs();
  const profile = await readProfile(db, playerId, now);
  if (!profile.autoVerificationData.isEnabled || !profile.autoVerificationData.isAvailable) throw new AppError('KYC_VERIFICATION_NOT_AVAILABLE');
  const provider = sandboxIdentityProviderOf(deps);
  if (!provider) throw new AppError('SERVICE_UNAVAILABLE');
  // A check still running (started less than 30 minutes ago) is answered again instead of a second one.
  const running = await findLatestIdentityCheck(db, playerId, now - RUNNING_CHECK_MS);
  if (running && !isTerminalState(running.state)) return { reference: running.reference, provider: SANDBOX_PROVIDER_NAME, widgetUrl: widgetUrlOf(deps, running.reference) };
  const reference = randomBytes(16).toString('hex');
  const scenario = sandboxScenarioFor(profile.surname, testMarker);
  await db.transaction().execute(async (trx) => {
    await insertIdentityCheck(trx, { reference, player_id: playerId, provider: SANDBOX_PROVIDER_NAME, scenario, state: 'started', created_at_ms: now, updated_at_ms: now });
    await provider.start(trx, reference, scenario);
  });
  return { reference, provider: SANDBOX_PROVIDER_NAME, widgetUrl: widgetUrlOf(deps, reference) };
}

/**
 * Applies a verified provider callback once: a replayed event id, or a step arriving after the
 * check has ended, changes nothing. Each applied state updates the check and the player's status and
 * records a playerVerification push.
 */
export async function applyIdentityCallback(deps: AppDeps, event: IdentityCallback): Promise<{ applied: boolean }> {
  const { db } = deps.database;
  const now = deps.clock.nowMs();
  return db.transaction().execute(async (trx) => {
    if (!(await recordIdentityProviderEvent(trx, { eventId: event.eventId, reference: event.reference, receivedAtMs: now }))) return { applied: false };
    const check = await findIdentityCheckByReference(trx, event.reference);
    if (!check) throw new AppError('KYC_CALLBACK_INVALID', { message: 'Unknown verification reference.' });
    if (isTerminalState(check.state)) return { applied: false };
    await updateIdentityCheckState(trx, check.id, event.state, now);
    const status = storedStatusOf(event.state);
    if (status) {
      const profile = await ensureProfile(trx, check.player_id, now);
      // A verified identity stays verified: a later failed attempt does not undo an approval.
      if (profile.verification_status !== 'verified') {
        await updateProfile(trx, check.player_id, { verification_status: status, ...(status === 'rejected' ? {} : { auto_verification_available: 0 }), updated_at_ms: now });
      }
    }
    await recordVerificationPush(trx, deps.clock, check.player_id, event.state, null);
    return { applied: true };
  });
}

/** Spec §4 "Auto-verification reset": enabled and available both false. */
export async function resetVerification(db: Kysely<Database>, clock: Clock, playerId: number): Promise<void> {
  await ensureProfile(db, playerId, clock.nowMs());
  await updateProfile(db, playerId, { auto_verification_enabled: 0, auto_verification_available: 0, updated_at_ms: clock.nowMs() });
}

export function identityWebhookSecret(deps: AppDeps): string {
  return webhookSecretOf(deps.config.SESSION_SECRET);
}
