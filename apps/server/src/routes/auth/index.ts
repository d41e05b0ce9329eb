import { AppError } from '@sweepstack/contracts/errors';
import { ZCompleteRegistrationRequest, ZCompleteRegistrationResponse } from '@sweepstack/contracts/auth/complete-registration';
import { ZPasswordResetConfirmRequest, ZPasswordResetRequest } from '@sweepstack/contracts/auth/password-reset';
import { ZRequestHandleQuery, ZRequestHandleResponse } from '@sweepstack/contracts/auth/request-handle';
import { ZSignInRequest } from '@sweepstack/contracts/auth/sign-in';
import { ZAuthPlayerResponse, ZSignUpRequest } from '@sweepstack/contracts/auth/sign-up';
import { ZSuccessResponse } from '@sweepstack/contracts/envelope';
import type { Player } from '@sweepstack/db/repositories/players';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { confirmPasswordReset, requestPasswordReset } from '../../auth/password-reset';
import { completeRegistration } from '../../auth/registration';
import { handleRequest } from '../../auth/request-handle';
import { signIn } from '../../auth/sign-in';
import { signUp } from '../../auth/sign-up';
import { holdBrowserAtSignOut } from '../../features/pop-up-ads/browser-hold';
import { endSession, requirePlayer } from '../../plugins/session';

const authPlayer = (player: Player) => ({ success: true as const, data: { uuid: player.uuid, login: player.login, email: player.email } });

/** Accounts and sessions: the SSR handshake, sign-up, sign-in, password reset, logout, registration completion. */
const authRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/rest/request/handle/',
    { schema: { tags: ['auth'], summary: 'SSR handshake: session state, one-time aa sign-in, referral cookie', querystring: ZRequestHandleQuery, response: { 200: ZRequestHandleResponse } } },
    async (request, reply) => handleRequest(request, reply, request.query),
  );

  app.post(
    '/rest/auth/signup/',
    { schema: { tags: ['auth'], summary: 'Create an account and sign in', body: ZSignUpRequest, response: { 200: ZAuthPlayerResponse } } },
    async (request, reply) => authPlayer(await signUp(request, reply, request.body)),
  );

  app.post(
    '/rest/auth/signin/',
    { schema: { tags: ['auth'], summary: 'Sign in with email and password', body: ZSignInRequest, response: { 200: ZAuthPlayerResponse } } },
    async (request, reply) => authPlayer(await signIn(request, reply, request.body)),
  );

  app.post(
    '/rest/auth/reset/',
    { schema: { tags: ['auth'], summary: 'Mail a password-reset link (answers success either way)', body: ZPasswordResetRequest, response: { 200: ZSuccessResponse } } },
    async (request) => {
      await requestPasswordReset(request.server, request.body.email);
      return { success: true as const };
    },
  );

  app.post(
    '/rest/auth/reset/confirm/',
    { schema: { tags: ['auth'], summary: 'Set a new password with a reset token; ends other sessions; signs in', body: ZPasswordResetConfirmRequest, response: { 200: ZAuthPlayerResponse } } },
    async (request, reply) => authPlayer(await confirmPasswordReset(request, reply, request.body.token, request.body.password)),
  );

  app.get('/rest/logout/', { schema: { tags: ['auth'], summary: 'Sign out', response: { 200: ZSuccessResponse } } }, async (request, reply) => {
    // A GET in the spec although it changes state: SameSite=Lax sends the session cookie on a
    // cross-site top-level GET, so a link on another site could sign the player out. Browsers mark
    // such requests, and they are refused (as the game-mode switches are).
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('ORIGIN_FORBIDDEN');
    // A player who must not get ads leaves the browser held: no guest ads either (docs/features/pop-up-ads.md).
    await holdBrowserAtSignOut(request.server.deps, request, reply);
    await endSession(request, reply);
    // Spec §4: logout clears the referral data (the codes a link left in cookies).
    for (const name of ['invited_by', 'refcode', '_refcode', '_referrerinfo']) if (request.cookies[name] !== undefined) reply.clearCookie(name, { path: '/' });
    return { success: true as const };
  });

  app.post(
    '/rest/player/registration/complete/',
    { schema: { tags: ['auth'], summary: 'Complete the registration (display name, phone)', body: ZCompleteRegistrationRequest, response: { 200: ZCompleteRegistrationResponse } } },
    async (request) => {
      const player = await requirePlayer(request);
      return { success: true as const, data: await completeRegistration(request.server, player, request.body) };
    },
  );
};

export default authRoutes;
