import { z } from 'zod';
import { ZPrize } from '../rewards/prize';
import { ZBingoCard } from './game-data';
import { ZBingoStatus } from './status';

/** POST /rest/bingo/bingo-accrue-reward/: play a round (10 balls) of this period's card. */
export const ZBingoAccrueRewardRequest = z.strictObject({
  /** One round per key: a retry answers the first round and moves nothing again. */
  requestKey: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{7,99}$/, '8 to 100 letters, digits, _ . : -'),
});

export const ZBingoReward = z.object({ kind: z.enum(['line', 'full']), line: z.number().int().nullable(), drawId: z.number().int(), prize: ZPrize });

export const ZBingoAccrueRewardResponse = z.object({
  success: z.literal(true),
  data: z.object({
    replayed: z.boolean(),
    /** The balls this round drew, in order. */
    balls: z.array(z.number().int()),
    rewards: z.array(ZBingoReward),
    card: ZBingoCard,
    status: ZBingoStatus,
  }),
});
export type BingoRoundAnswer = z.infer<typeof ZBingoAccrueRewardResponse>['data'];
