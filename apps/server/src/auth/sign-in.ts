import { AppError } from '@sweepstack/contracts/errors';
import type { SignInRequest } from '@sweepstack/contracts/auth/sign-in';
import { findPlayerById, findPlayerWithHashByEmail, type Player } from '@sweepstack/db/repositories/players';
import { normalizeEmail } from '@sweepstack/domain/auth/email';
import { isLoginThrottled, LOGIN_THROTTLE_WINDOW_MS } from '@sweepstack/domain/auth/throttle';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { verifyCaptcha } from '../lib/captcha';
import { startSession } from '../plugins/session';
import { verifyPassword } from './passwords';
import { throttleCounter } from './throttle';

const BLOCKED = new Set<string>(['BLOCKED', 'CLOSED']);

/**
 * Signs in with email and password. Throttled per account (normalized email, known or not) and per
 * IP over a sliding 15-minute window; unknown emails cost the same hashing time as wrong passwords.
 */
export async function signIn(request: FastifyRequest, reply: FastifyReply, body: SignInRequest): Promise<Player> {
  const { database, config } = request.server.deps;
  await verifyCaptcha(config, request.log, body.captchaToken, request.ip);
  const emailNormalized = normalizeEmail(body.email);
  const counter = throttleCounter(request.server.deps);
  const accountScope = `login:account:${emailNormalized}`;
  const ipScope = `login:ip:${request.ip}`;
  const [account, ip] = await Promise.all([counter.count(accountScope, LOGIN_THROTTLE_WINDOW_MS), counter.count(ipScope, LOGIN_THROTTLE_WINDOW_MS)]);
  if (isLoginThrottled({ account, ip })) throw new AppError('AUTH_LOGIN_THROTTLED');

  const found = await findPlayerWithHashByEmail(database.db, emailNormalized);
  const ok = await verifyPassword(found?.password_hash, body.password);
  if (!found || !ok) {
    await Promise.all([counter.record(accountScope, LOGIN_THROTTLE_WINDOW_MS), counter.record(ipScope, LOGIN_THROTTLE_WINDOW_MS)]);
    throw new AppError('AUTH_INVALID_CREDENTIALS');
  }
  if (BLOCKED.has(found.account_status)) throw new AppError('AUTH_ACCOUNT_BLOCKED');
  await counter.clear(accountScope);
  await startSession(request, reply, found.id);
  const player = await findPlayerById(database.db, found.id);
  if (!player) throw new Error('player vanished during sign-in');
  return player;
}
