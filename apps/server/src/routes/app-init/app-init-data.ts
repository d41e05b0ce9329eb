import type { AppInitData, PlayerBalance } from '@sweepstack/contracts/app/app-init';
import type { TermsRequirement } from '@sweepstack/contracts/terms/terms';
import type { ThemeId } from '@sweepstack/contracts/themes';
import type { Player } from '@sweepstack/db/repositories/players';

/**
 * The feature flags of app init. None of these features exists yet: each is off, with its numbers
 * at zero and its objects null, until its module lands and reads its own state here.
 */
function featureFlags(): Pick<
  AppInitData,
  'popUpAds' | 'dailyLogin' | 'scratchCardLottery' | 'magicBox' | 'depositStreak' | 'moneyBox' | 'prizeDrops' | 'bingo' | 'season' | 'rankLeague'
> {
  return {
    popUpAds: { isActive: false },
    dailyLogin: { isActive: false },
    scratchCardLottery: { isActive: false },
    magicBox: { isActive: false },
    depositStreak: { isActive: false, skin: null },
    moneyBox: { isActive: false },
    prizeDrops: { isActive: false },
    bingo: { isActive: false },
    season: { isEnabled: false, slug: null, totalProgressPercents: 0, currentLevel: 0, isAvailable: false, isActive: false },
    rankLeague: {
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
    },
  };
}

const NO_OFFERS = { bannerPresetPackage: null, popupPresetPackage: null, popupPresetPackages: [] } as const;
const NO_CONNECTION = { wsConnectionData: null, websocket: null, token: null } as const;

/** App init of a visitor who is not signed in: no personal data at all. */
export function guestAppInit(theme: ThemeId, restrictionIdsHash: string): AppInitData {
  return {
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
    TournamentsSubscriptions: [],
    termsRequirement: [],
    ...featureFlags(),
    registration: { complete: false, registrationFunnel: { funnelType: null } },
    ...NO_OFFERS,
    popupPresetPackages: [],
    playerInfo: null,
    ...NO_CONNECTION,
  };
}

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
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * What every player's app init shares (the flags of modules not built yet, empty lists, no offers).
 * One frozen object shared by every answer: a caller that tried to change it would throw.
 */
const PLAYER_CONSTANT = deepFreeze({
  // No social sign-in providers exist.
  activeSocialAccounts: [],
  // Tournament subscriptions belong to the tournaments module.
  TournamentsSubscriptions: [],
  ...featureFlags(),
  ...NO_OFFERS,
  popupPresetPackages: [],
} satisfies Partial<AppInitData>);

type PlayerVariable = Omit<AppInitData, keyof typeof PLAYER_CONSTANT>;

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

/** App init of a signed-in player. */
export function playerAppInit(inputs: PlayerAppInitInputs): AppInitData {
  return { ...PLAYER_CONSTANT, ...playerVariable(inputs) };
}

// `{"success":true,"data":{<constant fields>,` serialized once; the per-player fields close it.
const PLAYER_RESPONSE_PREFIX = `{"success":true,"data":${JSON.stringify(PLAYER_CONSTANT).slice(0, -1)},`;

/**
 * The JSON text of `{ success: true, data: playerAppInit(inputs) }`, serializing only the per-player
 * fields on each call (the tests check it parses to exactly that object and passes ZAppInitResponse).
 */
export function playerAppInitResponseJson(inputs: PlayerAppInitInputs): string {
  return `${PLAYER_RESPONSE_PREFIX}${JSON.stringify(playerVariable(inputs)).slice(1)}}`;
}
