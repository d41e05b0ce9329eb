import { z } from 'zod';

/** The play currency a tournament counts (spec §3 betsOn): entries are Fortune Coins (SweepStakes), tournaments_points Gold Coins. */
export const ZBetsOn = z.enum(['entries', 'tournaments_points']);
export type BetsOn = z.infer<typeof ZBetsOn>;

/** A prize of a place (spec §3 prizes[{entries, coins}]): entries in Fortune Coins (2 decimals), coins in Gold Coins. */
export const ZTournamentPrize = z.object({ entries: z.number().nonnegative(), coins: z.number().int().nonnegative() });
export type TournamentPrize = z.infer<typeof ZTournamentPrize>;

/**
 * A winner (spec §3 winners[{profile, prizePlace, points, uuid}]). While the tournament runs these are
 * the current leaders; once it finished, the places paid. `status` is the payout of that place:
 * `pending` (finished, not paid yet), `paid`, `voided` (the tournament was voided, nothing paid).
 */
export const ZTournamentWinner = z.object({
  profile: z.string(),
  prizePlace: z.number().int().positive(),
  points: z.number().int().nonnegative(),
  uuid: z.string(),
  status: z.enum(['running', 'pending', 'paid', 'voided']),
});
export type TournamentWinner = z.infer<typeof ZTournamentWinner>;

/** A team of a team tournament, with its score (the sum of its best `countedMembers` members' points). */
export const ZTournamentTeam = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  points: z.number().int().nonnegative(),
  place: z.number().int().positive(),
  members: z.number().int().nonnegative(),
});
export type TournamentTeam = z.infer<typeof ZTournamentTeam>;

/** The published scoring rule (docs/features/tournaments.md). Points are win ÷ bet × 100, whole. */
export const ZTournamentRules = z.object({
  /** Smallest stake (smallest unit of the currency: whole GC, FC hundredths) that counts. */
  minBet: z.number().int().positive(),
  /** Only the player's first N qualifying spins count. */
  spinsLimit: z.number().int().positive(),
  /** Most points one spin can earn (10,000 = a win of 100× the bet). */
  capPerSpin: z.number().int().positive(),
  /** Team tournaments: a team scores the sum of its best M members (0 for a solo tournament). */
  teamTopMembers: z.number().int().nonnegative(),
});
export type TournamentRules = z.infer<typeof ZTournamentRules>;

/** The player's standing (spec §3 playerData); place 0: not placed yet (no qualifying spin). */
export const ZTournamentPlayerData = z.object({
  roundsPlayed: z.number().int().nonnegative(),
  place: z.number().int().nonnegative(),
  points: z.number().int().nonnegative(),
  profile: z.string(),
  name: z.string(),
});
export type TournamentPlayerData = z.infer<typeof ZTournamentPlayerData>;

export const ZTournamentStatus = z.enum(['announced', 'open', 'running', 'finished', 'paid', 'voided']);
export type TournamentStatus = z.infer<typeof ZTournamentStatus>;

/**
 * A tournament (spec §3): `id` is the tournament (its schedule), `historyId` this run of it. `start`
 * and `end` are epoch milliseconds. `isActive`: running now; `isOpen`: players can subscribe.
 * `status`, `rules` and `teamBasedTournament.teamId` (the player's team) are ours beside the spec's fields.
 */
export const ZTournament = z.object({
  id: z.number().int().positive(),
  historyId: z.number().int().positive(),
  title: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  isActive: z.boolean(),
  isOpen: z.boolean(),
  isSubscribed: z.boolean(),
  gamesIds: z.array(z.number().int().positive()),
  teamBasedTournament: z.object({ teams: z.array(ZTournamentTeam), teamId: z.number().int().positive().nullable() }).nullable(),
  prizes: z.array(ZTournamentPrize),
  winners: z.array(ZTournamentWinner),
  betsOn: ZBetsOn,
  playerData: ZTournamentPlayerData.nullable(),
  status: ZTournamentStatus,
  rules: ZTournamentRules,
});
export type Tournament = z.infer<typeof ZTournament>;
