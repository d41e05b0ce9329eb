import { z } from 'zod';
import { ZFreeEntryChannel, ZFreeEntryRejectCode, ZFreeEntryStatus } from './requests';

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
  /** Letters per household (return address) per request day (default 1); left out of a write: kept as it is. */
  mailPerHouseholdPerDay: z.number().int().min(1).max(5).optional(),
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
  /** A rule's refusal of a letter (postmark, household), or null (an operator's own reason, or none). */
  rejectCode: ZFreeEntryRejectCode.nullable(),
  postmarkedOn: z.string().nullable(),
  householdKey: z.string().nullable(),
});

export const ZFreeEntryQueueResponse = z.object({ success: z.literal(true), data: z.object({ requests: z.array(ZFreeEntryOperatorRequest), total: z.number().int() }) });

/** `YYYY-MM-DD`: a calendar day. */
const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD').refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), 'a real calendar day');

/**
 * POST /api/operator/free-entry/letters/: a letter arrived carrying this code (typed as written), with
 * the postmark date on its envelope and its return address (street line and postal code: the household).
 */
export const ZFreeEntryLetterRequest = z.strictObject({
  code: z.string().trim().min(4).max(40),
  postmarkedOn: ZDay,
  returnAddress: z.strictObject({ streetLine: z.string().trim().min(3).max(200), postalCode: z.string().trim().min(3).max(12) }),
});

/** POST /api/operator/free-entry/requests/{id}/decision/: credit, or reject with the reason the player sees. */
export const ZFreeEntryDecisionRequest = z.discriminatedUnion('decision', [
  z.strictObject({ decision: z.literal('credit') }),
  z.strictObject({ decision: z.literal('reject'), reason: z.string().trim().min(3).max(500) }),
]);

export const ZFreeEntryOperatorRequestResponse = z.object({ success: z.literal(true), data: z.object({ request: ZFreeEntryOperatorRequest }) });
