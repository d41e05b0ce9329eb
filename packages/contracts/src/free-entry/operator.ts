import { z } from 'zod';
import { ZFreeEntryChannel, ZFreeEntryStatus } from './requests';

/** The operator calls of the free entry, under `/api/operator/free-entry/` (docs/features/free-entry.md). */

export const ZFreeEntrySettings = z.strictObject({
  active: z.boolean(),
  onlineAmountCents: z.number().int().min(1).max(10_000),
  mailAmountCents: z.number().int().min(1).max(10_000),
  perDay: z.number().int().min(1).max(5),
  onlineReview: z.enum(['automatic', 'manual']),
  decisionBusinessDays: z.number().int().min(1).max(20),
  mailCodeValidDays: z.number().int().min(7).max(365),
  mailAddress: z.array(z.string().trim().min(1).max(120)).min(2).max(8),
});

export const ZFreeEntryQueueQuery = z.strictObject({
  status: ZFreeEntryStatus.default('received'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const ZFreeEntryOperatorRequest = z.object({
  id: z.number().int(),
  playerId: z.number().int(),
  channel: ZFreeEntryChannel,
  code: z.string(),
  status: ZFreeEntryStatus,
  amountCents: z.number().int(),
  createdAt: z.string(),
  receivedAt: z.string().nullable(),
  decisionDueAt: z.string().nullable(),
  overdue: z.boolean(),
  decidedAt: z.string().nullable(),
  decidedBy: z.number().int().nullable(),
  rejectReason: z.string().nullable(),
});

export const ZFreeEntryQueueResponse = z.object({ success: z.literal(true), data: z.object({ requests: z.array(ZFreeEntryOperatorRequest), total: z.number().int() }) });

/** POST /api/operator/free-entry/letters/: a letter arrived carrying this code (typed as written). */
export const ZFreeEntryLetterRequest = z.strictObject({ code: z.string().trim().min(4).max(40) });

/** POST /api/operator/free-entry/requests/{id}/decision/: credit, or reject with the reason the player sees. */
export const ZFreeEntryDecisionRequest = z.discriminatedUnion('decision', [
  z.strictObject({ decision: z.literal('credit') }),
  z.strictObject({ decision: z.literal('reject'), reason: z.string().trim().min(3).max(500) }),
]);

export const ZFreeEntryOperatorRequestResponse = z.object({ success: z.literal(true), data: z.object({ request: ZFreeEntryOperatorRequest }) });
