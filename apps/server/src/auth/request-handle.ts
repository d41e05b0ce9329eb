import type { RequestHandleResponse } from '@sweepstack/contracts/auth/request-handle';
import { findPlayerById } from '@sweepstack/db/repositories/players';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { startSession } from '../plugins/session';
import { consumeLoginToken } from './login-token';

const REFERRAL_COOKIE = 'invited_by';
const REFERRAL_FORMAT = /^[A-Za-z0-9_-]{1,64}$/;
// Spec §9: invited_by / refcode cookies live 365 days (the web sets the same).
const REFERRAL_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const BLOCKED = new Set<string>(['BLOCKED', 'CLOSED']);

/** Only a same-site absolute path may be redirected to (no `//host`, no scheme). */
function safePath(path: string | undefined): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return '/';
  // The page query arrives as separate parameters; a query or hash inside `path` is dropped.
  return path.split(/[?#]/)[0] ?? '/';
}

/** Rebuilds the page URL without `aa` (and without our own `path` parameter), plus autologin=true. */
function redirectWithoutToken(query: Record<string, unknown>, path: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key === 'aa' || key === 'path' || key === 'autologin') continue;
    for (const item of Array.isArray(value) ? value : [value]) if (typeof item === 'string') params.append(key, item);
  }
  params.set('autologin', 'true');
  return `${path}?${params.toString()}`;
}

/**
 * The server-side-render handshake: reports whether the visitor is signed in, signs in with a
 * one-time `aa` token (then asks for a redirect to the same page without it), and keeps a referral
 * code from `invited_by` / `refcode` in the `invited_by` cookie for sign-up.
 */
export async function handleRequest(request: FastifyRequest, reply: FastifyReply, query: Record<string, unknown>): Promise<RequestHandleResponse> {
  const { config } = request.server.deps;
  const referral = [query.invited_by, query.refcode].find((v): v is string => typeof v === 'string' && REFERRAL_FORMAT.test(v));
  if (referral) {
    reply.setCookie(REFERRAL_COOKIE, referral, { path: '/', sameSite: 'lax', secure: config.secureCookies, maxAge: REFERRAL_COOKIE_MAX_AGE_S });
  }
  const aa = query.aa;
  if (typeof aa === 'string' && aa.length > 0) {
    const playerId = await consumeLoginToken(request.server.deps, aa);
    const player = playerId === undefined ? undefined : await findPlayerById(request.server.deps.database.db, playerId);
    if (!player || BLOCKED.has(player.account_status)) {
      return { authorized: (await request.getPlayer()) !== undefined, toast: 'loginTokenInvalid' };
    }
    await startSession(request, reply, player.id);
    const path = safePath(typeof query.path === 'string' ? query.path : undefined);
    return { authorized: true, redirectUrl: redirectWithoutToken(query, path) };
  }
  return { authorized: (await request.getPlayer()) !== undefined };
}
