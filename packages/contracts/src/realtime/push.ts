import { z } from 'zod';
import { ZBalancePush } from './balance';
import { ZDepositPush } from './deposit';
import { ZGameModePush } from './game-mode';
import { ZJackpotPush } from './jackpot';
import { ZPaymentStatusPush } from './payment-status';
import { ZPlayerVerificationPush } from './player-verification';
import { ZRedeemPush } from './redeem';

/** The Socket.IO event name every push travels under. */
export const PUSH_EVENT = 'push';

/** A push message's schema: an object (or a union of objects) with a literal `type` and an `action`. */
export type PushSchema = z.ZodType<{ type: string; action: string }>;

/**
 * Every push message by `type`, for the types. The shared pushes are listed here; a feature adds its
 * own from `contracts/src/<feature>/pushes.ts` without editing this file:
 * `declare module '../realtime/push' { interface PushSchemas { dailyLogin: typeof ZDailyLoginPush } }`
 * beside `definePush('dailyLogin', ZDailyLoginPush)` (the runtime half).
 */
export interface PushSchemas {
  gameMode: typeof ZGameModePush;
  balance: typeof ZBalancePush;
  paymentStatus: typeof ZPaymentStatusPush;
  deposit: typeof ZDepositPush;
  playerVerification: typeof ZPlayerVerificationPush;
  jackpot: typeof ZJackpotPush;
  redeem: typeof ZRedeemPush;
}

export type PushType = keyof PushSchemas & string;
export type PushOf<T extends PushType> = z.output<PushSchemas[T]>;
export type PushMessage = { [T in PushType]: z.output<PushSchemas[T]> }[PushType];
export type PushMessageInput = { [T in PushType]: z.input<PushSchemas[T]> }[PushType];

const registered = new Map<string, PushSchema>();

/**
 * Declares the push messages of one `type` (the runtime half of `PushSchemas`): from then on
 * `ZPushMessage` accepts them. A type is declared once.
 */
export function definePush<const T extends string, S extends z.ZodType<{ type: T; action: string }>>(type: T, schema: S): S {
  if (!/^[a-z][A-Za-z0-9]{0,63}$/.test(type)) throw new Error(`push type ${type} is not a camelCase name`);
  if (registered.has(type)) throw new Error(`push type ${type} is declared twice`);
  registered.set(type, schema);
  return schema;
}

definePush('gameMode', ZGameModePush);
definePush('balance', ZBalancePush);
definePush('paymentStatus', ZPaymentStatusPush);
definePush('deposit', ZDepositPush);
definePush('playerVerification', ZPlayerVerificationPush);
definePush('jackpot', ZJackpotPush);
definePush('redeem', ZRedeemPush);

/**
 * Every message the server pushes to the browser (docs/realtime.md), discriminated by `type`, each
 * with an `action`: the schema declared for its type parses it. Validated by the server before it is
 * recorded and emitted, and by the client on receipt.
 */
export const ZPushMessage = z.unknown().transform((value, ctx): PushMessage => {
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  const schema = typeof type === 'string' ? registered.get(type) : undefined;
  if (!schema) {
    ctx.issues.push({ code: 'custom', path: ['type'], message: `unknown push type ${String(type)}`, input: value });
    return z.NEVER;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.issues.push({ code: 'custom', path: issue.path, message: issue.message, input: value });
    return z.NEVER;
  }
  return parsed.data as PushMessage;
});

/**
 * What goes over the wire: the message plus the outbox event id (the client drops a repeat of an
 * id it has seen: delivery to sockets is at least once after a crash mid-dispatch).
 */
export const ZPushEnvelope = z.object({ eventId: z.number().int().positive(), message: ZPushMessage });
export type PushEnvelope = z.infer<typeof ZPushEnvelope>;

/** The push types declared so far, in declaration order. */
export function pushTypes(): string[] {
  return [...registered.keys()];
}
