import { AppError } from '@sweepstack/contracts/errors';
import { consumeOtpCode, countOtpAttempt, latestOtpCode, replaceOtpCode } from '@sweepstack/db/repositories/otp-codes';
import { recordEvent } from '@sweepstack/db/repositories/domain-events';
import { findPlayerById, updatePlayer, type Player } from '@sweepstack/db/repositories/players';
import {
  generateOtpCode,
  isWellFormedOtp,
  OTP_LIFETIME_MS,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_INTERVAL_MS,
  otpGate,
  otpResendWaitMs,
} from '@sweepstack/domain/auth/otp';
import { otpFlowFor, type OtpFlow, type OtpStep } from '@sweepstack/domain/auth/otp-flow';
import type { FastifyInstance } from 'fastify';
import { sendMessage } from '../lib/mailer';
import { hmacHex, sameHex } from '../lib/secure-token';
import { otpFlowRules } from './auth-settings';

type OtpType = 'email' | 'phone';

function codeHash(secret: string, playerId: number, type: OtpType, code: string): string {
  return hmacHex(secret, `otp:${playerId}:${type}:${code}`);
}

/** Which confirmations a sign-up flow asks for, given its sources (and the player's state if signed in). */
export async function otpFlow(
  app: FastifyInstance,
  player: Player | undefined,
  sources: { registrationSource: string | undefined; trafficSource: string | undefined },
): Promise<{ flow: OtpFlow; steps: OtpStep[] }> {
  const rules = await otpFlowRules(app.deps.database.db);
  const registrationSource = sources.registrationSource ?? player?.registration_source ?? undefined;
  const trafficSource = sources.trafficSource ?? player?.traffic_source ?? undefined;
  return otpFlowFor({ registrationSource, trafficSource }, rules, { email: player?.email_confirmed === 1, phone: player?.phone_confirmed === 1 });
}

/**
 * Sends a 6-digit code to the player's email (mail) or phone (SMS, sandbox outbox). A new code
 * retires the previous one; at most one code per minute per contact type.
 */
export async function sendOtp(app: FastifyInstance, player: Player, type: OtpType) {
  const { database, clock, config, rng } = app.deps;
  const alreadyConfirmed = type === 'email' ? player.email_confirmed === 1 : player.phone_confirmed === 1;
  const expiresInSeconds = OTP_LIFETIME_MS / 1000;
  if (alreadyConfirmed) return { sent: false, alreadyConfirmed: true, expiresInSeconds, resendInSeconds: 0 };
  const destination = type === 'email' ? player.email : player.phone;
  if (!destination) throw new AppError('OTP_CONTACT_MISSING');
  const now = clock.nowMs();
  const previous = await latestOtpCode(database.db, player.id, type);
  const waitMs = otpResendWaitMs(previous?.created_at_ms, now);
  if (waitMs > 0) throw new AppError('RATE_LIMITED', { message: `Please wait ${Math.ceil(waitMs / 1000)} s before asking for another code.` });
  const code = generateOtpCode(rng);
  await replaceOtpCode(database.db, {
    playerId: player.id,
    purpose: type,
    destination,
    codeHash: codeHash(config.SESSION_SECRET, player.id, type, code),
    nowMs: now,
    expiresAtMs: now + OTP_LIFETIME_MS,
  });
  const text = `Your Sweepstack code is ${code}. It expires in 10 minutes. Never share it.`;
  await sendMessage(app, type === 'email' ? { channel: 'email', to: destination, subject: 'Your Sweepstack code', body: `${text}\n` } : { channel: 'sms', to: destination, subject: 'OTP', body: text });
  return { sent: true, alreadyConfirmed: false, expiresInSeconds, resendInSeconds: OTP_RESEND_INTERVAL_MS / 1000 };
}

/**
 * Checks a code: 10-minute lifetime, 5 attempts (every wrong try counts, atomically), single use.
 * Success confirms the contact the code was sent to (if it is still the player's).
 */
export async function verifyOtp(app: FastifyInstance, player: Player, type: OtpType, code: string) {
  const { database, clock, config } = app.deps;
  const now = clock.nowMs();
  const row = await latestOtpCode(database.db, player.id, type);
  if (!row) throw new AppError('OTP_CODE_INVALID');
  const gate = otpGate({ expiresAtMs: row.expires_at_ms, attempts: row.attempts, consumed: row.consumed_at_ms !== null }, now);
  if (gate === 'consumed') throw new AppError('OTP_CODE_INVALID');
  if (gate === 'exhausted') throw new AppError('OTP_TOO_MANY_ATTEMPTS');
  if (gate === 'expired') throw new AppError('OTP_CODE_EXPIRED');
  if (!(await countOtpAttempt(database.db, row.id, OTP_MAX_ATTEMPTS))) throw new AppError('OTP_TOO_MANY_ATTEMPTS');
  const matches = isWellFormedOtp(code) && sameHex(codeHash(config.SESSION_SECRET, player.id, type, code), row.code_hash);
  if (!matches) throw new AppError('OTP_CODE_INVALID');
  if (!(await consumeOtpCode(database.db, row.id, now))) throw new AppError('OTP_CODE_INVALID');
  const stillTheirs = type === 'email' ? row.destination === player.email : row.destination === player.phone;
  if (stillTheirs) {
    await database.db.transaction().execute(async (trx) => {
      await updatePlayer(trx, player.id, type === 'email' ? { email_confirmed: 1, updated_at_ms: now } : { phone_confirmed: 1, updated_at_ms: now });
      // Features react after commit (the referral feature pays for a confirmed contact).
      await recordEvent(trx, { type: 'auth.contact-confirmed', playerId: player.id, payload: { contact: type } }, { clock });
    });
  }
  const updated = (await findPlayerById(database.db, player.id)) ?? player;
  return { emailConfirmed: updated.email_confirmed === 1, phoneConfirmed: updated.phone_confirmed === 1 };
}
