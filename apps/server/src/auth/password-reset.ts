import { AppError } from '@sweepstack/contracts/errors';
import { consumeAuthToken, insertAuthToken, voidAuthTokens } from '@sweepstack/db/repositories/auth-tokens';
import { recordEvent } from '@sweepstack/db/repositories/domain-events';
import { findPlayerById, findPlayerWithHashByEmail, updatePlayer, type Player } from '@sweepstack/db/repositories/players';
import { deletePlayerSessions } from '@sweepstack/db/repositories/sessions';
import { normalizeEmail } from '@sweepstack/domain/auth/email';
import { PASSWORD_RESET_LIFETIME_MS } from '@sweepstack/domain/auth/lifetimes';
import { assertPasswordAcceptable } from '@sweepstack/domain/auth/password-policy';
import { RESET_MAIL_WINDOW_MS, RESET_MAILS_PER_EMAIL } from '@sweepstack/domain/auth/throttle';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendMessage } from '../lib/mailer';
import { hashToken, newToken } from '../lib/secure-token';
import { createSession, sendSessionCookie } from '../plugins/session';
import { check } from './domain-errors';
import { hashPassword } from './passwords';
import { throttleCounter } from './throttle';

const BLOCKED = new Set<string>(['BLOCKED', 'CLOSED']);

/**
 * Mails a one-time reset link (1 hour, single use; a newer link voids the older ones) when the
 * account exists. Answers the same either way; at most 3 mails per address per hour.
 */
export async function requestPasswordReset(app: FastifyInstance, email: string): Promise<void> {
  const { database, clock, config } = app.deps;
  const emailNormalized = normalizeEmail(email);
  const counter = throttleCounter(app.deps);
  const scope = `reset:${emailNormalized}`;
  if ((await counter.count(scope, RESET_MAIL_WINDOW_MS)) >= RESET_MAILS_PER_EMAIL) return;
  await counter.record(scope, RESET_MAIL_WINDOW_MS);
  const player = await findPlayerWithHashByEmail(database.db, emailNormalized);
  if (!player || BLOCKED.has(player.account_status)) return;
  const token = newToken();
  const now = clock.nowMs();
  await database.db.transaction().execute(async (trx) => {
    await voidAuthTokens(trx, player.id, 'password_reset', now);
    await insertAuthToken(trx, { tokenHash: hashToken(token), kind: 'password_reset', playerId: player.id, nowMs: now, expiresAtMs: now + PASSWORD_RESET_LIFETIME_MS });
  });
  const link = `${config.publicOrigin}/reset?token=${encodeURIComponent(token)}`;
  await sendMessage(app, {
    channel: 'email',
    to: player.email,
    subject: 'Reset your Sweepstack password',
    body: `Hello ${player.login},\n\nOpen this link within one hour to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this mail: your password stays as it is.\n`,
  });
}

/**
 * Sets a new password with a reset token, ends every session of the player (all devices), confirms
 * the email (the link proved it) and signs this browser in.
 */
export async function confirmPasswordReset(request: FastifyRequest, reply: FastifyReply, token: string, password: string): Promise<Player> {
  const { database, clock } = request.server.deps;
  check(() => assertPasswordAcceptable(password));
  const passwordHash = await hashPassword(password);
  const { playerId, sessionToken } = await database.db.transaction().execute(async (trx) => {
    const now = clock.nowMs();
    const id = await consumeAuthToken(trx, hashToken(token), 'password_reset', now);
    if (id === undefined) throw new AppError('AUTH_RESET_TOKEN_INVALID');
    const player = await findPlayerById(trx, id);
    if (!player) throw new AppError('AUTH_RESET_TOKEN_INVALID');
    if (BLOCKED.has(player.account_status)) throw new AppError('AUTH_ACCOUNT_BLOCKED');
    await updatePlayer(trx, id, { password_hash: passwordHash, email_confirmed: 1, updated_at_ms: now });
    // The emailed link confirmed the address too.
    if (player.email_confirmed !== 1) await recordEvent(trx, { type: 'auth.contact-confirmed', playerId: id, payload: { contact: 'email' } }, { clock });
    await voidAuthTokens(trx, id, 'password_reset', now);
    await deletePlayerSessions(trx, id);
    return { playerId: id, sessionToken: await createSession(request, id, trx) };
  });
  sendSessionCookie(request, reply, sessionToken, playerId);
  const player = await findPlayerById(database.db, playerId);
  if (!player) throw new Error('player vanished during password reset');
  return player;
}
