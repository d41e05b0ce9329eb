import { z } from 'zod';

/**
 * The free entry's player calls (docs/features/free-entry.md; the spec does not show this screen:
 * the rule is ours). Amounts are Fortune Coins with two decimals, like the wallet's.
 */

export const ZFreeEntryChannel = z.enum(['online', 'mail']);
export const ZFreeEntryStatus = z.enum(['awaiting_letter', 'received', 'credited', 'rejected']);

/** The rules that reject a letter by themselves (docs/features/free-entry.md). */
export const ZFreeEntryRejectCode = z.enum(['postmarkAfterDeadline', 'postmarkBeforeRequest', 'householdLimit']);

/** One request as the player sees it. */
export const ZFreeEntryRequestView = z.object({
  id: z.number().int(),
  channel: ZFreeEntryChannel,
  /** The per-request code (`FE-XXXX-XXXX`), written in the letter for mail requests. */
  code: z.string(),
  status: ZFreeEntryStatus,
  /** Fortune Coins it gives. */
  entries: z.number(),
  createdAt: z.string(),
  receivedAt: z.string().nullable(),
  /** When the operator's decision is due (received requests). */
  decisionDueAt: z.string().nullable(),
  /** Mail: the last day a letter with this code is accepted. */
  expiresAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** A rule's refusal of a letter, which the page words in the player's language; null: the operator's reason (rejectReason) or none. */
  rejectCode: ZFreeEntryRejectCode.nullable(),
});
export type FreeEntryRequestView = z.infer<typeof ZFreeEntryRequestView>;

const ZChannelInfo = z.object({
  /** Fortune Coins one request gives. */
  entries: z.number(),
  /** Whether the player can make one now (signed in, allowed, under today's limit). */
  available: z.boolean(),
  /** When the next one can be made when `available` is false because of the daily limit (ISO 8601), or null. */
  nextAvailableAt: z.string().nullable(),
});

/** Why the player cannot request now (null when both channels are open or it is the daily limit). */
export const ZFreeEntryReason = z.enum(['guest', 'notActive', 'selfExcluded', 'coolingOff', 'accountNotActive', 'sweepstakesNotAllowed']).nullable();

/** GET /rest/free-entry/: the rules in force, the player's availability and latest requests. */
export const ZFreeEntryInfoResponse = z.object({
  success: z.literal(true),
  data: z.object({
    isActive: z.boolean(),
    reason: ZFreeEntryReason,
    online: ZChannelInfo.extend({ captchaRequired: z.boolean(), automatic: z.boolean() }),
    mail: ZChannelInfo.extend({ address: z.array(z.string()), codeValidDays: z.number().int() }),
    perDay: z.number().int(),
    decisionBusinessDays: z.number().int(),
    /** Letters counted per household (return address) per request day. */
    mailPerHouseholdPerDay: z.number().int(),
    requests: z.array(ZFreeEntryRequestView),
    serverTime: z.string(),
  }),
});
export type FreeEntryInfoResponse = z.infer<typeof ZFreeEntryInfoResponse>;

/** POST /rest/free-entry/online/: an online request (the captcha's token when captcha is on). */
export const ZFreeEntryOnlineRequest = z.strictObject({ captchaToken: z.string().max(4096).optional() });

/** POST /rest/free-entry/mail-code/: a code for one mailed request. */
export const ZFreeEntryMailCodeRequest = z.strictObject({});

/** The answer of both: the request made. */
export const ZFreeEntryRequestResponse = z.object({ success: z.literal(true), data: z.object({ request: ZFreeEntryRequestView }) });
export type FreeEntryRequestResponse = z.infer<typeof ZFreeEntryRequestResponse>;
