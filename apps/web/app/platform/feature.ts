import type { AppInitData } from '@sweepstack/contracts/app/app-init';
import type { PushOf, PushType } from '@sweepstack/contracts/realtime/push';
import type { ComponentType } from 'react';
import type { ModalEntry } from '../features/modals/modal-store';

/**
 * The names the modal stack knows. Each feature adds its own from its feature.ts by module
 * augmentation, so that `open('daily-login')` is checked without a list edited by hand:
 *
 *     declare module '../../platform/feature' {
 *       interface ModalNames { 'daily-login': true }
 *     }
 */
export interface ModalNames {
  /** The designed empty state of a feature that is not built yet (`entry.feature` names it). */
  'coming-soon': true;
}
export type ModalName = keyof ModalNames & string;

/** What a feature's shell parts know about it for this player: its app-init slice, trimmed. */
export interface FeatureState {
  isActive: boolean;
  /** When the feature finishes (epoch ms); the web's finish timer (spec §4) turns it off then. */
  finishesAtMs?: number | null;
  /**
   * From when the player can act again (claim, spin…; epoch ms, a time passed means now): the sidebar
   * shows a ready badge or a countdown on the feature's entries. Absent: the feature tells nothing.
   */
  availableAtMs?: number;
  /** Ids of the offers the feature puts forward, in order (promo offers: app init's `popupPresetPackages`). */
  offerIds?: readonly string[];
}

/** What a deep link or a visibility rule may look at besides the feature's own state. */
export interface Visitor {
  isGuest: boolean;
  emailConfirmed: boolean;
}

/** Props every modal component of the stack receives. */
export interface ModalProps {
  entry: ModalEntry;
  /** Closes this modal. */
  onDone(): void;
}

export interface FeatureModal {
  /** The component, loaded on first use (its own chunk). Without it the feature's coming-soon state shows. */
  load?: () => Promise<{ default: ComponentType<ModalProps> }>;
  /** Closes on a backdrop click (default true; spec §2 names the modals that do not). */
  closesOnBackdrop?: boolean;
  /** Closes on Escape (default: as on a backdrop click). */
  closesOnEscape?: boolean;
  /** false: only its own buttons close it (no close button, no Escape, no backdrop). Default true. */
  dismissable?: boolean;
  /** `full`: the whole window on phones, no close button of the stack (the component has its own). */
  layout?: 'dialog' | 'full';
  /** The component renders a Dialog.Description (otherwise the dialog has no aria-describedby). */
  described?: boolean;
  /** The coming-soon feature it shows while it has no component (default: the modal's name). */
  comingSoon?: string;
  /** While it is open no modal closes by backdrop or Escape (spec §4: terms freeze the interface). */
  freezesOthers?: boolean;
}

/** A page of the feature: a route of the default layout (spec §2 pages). */
export interface FeaturePage {
  /** Path without locale prefix and slashes: `wheel-of-treasure`, `affiliates/partners-account`. */
  path: string;
  /** Route module, relative to the feature folder (`ui/wheel-page.tsx`); without it, the coming-soon page. */
  file?: string;
  /** Route id suffix (`feature:<id>`) and the coming-soon feature it shows; default: the last path segment. */
  id?: string;
  /** Route middleware it runs by default (app/features/routing/rules.ts ROUTE_MIDDLEWARE). */
  middleware?: string[];
  /** Page namespaces it renders (default: the feature's namespaces; coming-soon pages: features, comingSoon). */
  namespaces?: string[];
}

/** An entry of the players' sidebar or of the mobile tap bar. */
export interface FeatureNavEntry {
  /** React key and analytics name. */
  key: string;
  /** Translation key of its label (a shell string: embedded on every page). */
  label: string;
  /** A page path (`/vip/`); without `to` or `modal`, the feature's coming-soon modal opens. */
  to?: string;
  modal?: ModalName;
  /** Its icon in the sidebar (a 24 px image under public/, with an `-active.svg` twin for the current page). */
  icon?: string;
  /** Shown when this answers true (default: the feature is active for this player). */
  visible?(state: FeatureState): boolean;
  /** Position among the features' entries (lower first; default 100). */
  order?: number;
}

