import { z } from 'zod';
import { THEMES } from '../themes';

/**
 * GET /rest/app/init/ — the current visitor (guest or player) and the feature flags (spec §3
 * "App init data"). Field names are the spec's. Guests get `isGuest: true` and no personal data
 * (identity fields null, counters 0, lists empty, `playerInfo` null).
 *
 * Money units: `playerBalance.entries` and `winnings` are Fortune Coins as numbers with at most two
 * decimals (the ledger keeps integer hundredths; the API divides by 100 at the edge);
 * `tourPoints` and `coins` are whole Gold Coins.
 */

export const GAME_MODES = ['TournamentPoints', 'SweepStakes'] as const;
export const ZGameMode = z.enum(GAME_MODES);
export type GameMode = z.infer<typeof ZGameMode>;

export const ACCOUNT_STATUSES = ['ACTIVE', 'BLOCKED', 'COOLING_OFF', 'SELF_EXCLUDED', 'CLOSED'] as const;
export const ZAccountStatus = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof ZAccountStatus>;

const ZActiveFlag = z.object({ isActive: z.boolean() });

/** Opaque payloads of features whose shape their own issue defines (null until they exist). */
const ZOpaqueObject = z.record(z.string(), z.unknown());

export const ZTermsRequirement = z.object({ id: z.number().int(), key: z.string() });

export const ZSeasonFlags = z.object({
  isEnabled: z.boolean(),
  slug: z.string().nullable(),
  totalProgressPercents: z.number().min(0).max(100),
  currentLevel: z.number().int().min(0),
  isAvailable: z.boolean(),
  isActive: z.boolean(),
});

export const ZRankLeague = z.object({
  enabled: z.boolean(),
  currentSection: z.number().int().nullable(),
  currentLevel: z.object({ currentExperience: z.number(), neededExperience: z.number() }).nullable(),
  nextLevel: ZOpaqueObject.nullable(),
  nextSectionBenefits: ZOpaqueObject.nullable(),
  coinsBack: z.number().min(0),
  playerFullCompletedLeague: z.boolean(),
  sumAllLevelsPoints: z.number().min(0),
  availableWheel: z.boolean(),
  progressBlockedReason: z.string().nullable(),
  sectionsCount: z.number().int().min(0),
  rankLeagueDailyWheelPrize: ZOpaqueObject.nullable(),
});

/** App init's `rankLeague` when the league is off, for a guest, or before the feature answers. */
export const RANK_LEAGUE_OFF: z.infer<typeof ZRankLeague> = Object.freeze({
  enabled: false,
  currentSection: null,
  currentLevel: null,
  nextLevel: null,
  nextSectionBenefits: null,
  coinsBack: 0,
  playerFullCompletedLeague: false,
  sumAllLevelsPoints: 0,
  availableWheel: false,
  progressBlockedReason: null,
  sectionsCount: 0,
  rankLeagueDailyWheelPrize: null,
});

export const ZPlayerBalance = z.object({
  entries: z.number(),
  winnings: z.number(),
  tourPoints: z.number(),
  coins: z.number(),
});
export type PlayerBalance = z.infer<typeof ZPlayerBalance>;

/**
 * When a built feature ends and when it next has something for the player (not a spec §3 field; the
 * web's finish timers and its sidebar's ready badge or countdown read it). Epoch ms.
 */
export const ZFeatureTimes = z.object({
  /** The feature's end (spec §4 finish timer); null: no end set. */
  finishesAtMs: z.number().int().nullable().optional(),
  /** From when the player can act again (claim, spin…); a time passed means now. */
  availableAtMs: z.number().int().optional(),
});
export type FeatureTimes = z.infer<typeof ZFeatureTimes>;

export const ZAppInitData = z.object({
  // identity
  login: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  uuid: z.string().nullable(),
  isGuest: z.boolean(),
  appName: z.enum(THEMES),
  isAffiliate: z.boolean(),
  primaryContact: z.enum(['email', 'phone']).nullable(),
  emailConfirmed: z.boolean(),
  // account
  gameMode: ZGameMode,
  depositsCount: z.number().int().min(0),
  hasDeposits: z.boolean(),
  profileCompleted: z.boolean(),
  accountStatus: ZAccountStatus.nullable(),
  activeSocialAccounts: z.array(z.string()),
  /** SHA-256 (hex) of the sorted ids of the restrictions that apply to this visitor (docs/app-data.md). */
  playerRestrictionIdsHash: z.string().regex(/^[0-9a-f]{64}$/),
  // games and subscriptions (game ids)
  favoriteGames: z.array(z.number().int()),
  favLast: z.array(z.number().int()),
  lastGames: z.array(z.number().int()),
  TournamentsSubscriptions: z.array(z.number().int()),
  termsRequirement: z.array(ZTermsRequirement),
  // feature flags
  popUpAds: ZActiveFlag,
  dailyLogin: ZActiveFlag,
  scratchCardLottery: ZActiveFlag,
  magicBox: ZActiveFlag,
  depositStreak: z.object({ isActive: z.boolean(), skin: z.string().nullable() }),
  moneyBox: ZActiveFlag,
  prizeDrops: ZActiveFlag,
  bingo: ZActiveFlag,
  season: ZSeasonFlags,
  rankLeague: ZRankLeague,
  registration: z.object({
    complete: z.boolean(),
    registrationFunnel: z.object({ funnelType: z.string().nullable() }),
  }),
  // offers and connection
  bannerPresetPackage: ZOpaqueObject.nullable(),
  popupPresetPackage: ZOpaqueObject.nullable(),
  popupPresetPackages: z.array(ZOpaqueObject),
  playerInfo: z.object({ playerBalance: ZPlayerBalance }).nullable(),
  wsConnectionData: ZOpaqueObject.nullable(),
  websocket: z.string().nullable(),
  token: z.string().nullable(),
  /** Feature name → its times (only the features that tell them). */
  featureTimes: z.record(z.string(), ZFeatureTimes).optional(),
});
export type AppInitData = z.infer<typeof ZAppInitData>;

export const ZAppInitResponse = z.object({ success: z.literal(true), data: ZAppInitData });
export type AppInitResponse = z.infer<typeof ZAppInitResponse>;
