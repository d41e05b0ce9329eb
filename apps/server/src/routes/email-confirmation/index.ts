import { EMAIL_LINK_INVALID_NOTICE, EMAIL_VERIFIED_QUERY, LINK_NOTICE_COOKIE, ZEmailConfirmResendRequest, ZEmailConfirmResendResponse } from '@sweepstack/contracts/auth/email-confirmation';
import { AppError } from '@sweepstack/contracts/errors';
import { playerHomePath } from '@sweepstack/contracts/themes';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { confirmEmailWithLink, resendEmailConfirmation } from '../../auth/email-confirmation';
import { requirePlayer } from '../../plugins/session';

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{1,200}$/;
const NOTICE_MAX_AGE_S = 60;

/** The emailed confirmation link and the banner's resend (docs/auth.md, "Email confirmation"). */
const emailConfirmationRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/rest/email/confirm/',
    { schema: { tags: ['auth'], summary: 'The mailed link: confirms the email and redirects to the player home with openNotify=EMAIL_VERIFIED, or to / with an invalid-link notice' } },
    async (request, reply) => {
      // A link is opened by a person: whatever is wrong with it lands on the site, never on an error body.
      const token = (request.query as Record<string, unknown> | undefined)?.token;
      try {
        if (typeof token !== 'string' || !TOKEN_FORMAT.test(token)) throw new AppError('AUTH_EMAIL_LINK_INVALID');
        await confirmEmailWithLink(request, token);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'AUTH_EMAIL_LINK_INVALID') throw error;
        reply.setCookie(LINK_NOTICE_COOKIE, EMAIL_LINK_INVALID_NOTICE, { path: '/', sameSite: 'lax', secure: request.server.deps.config.secureCookies, maxAge: NOTICE_MAX_AGE_S });
        reply.header('x-error-code', 'AUTH_EMAIL_LINK_INVALID');
        return reply.header('cache-control', 'no-store').redirect('/', 302);
      }
      // The player's home of the site's theme (the lobby where there is one): the guest home would send
      // a player there without the query.
      return reply.header('cache-control', 'no-store').redirect(`${playerHomePath(request.server.deps.config.THEME)}${EMAIL_VERIFIED_QUERY}`, 302);
    },
  );

  app.post(
    '/rest/email/confirm/resend/',
    { schema: { tags: ['auth'], summary: 'Mail a new email-confirmation link (one a minute, five an hour)', body: ZEmailConfirmResendRequest, response: { 200: ZEmailConfirmResendResponse } } },
    async (request) => {
      const player = await requirePlayer(request);
      return { success: true as const, data: await resendEmailConfirmation(request.server, player) };
    },
  );
};

export default emailConfirmationRoutes;
