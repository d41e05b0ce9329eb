import { ZOtpFlowRequest, ZOtpFlowResponse, ZOtpSendRequest, ZOtpSendResponse, ZOtpVerifyRequest, ZOtpVerifyResponse } from '@sweepstack/contracts/otp/otp';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { otpFlow, sendOtp, verifyOtp } from '../../auth/otp';
import { requirePlayer } from '../../plugins/session';

/** One-time codes that confirm a player's email or phone. */
const otpRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/rest/otp/get-flow/',
    { schema: { tags: ['otp'], summary: 'Which confirmations a registration flow needs', body: ZOtpFlowRequest, response: { 200: ZOtpFlowResponse } } },
    async (request) => {
      const player = await request.getPlayer();
      const data = await otpFlow(request.server, player, {
        registrationSource: request.body.registration_source ?? undefined,
        trafficSource: request.body.traffic_source ?? undefined,
      });
      return { success: true as const, data };
    },
  );

  app.post(
    '/rest/otp/send/',
    { schema: { tags: ['otp'], summary: 'Send a 6-digit code to the email or phone', body: ZOtpSendRequest, response: { 200: ZOtpSendResponse } } },
    async (request) => {
      const player = await requirePlayer(request);
      return { success: true as const, data: await sendOtp(request.server, player, request.body.type) };
    },
  );

  app.post(
    '/rest/otp/verify/',
    { schema: { tags: ['otp'], summary: 'Check a code and confirm the contact', body: ZOtpVerifyRequest, response: { 200: ZOtpVerifyResponse } } },
    async (request) => {
      const player = await requirePlayer(request);
      return { success: true as const, data: await verifyOtp(request.server, player, request.body.type, request.body.code) };
    },
  );
};

export default otpRoutes;
