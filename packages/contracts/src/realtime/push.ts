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

/**
 * Every message the server pushes to the browser (docs/realtime.md), discriminated by `type`, each
 * with an `action`. Validated by the server before it is recorded and emitted, and by the client
 * on receipt. A feature adds its push by adding a file here and one member to this list.
 */
export const ZPushMessage = z.discriminatedUnion('type', [ZGameModePush, ZBalancePush, ZPaymentStatusPush, ZDepositPush, ZPlayerVerificationPush, ZJackpotPush, ZRedeemPush]);
export type PushMessage = z.infer<typeof ZPushMessage>;
export type PushMessageInput = z.input<typeof ZPushMessage>;
export type PushType = PushMessage['type'];
export type PushOf<T extends PushType> = Extract<PushMessage, { type: T }>;

/**
 * What goes over the wire: the message plus the outbox event id (the client drops a repeat of an
 * id it has seen: delivery to sockets is at least once after a crash mid-dispatch).
 */
export const ZPushEnvelope = z.object({ eventId: z.number().int().positive(), message: ZPushMessage });
export type PushEnvelope = z.infer<typeof ZPushEnvelope>;

export const PUSH_TYPES = ZPushMessage.options.map((option) => ('shape' in option ? option.shape.type.value : option.options[0].shape.type.value));
