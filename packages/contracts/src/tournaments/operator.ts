import { z } from 'zod';
import { ZBetsOn, ZTournamentPrize, ZTournamentRules } from './tournament';

/**
 * An operator's tournament schedule: a one-off (`startsAt`) or recurring (`cron` in `timeZone`) run
 * of `durationMs`, announced `announceLeadMs` and open for joining `openLeadMs` before it starts.
 * Team tournaments name their teams (2–16), and may name them in Spanish too (`teamsEs`, same order).
 */
export const ZTournamentScheduleInput = z
  .strictObject({
    slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/),
    title: z.string().trim().min(1).max(120),
    /** The title in Spanish; absent or null: `title` in every language. */
    titleEs: z.string().trim().min(1).max(120).nullable().optional(),
    startsAt: z.number().int().positive().optional(),
    cron: z.string().min(9).max(120).optional(),
    timeZone: z.string().min(1).max(64).default('UTC'),
    durationMs: z.number().int().min(60_000).max(31 * 86_400_000),
    openLeadMs: z.number().int().min(0).max(7 * 86_400_000).default(0),
    announceLeadMs: z.number().int().min(0).max(14 * 86_400_000).default(0),
    betsOn: ZBetsOn,
    gamesIds: z.array(z.number().int().positive()).min(1).max(200),
    rules: ZTournamentRules,
    prizes: z.array(ZTournamentPrize).min(1).max(100),
    teams: z.array(z.string().trim().min(1).max(60)).min(2).max(16).nullable().default(null),
    /** The teams' names in Spanish, in the order of `teams`; absent or null: `teams` in every language. */
    teamsEs: z.array(z.string().trim().min(1).max(60)).min(2).max(16).nullable().optional(),
    enabled: z.boolean().default(true),
  })
  .refine((s) => (s.startsAt === undefined) !== (s.cron === undefined), { message: 'give exactly one of startsAt and cron', path: ['startsAt'] })
  .refine((s) => s.announceLeadMs >= s.openLeadMs, { message: 'a tournament is announced before it opens', path: ['announceLeadMs'] })
  .refine((s) => (s.teams === null) === (s.rules.teamTopMembers === 0), { message: 'team tournaments have teams and count their best M members (rules.teamTopMembers)', path: ['teams'] })
  .refine((s) => s.teamsEs === undefined || s.teamsEs === null || (s.teams !== null && s.teamsEs.length === s.teams.length), { message: 'teamsEs names each team of teams, in the same order', path: ['teamsEs'] })
  .refine((s) => s.rules.spinsLimit * s.rules.capPerSpin < 2 ** 40, { message: 'spinsLimit × capPerSpin is too large', path: ['rules'] });
export type TournamentScheduleInput = z.infer<typeof ZTournamentScheduleInput>;

/** Extends a run hit by an outage: its new end, later than the current one. */
export const ZExtendInput = z.strictObject({ end: z.number().int().positive(), reason: z.string().trim().min(1).max(300) });
/** Voids a run hit by an outage: nothing is paid, players are told. */
export const ZVoidInput = z.strictObject({ reason: z.string().trim().min(1).max(300) });
