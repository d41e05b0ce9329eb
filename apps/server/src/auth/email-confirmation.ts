import { AppError } from '@sweepstack/contracts/errors';
import { consumeAuthToken, insertAuthToken, voidAuthTokens } from '@sweepstack/db/repositories/auth-tokens';
import { recordEvent } from '@sweepstack/db/repositories/domain-events';
import { findPlayerById, updatePlayer, type Player } from '@sweepstack/db/repositories/players';
import { EMAIL_CONFIRM_LIFETIME_MS } from '@sweepstack/domain/auth/lifetimes';
import { CONFIRM_MAIL_INTERVAL_MS, CONFIRM_MAIL_WINDOW_MS, CONFIRM_MAILS_PER_HOUR } from '@sweepstack/domain/auth/throttle';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendMessage } from '../lib/mailer';
import { hashToken, newToken } from '../lib/secure-token';
import { throttleCounter } from './throttle';

const BLOCKED = new Set<string>(['BLOCKED', 'CLOSED']);
const minuteScope = (playerId: number) => `confirm-mail-minute:${playerId}`;
const hourScope = (playerId: number) => `confirm-mail-hour:${playerId}`;

/**
 * Mails a one-time confirmation link for the player's email (24 hours, single use; a newer link
 * voids the older ones). The link is `${PUBLIC_URL}/rest/email/confirm/?token=…`. Counts towards
 * the resend limits (so a resend right after sign-up waits a minute).
 */
export async function mailEmailConfirmation(app: FastifyInstance, player: Player): Promise<void> {
  const { database, clock, config } = app.deps;
  const counter = throttleCounter(app.deps);
  await counter.record(minuteScope(player.id), CONFIRM_MAIL_INTERVAL_MS);
  await counter.record(hourScope(player.id), CONFIRM_MAIL_WINDOW_MS);
  const token = newToken();
  const now = clock.nowMs();
  await database.db.transaction().execute(async (trx) => {
    await voidAuthTokens(trx, player.id, 'email_confirm', now);
    await insertAuthToken(trx, { tokenHash: hashToken(token), kind: 'email_confirm', playerId: player.id, nowMs: now, expiresAtMs: now + EMAIL_CONFIRM_LIFETIME_MS });
  });
  const link = `${config.publicOrigin}/rest/email/confirm/?token=${encodeURIComponent(token)}`;
  await sendMessage(app, {
    channel: 'email',
    to: player.email,
    subject: 'Confirm your Sweepstack email',
    body: `Hello ${player.login},\n\nOpen this link within 24 hours to confirm your email address:\n${link}\n\nIf you did not create a Sweepstack account, ignore this mail.\n`,
  });
}

/**
 * The banner's "Resend email": a new link (older ones stop working). One a minute and five an hour
 * per player (the sign-up mail counts) → RATE_LIMITED. Nothing is sent for a confirmed email.
 */
export async function resendEmailConfirmation(app: FastifyInstance, player: Player) {
  if (player.email_confirmed === 1) return { sent: false, alreadyConfirmed: true, resendInSeconds: 0 };
  const counter = throttleCounter(app.deps);
  if ((await counter.count(minuteScope(player.id), CONFIRM_MAIL_INTERVAL_MS)) >= 1 || (await counter.count(hourScope(player.id), CONFIRM_MAIL_WINDOW_MS)) >= CONFIRM_MAILS_PER_HOUR) {
    throw new AppError('RATE_LIMITED', { message: 'Please wait before asking for another confirmation email.' });
  }
  await mailEmailConfirmation(app, player);
  return { sent: true, alreadyConfirmed: false, resendInSeconds: CONFIRM_MAIL_INTERVAL_MS / 1000 };
}

/**
 * Uses a confirmation link: in one transaction the token is consumed (unused, unexpired, of this
 * kind), the email marked confirmed and the change recorded (`auth.contact-confirmed`, as the OTP
 * and the reset link do). A link opened in a browser signed in as another player is refused and
 * stays usable. Anything wrong → AUTH_EMAIL_LINK_INVALID, nothing written.
 */
export async function confirmEmailWithLink(request: FastifyRequest, token: string): Promise<void> {
  const { database, clock } = request.server.deps;
  const visitor = await request.getPlayer();
  await database.db.transaction().execute(async (trx) => {
    const now = clock.nowMs();
    const id = await consumeAuthToken(trx, hashToken(token), 'email_confirm', now);
    if (id === undefined) throw new AppError('AUTH_EMAIL_LINK_INVALID');
    const player = await findPlayerById(trx, id);
    if (!player || BLOCKED.has(player.account_status)) throw new AppError('AUTH_EMAIL_LINK_INVALID');
    if (visitor && visitor.id !== id) throw new AppError('AUTH_EMAIL_LINK_INVALID');
    if (player.email_confirmed !== 1) {
      await updatePlayer(trx, id, { email_confirmed: 1, updated_at_ms: now });
      // Features react after commit (the referral feature pays for a confirmed contact).
      await recordEvent(trx, { type: 'auth.contact-confirmed', playerId: id, payload: { contact: 'email' } }, { clock });
    }
    await voidAuthTokens(trx, id, 'email_confirm', now);
  });
}
