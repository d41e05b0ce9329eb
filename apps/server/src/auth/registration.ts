import type { RegistrationInfo } from '@sweepstack/contracts/auth/complete-registration';
import { AppError } from '@sweepstack/contracts/errors';
import { findPlayerById, updatePlayer, type Player } from '@sweepstack/db/repositories/players';
import { assertRegistrationCompletable, displayNameProblem, phoneProblem } from '@sweepstack/domain/auth/registration';
import type { FastifyInstance } from 'fastify';
import { check } from './domain-errors';

/** The registration block of app init: `{ complete, registrationFunnel: { funnelType } }`. */
export function registrationInfo(player: Pick<Player, 'registration_complete' | 'funnel_type'>): RegistrationInfo {
  return { complete: player.registration_complete === 1, registrationFunnel: { funnelType: player.funnel_type } };
}

/**
 * Completes (or edits) the registration: sets the display name and phone given, then marks the
 * registration complete when both are present and valid. A new phone must be confirmed again.
 */
export async function completeRegistration(app: FastifyInstance, player: Player, body: { login?: string | undefined; phone?: string | undefined }): Promise<RegistrationInfo> {
  const { database, clock } = app.deps;
  const fields: Record<string, string> = {};
  const loginProblem = body.login === undefined ? undefined : displayNameProblem(body.login);
  if (loginProblem) fields.login = loginProblem;
  const phoneIssue = body.phone === undefined ? undefined : phoneProblem(body.phone);
  if (phoneIssue) fields.phone = phoneIssue;
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', { fields });

  const login = body.login ?? (player.registration_complete === 1 || player.funnel_type !== 'closed_funnel' ? player.login : undefined);
  const phone = body.phone ?? player.phone;
  check(() => assertRegistrationCompletable({ login, phone }));
  const phoneChanged = body.phone !== undefined && body.phone !== player.phone;
  await updatePlayer(database.db, player.id, {
    ...(body.login !== undefined ? { login: body.login } : {}),
    ...(phoneChanged ? { phone: body.phone, phone_confirmed: 0 } : {}),
    registration_complete: 1,
    updated_at_ms: clock.nowMs(),
  });
  const updated = await findPlayerById(database.db, player.id);
  if (!updated) throw new AppError('AUTH_REQUIRED');
  return registrationInfo(updated);
}
