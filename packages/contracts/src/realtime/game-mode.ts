import { z } from 'zod';

export const ZGameMode = z.enum(['TournamentPoints', 'SweepStakes']);
export type GameMode = z.infer<typeof ZGameMode>;

/** The player switched game mode (in any tab): every open tab follows (spec §4 Game mode). */
export const ZGameModePush = z.object({
  type: z.literal('gameMode'),
  action: z.literal('changed'),
  data: z.object({ gameMode: ZGameMode }),
});
export type GameModePush = z.infer<typeof ZGameModePush>;

/** GET /rest/player/game-mode/switch-to-sweep-stakes/ and …/switch-to-tournament-points/. */
export const ZGameModeSwitchResponse = z.object({ success: z.literal(true), gameMode: ZGameMode });
export type GameModeSwitchResponse = z.infer<typeof ZGameModeSwitchResponse>;
