import type { GameMode } from '@sweepstack/contracts/app/app-init';
import type { CaptchaInfo, FooterMenuItem, MenuItem, SocialNetwork, TapBarItem } from '@sweepstack/contracts/app/static-info';
import type { TranslationDictionary } from '@sweepstack/contracts/app/translations';
import { useRouteLoaderData } from 'react-router';
import { usePlayerOverlay, type PlayerOverlay } from './player-overlay';
import type { ThemeId } from '../features/themes/themes';
import type { FeatureState, ModalName } from '../platform/feature';
import type { Locale } from './locale';

/** The slice of app init the browser needs (not the whole payload, to keep pages small). */
export interface PlayerView {
  /** The player's uuid: the real-time connection's identity. */
  uuid: string | null;
  /** ACTIVE, SELF_EXCLUDED, … (null when unknown). */
  accountStatus: string | null;
  login: string | null;
  email: string | null;
  /** Whether the player has played any game yet (app init's lastGames): a newcomer is not welcomed "back". */
  hasPlayed: boolean;
  isAffiliate: boolean;
  emailConfirmed: boolean;
  gameMode: GameMode;
  hasDeposits: boolean;
  registrationComplete: boolean;
  /** Gold Coins (tourPoints, whole) and Fortune Coins (entries, 2 decimals). */
  balance: { tourPoints: number; entries: number } | null;
  hasUnconfirmedTerms: boolean;
  /** Each feature's app-init slice, by feature id (app/platform: its feature.ts `state`); inactive ones may be absent. */
  features: Record<string, FeatureState>;
  /** The features' sidebar and tap-bar entries visible to this player (decided on the server). */
  nav: { sidebar: FeatureNavItem[]; tapBar: FeatureNavItem[] };
}

/** A feature's sidebar or tap-bar entry, as its feature.ts declares it. */
export interface FeatureNavItem {
  key: string;
  /** Translation key of its label. */
  label: string;
  feature: string;
  to?: string;
  modal?: ModalName;
  /** Its sidebar icon, as feature.ts declares it (sent with the entry: the registry is not in the first-load JavaScript). */
  icon?: string;
  /** The feature's `availableAtMs`: a ready badge or a countdown beside the label. */
  availableAtMs?: number;
}

export interface ShellData {
  menu: MenuItem[];
  tapBar: TapBarItem[];
  footerMenu: FooterMenuItem[];
  socialNetworks: SocialNetwork[];
  rating: number | null;
  captcha: CaptchaInfo | null;
}

export interface RootData {
  locale: Locale;
  theme: ThemeId;
  /** The slice of the dictionary this document renders (i18n/namespaces.ts), not the whole of it. */
  translations: TranslationDictionary;
  /** The page namespaces the features declare (their feature.ts `strings`), for the i18n safety net. */
  featureNamespaces: string[];
  translationsOk: boolean;
  isGuest: boolean;
  player: PlayerView | null;
  /** A guest's active features (from the guest app init), for the watchers guests get; absent for players. */
  guestFeatures?: Record<string, FeatureState>;
  shell: ShellData;
  consent: { given: boolean; enabled: string[] };
  buildId: string | null;
  crashReporting: boolean;
  handshakeToast: string | null;
  /**
   * The document is the lobby's cached player-neutral render (docs/page-serving.md, "Session 11"):
   * `player` holds placeholders, and the player's own view comes with the page (lib/player-overlay.ts).
   */
  neutral?: true;
}

/** The language route's data: on client navigations, the target page's translations (else empty). */
export interface LocaleData {
  translations: TranslationDictionary;
}

/** Root loader data; present everywhere below the root (and in its error boundary when the loader ran). */
export function useRootData(): RootData {
  const data = useOptionalRootData();
  if (!data) throw new Error('Root data is missing');
  return data;
}

export function useOptionalRootData(): RootData | undefined {
  const data = useRouteLoaderData('root') as RootData | undefined;
  const overlay = usePlayerOverlay();
  return data?.neutral && overlay ? withOverlay(data, overlay) : data;
}

const merged = new WeakMap<RootData, RootData>();

/** A neutral page's root data with its player's view (one object per root data: stable for memos). */
function withOverlay(data: RootData, overlay: PlayerOverlay): RootData {
  let result = merged.get(data);
  if (!result) {
    result = { ...data, player: overlay.player };
    merged.set(data, result);
  }
  return result;
}
