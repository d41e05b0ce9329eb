import { RANK_LEAGUE_OFF, type AccountStatus, type AppInitData, type FeatureTimes, type PlayerBalance } from '@sweepstack/contracts/app/app-init';
import type { TermsRequirement } from '@sweepstack/contracts/terms/terms';
import type { ThemeId } from '@sweepstack/contracts/themes';
import type { Player } from '@sweepstack/db/repositories/players';
import type { AppInitFeatureKey, AppInitSlice, FeatureTimesSlice } from '../../platform/define-feature';

/**
 * The feature flags of app init as answered while a feature is not built: each is off, with its
 * numbers at zero and its objects null. A built feature answers its own key from its app-init slice
 * (features/<feature>/feature.ts), from the state rows it writes (`feature_status`,
 * `player_feature_state`), read for all features at once.
 */
function featureFlags(): Pick<AppInitData, AppInitFeatureKey> {
  return {
    popUpAds: { isActive: false },
    TournamentsSubscriptions: [],
    dailyLogin: { isActive: false },
    scratchCardLottery: { isActive: false },
    magicBox: { isActive: false },
    depositStreak: { isActive: false, skin: null },
    moneyBox: { isActive: false },
    prizeDrops: { isActive: false },
    bingo: { isActive: false },
    season: { isEnabled: false, slug: null, totalProgressPercents: 0, currentLevel: 0, isAvailable: false, isActive: false },
    rankLeague: RANK_LEAGUE_OFF,
    // The offers a feature may answer (promo offers: the welcome offer).
    bannerPresetPackage: null,
    popupPresetPackage: null,
    popupPresetPackages: [],
  };
}

const NO_CONNECTION = { wsConnectionData: null, websocket: null, token: null } as const;

/** The feature state app init reads for every feature at once: site-wide status rows and the player's rows. */
export interface FeatureStateInputs {
  /** `feature_status` by feature (its JSON parsed): from the content snapshot. */
  status: ReadonlyMap<string, unknown>;
  /** `player_feature_state` by feature (its JSON parsed): empty for a guest. */
  states: ReadonlyMap<string, unknown>;
  nowMs: number;
}

const NO_FEATURE_STATE: FeatureStateInputs = { status: new Map(), states: new Map(), nowMs: 0 };