/** A query parameter of spec §2 that opens one of the feature's modals. */
export interface FeatureDeepLink {
  /** The parameters it answers (any one present). */
  params: string[];
  /** Whether this value (and visitor) opens it; default: any value. */
  matches?(value: string, visitor: Visitor): boolean;
  /** The modal it opens; default: the feature's coming-soon modal. */
  modal?: ModalName;
  /** The coming-soon feature it shows (without `modal`); default: the feature's id. */
  comingSoon?: string;
  /** What the modal entry carries (the game's slug, ...). */
  options?(params: URLSearchParams): Omit<ModalEntry, 'id' | 'name'>;
  /** Guests are sent to sign-up (query kept) instead. */
  playersOnly?: boolean;
}

/** Spec §4 / §9: a feature's welcome modal, once per day, checked 5 s after the page loads. */
export interface FeatureWelcome {
  modal: ModalName;
  /** Whether to welcome this player today (default: the feature is active). */
  when?(state: FeatureState): boolean;
}

/**
 * A push the feature acts on wherever the signed-in player is (spec §4: a season's `prizeAssigned`
 * opens its congratulations): subscribed once the page has loaded, while the tab is open.
 */
export type FeaturePushHandler = {
  [T in PushType]: {
    type: T;
    /** Loads the push's contract (`import('@sweepstack/contracts/<feature>/pushes')`) so this tab accepts it before subscribing. */
    contract?: () => Promise<unknown>;
    handle(message: PushOf<T>, tools: FeaturePushTools): void;
  };
}[PushType];

/** What a feature's push handler may do. */
export interface FeaturePushTools {
  open(modal: ModalName): void;
  /** A modal of this name is in the stack. */
  isOpen(modal: ModalName): boolean;
}

/** What a feature's background watcher is given. */
export interface FeatureBackgroundProps {
  /** The feature's state for this visitor (guests: from the guest app init). */
  state: FeatureState;
  isGuest: boolean;
}

/**
 * A component the shell mounts on every page once it has loaded, while the feature is active (its own
 * chunk, never in the first-load JavaScript): a feature that watches the visit (pop-up ads wait for a
 * game or the cashier to close). It renders nothing of its own; it opens the feature's modals.
 */
export interface FeatureBackground {
  load: () => Promise<{ default: ComponentType<FeatureBackgroundProps> }>;
  /** Mounted for guests too (when their app init says the feature is active). Default: signed-in players only. */
  guests?: boolean;
}

/**
 * A web feature module: `app/features/<feature>/feature.ts` default-exports one of these. The app
 * finds it by folder scan (app/platform/registry.ts, and routes.ts for its pages); nothing else is
 * edited to add a feature. Keep the file small and free of components: it is in the first-load
 * JavaScript, and routes.ts evaluates it at build time. Components go under `ui/` (lazy chunks).
 */
export interface WebFeature {
  /** kebab-case, the folder's name (the same name in every layer). */
  id: string;
  /** The feature's app-init slice (computed on the server, only this reaches the browser). */
  state?(init: AppInitData): FeatureState;
  pages?: FeaturePage[];
  modals?: Partial<Record<ModalName, FeatureModal>>;
  sidebar?: FeatureNavEntry[];
  tapBar?: FeatureNavEntry[];
  deepLinks?: FeatureDeepLink[];
  strings?: {
    /** Its dictionary namespaces (content/translations/<locale>/<namespace>.json): embedded on its pages. */
    namespaces: string[];
    /** Subtrees the shell shows on every page (`wheelOfTreasure.nav`): sidebar and tap-bar labels. */
    shell?: string[];
  };
  welcome?: FeatureWelcome;
  /** Pushes it acts on outside its own modals and pages (open a modal, remember something). */
  pushes?: FeaturePushHandler[];
  /** Spec §4 finish timer: other features this one's finish also turns off (scratch cards end magic boxes). */
  finishAlsoEnds?: string[];
  /** A watcher mounted on every page while the feature is active (see FeatureBackground). */
  background?: FeatureBackground;
  /**
   * A small part of the game window (under its title bar) for the game being played: its component
   * loads when a game opens and renders nothing when it has nothing to say (tournaments' place).
   * Its strings must be in `strings.shell`.
   */
  gameWindow?: () => Promise<{ default: ComponentType<{ gameId: number }> }>;
}

/** Declares a web feature (identity; gives the object its type). */
export function defineFeature(feature: WebFeature): WebFeature {
  return feature;
}
