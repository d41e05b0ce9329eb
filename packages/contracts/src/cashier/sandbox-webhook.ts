import { z } from 'zod';

/**
 * POST /rest/cash/webhook/sandbox/: an event of the sandbox payment provider, signed (the signature
 * header is checked on the raw body before this schema).
 */
export const ZSandboxWebhookEvent = z.object({
  id: z.string().regex(/^evt_[0-9a-f]{8,64}$/),
  type: z.enum(['payment.processing', 'payment.requires_action', 'payment.succeeded', 'payment.failed']),
  created: z.number().int().nonnegative(),
  data: z.object({
    paymentId: z.string().min(1).max(64),
    reference: z.string().min(1).max(64),
    amountCents: z.number().int().positive(),
    status: z.enum(['processing', 'requires_action', 'succeeded', 'failed']),
    failureCode: z.string().max(64).nullable(),
    challengeUrl: z.string().max(2000).nullable(),
    sequence: z.number().int().positive(),
  }),
});
export type SandboxWebhookEvent = z.infer<typeof ZSandboxWebhookEvent>;

export const ZSandboxWebhookOutcome = z.enum(['applied', 'duplicate', 'ignored', 'unknown_payment']);
export type SandboxWebhookOutcome = z.infer<typeof ZSandboxWebhookOutcome>;

export const ZSandboxWebhookResponse = z.object({ success: z.literal(true), outcome: ZSandboxWebhookOutcome });
export type SandboxWebhookResponse = z.infer<typeof ZSandboxWebhookResponse>;
