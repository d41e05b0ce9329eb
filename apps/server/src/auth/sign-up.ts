import { randomInt, randomUUID } from 'node:crypto';
import { AppError } from '@sweepstack/contracts/errors';
import type { SignUpRequest } from '@sweepstack/contracts/auth/sign-up';
import { recordEvent } from '@sweepstack/db/repositories/domain-events';
import { creditSignupGift } from '@sweepstack/db/repositories/ledger/signup-gift';
import { emailExists, findPlayerById, insertPlayer, newPlayerRow, type Player } from '@sweepstack/db/repositories/players';
import { insertTermsAcceptances, listTermsDocuments } from '@sweepstack/db/repositories/terms';
import { assertOldEnough } from '@sweepstack/domain/auth/age';
import { isPlausibleEmail, normalizeEmail } from '@sweepstack/domain/auth/email';
import { assertPasswordAcceptable } from '@sweepstack/domain/auth/password-policy';
import { CLOSED_FUNNEL, funnelFor } from '@sweepstack/domain/auth/registration';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { verifyCaptcha } from '../lib/captcha';
import { createSession, sendSessionCookie } from '../plugins/session';
import { closedFunnelSources, minimumAgeYears } from './auth-settings';
import { mailEmailConfirmation } from './email-confirmation';
import { check } from './domain-errors';
import { hashPassword } from './passwords';

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const REFERRAL_CODE_FORMAT = /^[A-Za-z0-9_-]{1,64}$/;

function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

/** A neutral display name: the email is never shown on leaderboards. */
function defaultDisplayName(): string {
  return `Player${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Creates an account, confirms the current terms for it, credits the sign-up gift and signs the
 * browser in. Checks, in order: captcha, terms accepted, email, password policy, age (operator
 * minimum, default 21), email unused.
 */
export async function signUp(request: FastifyRequest, reply: FastifyReply, body: SignUpRequest): Promise<Player> {
  const { database, clock, config } = request.server.deps;
  const db = database.db;
  await verifyCaptcha(config, request.log, body.captchaToken, request.ip);
  if (body.acceptedTerms !== true) throw new AppError('AUTH_TERMS_NOT_ACCEPTED');
  const email = body.email.trim();
  if (!isPlausibleEmail(email)) throw new AppError('VALIDATION_FAILED', { fields: { email: 'Enter a valid email address' } });
  check(() => assertPasswordAcceptable(body.password));
  const minimumAge = await minimumAgeYears(db);
  check(() => assertOldEnough(body.birthday, minimumAge, clock));
  const emailNormalized = normalizeEmail(email);
  if (await emailExists(db, emailNormalized)) throw new AppError('AUTH_EMAIL_TAKEN');

  const passwordHash = await hashPassword(body.password);
  const funnel = funnelFor(body.registrationSource, await closedFunnelSources(db));
  const trimmed = body.referralCode?.trim();
  const referral = trimmed && REFERRAL_CODE_FORMAT.test(trimmed) ? trimmed : null;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const { playerId, token } = await db.transaction().execute(async (trx) => {
        const now = clock.nowMs();
        const id = await insertPlayer(
          trx,
          newPlayerRow({
            uuid: randomUUID(),
            email,
            email_normalized: emailNormalized,
            password_hash: passwordHash,
            birthday: body.birthday,
            login: defaultDisplayName(),
            registration_complete: funnel === CLOSED_FUNNEL ? 0 : 1,
            funnel_type: funnel,
            registration_source: body.registrationSource ?? null,
            traffic_source: body.trafficSource ?? null,
            invited_by_code: referral,
            referral_code: newReferralCode(),
            created_at_ms: now,
          }),
        );
        await insertTermsAcceptances(trx, id, await listTermsDocuments(trx), now);
        // The sign-up gift (operator settings, default 10,000 GC and 1.00 FC) commits with the
        // account or not at all; its idempotency key makes it once per player.
        await creditSignupGift(trx, id, undefined, { clock });
        // Features react after commit (the referral feature links the friend and pays the sign-up rewards).
        await recordEvent(trx, { type: 'auth.signed-up', playerId: id, payload: { referralCode: referral } }, { clock });
        return { playerId: id, token: await createSession(request, id, trx) };
      });
      // Only after commit: a failed sign-up must not hand out a cookie.
      sendSessionCookie(request, reply, token, playerId);
      const player = await findPlayerById(db, playerId);
      if (!player) throw new Error('player vanished right after sign-up');
      // The confirmation link (the banner offers a resend): the account exists whether or not the mail is written.
      if (player.primary_contact === 'email') {
        await mailEmailConfirmation(request.server, player).catch((error: unknown) => request.log.warn({ err: error, playerId }, 'confirmation mail not written'));
      }
      return player;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Two sign-ups raced for one email, or (rarely) a referral code collided: tell which.
      if (await emailExists(db, emailNormalized)) throw new AppError('AUTH_EMAIL_TAKEN');
      if (attempt >= 3) throw error;
    }
  }
}
