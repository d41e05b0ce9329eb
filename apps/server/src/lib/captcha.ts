import { AppError } from '@sweepstack/contracts/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config';

const VERIFY_TIMEOUT_MS = 5000;

/**
 * Server-side captcha check (hCaptcha / Turnstile siteverify: form fields secret, response, remoteip;
 * answer { success }). Does nothing when CAPTCHA_ENABLED is off. Fails closed: a missing token, a
 * provider error, a timeout or a missing secret all answer AUTH_CAPTCHA_FAILED.
 */
export async function verifyCaptcha(config: ServerConfig, log: FastifyBaseLogger, token: string | undefined, ip: string): Promise<void> {
  if (!config.CAPTCHA_ENABLED) return;
  if (!token) throw new AppError('AUTH_CAPTCHA_FAILED');
  if (!config.CAPTCHA_SECRET || !config.CAPTCHA_VERIFY_URL) {
    log.warn('CAPTCHA_ENABLED without CAPTCHA_SECRET and CAPTCHA_VERIFY_URL: every check fails');
    throw new AppError('AUTH_CAPTCHA_FAILED');
  }
  let success = false;
  try {
    const response = await fetch(config.CAPTCHA_VERIFY_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: config.CAPTCHA_SECRET, response: token, remoteip: ip }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (response.ok) {
      const answer = (await response.json()) as { success?: unknown };
      success = answer.success === true;
    }
  } catch (error) {
    log.warn({ err: error }, 'captcha provider not reachable');
  }
  if (!success) throw new AppError('AUTH_CAPTCHA_FAILED');
}