export interface PlayerAppInitInputs {
  theme: ThemeId;
  player: Player;
  restrictionIdsHash: string;
  termsRequirement: TermsRequirement[];
  depositsCount: number;
  balance: PlayerBalance;
  /** Every field of the full profile is filled in (kyc/profile.ts). */
  profileCompleted?: boolean;
  /** The real-time channel (wsConnectionData, websocket, token): realtime/connection-data.ts. */
  connection?: Pick<AppInitData, 'wsConnectionData' | 'websocket' | 'token'>;
  /** Favorites and recent games (games/player-games.ts); empty when not given. */
  games?: Pick<AppInitData, 'favoriteGames' | 'favLast' | 'lastGames'>;
  /** The features' state rows (for the features with an app-init slice); none when not given. */
  features?: FeatureStateInputs;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

type PlayerVariable = Omit<AppInitData, 'activeSocialAccounts' | AppInitFeatureKey>;

/** The part of a player's app init that depends on the player (one object literal, no spreads). */
function playerVariable({ theme, player, restrictionIdsHash, termsRequirement, depositsCount, balance, profileCompleted, connection, games }: PlayerAppInitInputs): PlayerVariable {
  const channel = connection ?? NO_CONNECTION;
  return {
    login: player.login,
    email: player.email,
    phone: player.phone,
    uuid: player.uuid,
    isGuest: false,
    appName: theme,
    isAffiliate: player.is_affiliate === 1,
    primaryContact: player.primary_contact,
    emailConfirmed: player.email_confirmed === 1,
    gameMode: player.game_mode,
    depositsCount,
    hasDeposits: depositsCount > 0,
    profileCompleted: profileCompleted ?? false,
    accountStatus: player.account_status,
    playerRestrictionIdsHash: restrictionIdsHash,
    favoriteGames: games?.favoriteGames ?? [],
    favLast: games?.favLast ?? [],
    lastGames: games?.lastGames ?? [],
    termsRequirement,
    registration: { complete: player.registration_complete === 1, registrationFunnel: { funnelType: player.funnel_type } },
    playerInfo: { playerBalance: balance },
    wsConnectionData: channel.wsConnectionData,
    websocket: channel.websocket,
    token: channel.token,
  };
}

/** App init answers for a given set of feature slices (built once per server). */
export interface AppInitBuilder {
  /** App init of a visitor who is not signed in: no personal data at all. */
  guest(theme: ThemeId, restrictionIdsHash: string, features?: FeatureStateInputs): AppInitData;
  /** App init of a signed-in player. */
  player(inputs: PlayerAppInitInputs): AppInitData;
  /**
   * The JSON text of `{ success: true, data: player(inputs) }`, serializing only the per-player fields
   * (and the sliced features' fields) on each call.
   */
  playerJson(inputs: PlayerAppInitInputs): string;
}

/**
 * The app init builder of a server whose features answer `slices`. The flags of features without a
 * slice are constant: serialized once, shared by every answer. Sliced features are built per answer
 * from the state rows (cheap, pure functions).
 */
export function appInitBuilder(slices: readonly AppInitSlice[], timeSlices: readonly FeatureTimesSlice[] = []): AppInitBuilder {
  const sliced = new Set<string>(slices.map((s) => s.key));
  const constantFlags = Object.fromEntries(Object.entries(featureFlags()).filter(([key]) => !sliced.has(key)));
  const sliceFields = (features: FeatureStateInputs, accountStatus: AccountStatus | null, feature: (slice: AppInitSlice) => string): Partial<Pick<AppInitData, AppInitFeatureKey | 'featureTimes'>> => {
    const signedIn = accountStatus !== null;
    const fields: Partial<Record<AppInitFeatureKey, unknown>> = {};
    for (const slice of slices) {
      const name = feature(slice);
      fields[slice.key] = slice.build({ status: features.status.get(name) ?? null, state: signedIn ? (features.states.get(name) ?? null) : null, signedIn, accountStatus, nowMs: features.nowMs });
    }
    if (timeSlices.length > 0) {
      const times: Record<string, FeatureTimes> = {};
      for (const { feature, times: build } of timeSlices) {
        const built = build({ status: features.status.get(feature) ?? null, state: signedIn ? (features.states.get(feature) ?? null) : null, signedIn, accountStatus, nowMs: features.nowMs });
        if (built) times[feature] = built;
      }
      (fields as Record<string, unknown>).featureTimes = times;
    }
    return fields as Partial<Pick<AppInitData, AppInitFeatureKey | 'featureTimes'>>;
  };
  const featureOf = (slice: AppInitSlice) => (slice as AppInitSlice & { feature?: string }).feature ?? slice.key;
  /**
   * What every player's app init shares (the flags of modules without a slice, empty lists, no offers).
   * One frozen object shared by every answer: a caller that tried to change it would throw.
   */
  const playerConstant = deepFreeze({
    // No social sign-in providers exist.
    activeSocialAccounts: [],
    ...constantFlags,
  });
  // `{"success":true,"data":{<constant fields>,` serialized once; the per-player fields close it.
  const prefix = `{"success":true,"data":${JSON.stringify(playerConstant).slice(0, -1)},`;
  return {
    guest: (theme, restrictionIdsHash, features = NO_FEATURE_STATE) =>
      ({
        login: null,
        email: null,
        phone: null,
        uuid: null,
        isGuest: true,
        appName: theme,
        isAffiliate: false,
        primaryContact: null,
        emailConfirmed: false,
        gameMode: 'TournamentPoints',
        depositsCount: 0,
        hasDeposits: false,
        profileCompleted: false,
        accountStatus: null,
        activeSocialAccounts: [],
        playerRestrictionIdsHash: restrictionIdsHash,
        favoriteGames: [],
        favLast: [],
        lastGames: [],
        termsRequirement: [],
        ...featureFlags(),
        ...sliceFields(features, null, featureOf),
        registration: { complete: false, registrationFunnel: { funnelType: null } },
        playerInfo: null,
        ...NO_CONNECTION,
      }),
    player: (inputs) => ({ ...featureFlags(), ...playerConstant, ...sliceFields(inputs.features ?? NO_FEATURE_STATE, inputs.player.account_status, featureOf), ...playerVariable(inputs) }),
    playerJson: (inputs) => {
      const variable = JSON.stringify(playerVariable(inputs)).slice(1);
      if (slices.length === 0 && timeSlices.length === 0) return `${prefix}${variable}}`;
      return `${prefix}${JSON.stringify(sliceFields(inputs.features ?? NO_FEATURE_STATE, inputs.player.account_status, featureOf)).slice(1, -1)},${variable}}`;
    },
  };
}

const withoutFeatures = appInitBuilder([]);

/** App init of a visitor who is not signed in, with no feature built. */
export function guestAppInit(theme: ThemeId, restrictionIdsHash: string): AppInitData {
  return withoutFeatures.guest(theme, restrictionIdsHash);
}

/** App init of a signed-in player, with no feature built. */
export function playerAppInit(inputs: PlayerAppInitInputs): AppInitData {
  return withoutFeatures.player(inputs);
}

/** The JSON text of `{ success: true, data: playerAppInit(inputs) }` (the tests check it parses to exactly that and passes ZAppInitResponse). */
export function playerAppInitResponseJson(inputs: PlayerAppInitInputs): string {
  return withoutFeatures.playerJson(inputs);
}
