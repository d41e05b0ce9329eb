import type { AccountStatus, AppInitData, FeatureTimes } from '@sweepstack/contracts/app/app-init';
import type { FeaturesGamesInfoFields } from '@sweepstack/contracts/app/features-games-info';
import type { CoinPackage } from '@sweepstack/contracts/cashier/available-sets-check';
import type { PromotionDataOf, PromotionLink, PromotionType } from '@sweepstack/contracts/promotions/promotion';
import type { ThemeId } from '@sweepstack/contracts/themes';
import type { Player } from '@sweepstack/db/repositories/players';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@sweepstack/db/schema';
import type { On, OnBatch } from '../events/registry';
import type { AnyJobDefinition } from '../jobs/registry';
import type { Operator } from '../kyc/operators';

/** The app-init fields a feature may answer (spec §3 "App init data"): each is off until its feature says otherwise. */
export type AppInitFeatureKey = 'popUpAds' | 'dailyLogin' | 'scratchCardLottery' | 'magicBox' | 'depositStreak' | 'moneyBox' | 'prizeDrops' | 'bingo' | 'season' | 'rankLeague' | 'TournamentsSubscriptions' | 'bannerPresetPackage' | 'popupPresetPackage' | 'popupPresetPackages';

export interface AppInitSliceInput {
  /** The feature's site-wide row of `feature_status` (its JSON), or null when it has none. */
  status: unknown;
  /** The player's row of `player_feature_state` for this feature (its JSON), or null (none, or a guest). */
  state: unknown;
  /** False for a guest. */
  signedIn: boolean;
  /** The player's account status (responsible play: self-excluded, cooling off…); null for a guest; absent where the caller does not know it. */
  accountStatus?: AccountStatus | null;
  nowMs: number;
}

/**
 * A feature's part of app init: built from the two state rows app init reads for every feature at
 * once (a fixed number of statements, whatever the number of features). Must be cheap and pure.
 */
export type AppInitSlice = { [K in AppInitFeatureKey]: { key: K; build(input: AppInitSliceInput): AppInitData[K] } }[AppInitFeatureKey];

/** A feature's `times`, named (app init's `featureTimes` is keyed by feature name). */
export interface FeatureTimesSlice {
  feature: string;
  times: NonNullable<FeatureDefinition['times']>;
}

/** What an operator route's handler may use besides the request (see `operatorRoutes`). */
export interface OperatorRouteTools {
  /** The operator of the request (authenticated, with one of the route's `operatorRoles`). */
  operatorOf(request: { operator?: Operator }): Operator;
  /**
   * Appends to operator_audit in `trx` (the action's own transaction); the action is prefixed with
   * the feature's name. Every route that changes something audits.
   */
  audit(trx: Transaction<Database>, request: { operator?: Operator }, entry: { action: string; targetType: string; targetId: string | number; before?: unknown; after?: unknown }): Promise<void>;
}

/** What a feature's `featureInfo` is asked with (one request of GET /rest/features-games-info/info/). */
export interface FeatureInfoInput {
  db: Kysely<Database>;
  /** Null for a guest. */
  player: Player | null;
  theme: ThemeId;
  nowMs: number;
  /** The call's `invited_by` query (spec §7), as given: a referral code the page arrived with, or null. */
  invitedBy: string | null;
}

/** A feature's part of GET /rest/features-games-info/info/ (spec §3 "Feature info"). */
export interface FeatureInfoContribution {
  /** `statusFeatures[<feature>].isActive`. */
  isActive: boolean;
  /** `featuresInfo[<feature>]`: what the feature tells the site about itself. */
  info?: unknown;
  /** Top-level fields the feature answers (`availableWheel`…); two features answering one is an error. */
  fields?: Partial<FeaturesGamesInfoFields>;
}

/** What a feature adds to GET /rest/available-sets/check/ (spec §7: packages and promoOffers). */
export interface CashierOffersContribution {
  /** Packages the feature sells in its own offer list, kept out of the regular `packages` list. */
  ownPackageIds?: readonly string[];
  /** Entries of `promoOffers.<key>` (e.g. `extraWheel`). */
  promoOffers?: Partial<Record<'bundle' | 'extraWheel', readonly unknown[]>>;
  /** Packages the feature offers this visitor, put before the regular ones (promo offer presets). */
  packages?: readonly CoinPackage[];
}

/** What a feature's `purchaseGuard` is asked with: inside the deposit's transaction, the player row locked. */
export interface PurchaseGuardInput {
  trx: Transaction<Database>;
  player: Player;
  packageId: string;
  nowMs: number;
}

/** What a feature's `promotions` is asked with: one signed-in player's promotions (or home) page. */
export interface PromotionsInput {
  db: Kysely<Database>;
  player: Player;
  /** The visitor's language, for texts of the feature's operator data (titles). */
  locale: 'en' | 'es';
  nowMs: number;
  /** The feature's site-wide `feature_status` row (its JSON, as app init's slice gets it), or null. */
  status: unknown;
  /** This feature's `times()` for the player (app init's `featureTimes[<feature>]`), when it answers one. */
  times: FeatureTimes | undefined;
}

/**
 * One promotion card a feature contributes (spec §3 "Promotion"; docs/features/promotions.md). The
 * promotions feature adds `viewKeys`, `howWorks` and the order from its operator data.
 */
export type PromotionContribution = {
  [T in PromotionType]: {
    type: T;
    /** Distinguishes two cards of one feature and type (a run id…); default: the card's index. */
    key?: string;
    /** The type's card data (`packages/contracts/src/promotions/cards/<type>.ts`). */
    data: PromotionDataOf<T>;
    /** Where the card leads: a page (`{ to: '/quests/' }`) or a web modal (`{ modal: 'tournaments' }`). */
    link: PromotionLink;
    /** For players with a purchase (default false). */
    needDeposits?: boolean;
    /** From when the player can act; default: the feature's `times().availableAtMs`. A future time puts the card in `available_soon`. */
    availableAtMs?: number | null;
    /** When it ends; default: the feature's `times().finishesAtMs`. */
    finishesAtMs?: number | null;
  };
}[PromotionType];

export interface FeatureDefinition {
  /** kebab-case, the same as the feature's folder in every layer. */
  name: string;
  /** Player-facing routes (`/rest/…`), a Fastify plugin as a route area's index.ts is. */
  routes?: FastifyPluginAsync;
  /**
   * Operator routes, mounted under `/api/operator/<name>/` behind the operator session: every route
   * declares `config: { operatorRoles: [...] }` (admin always passes) or the server refuses to start.
   */
  operatorRoutes?: (app: FastifyInstance, tools: OperatorRouteTools) => Promise<void> | void;
  /** Event handlers: `({ on, onBatch }) => { on(GameRoundPlayed, async function countSpin(event, ctx) { … }) }`. */
  handlers?: (subscribe: { on: On; onBatch: OnBatch }) => void;
  /**
   * Durable job kinds (docs/jobs.md), each made with `defineJob` and named `<feature>.<what>`;
   * scheduled with `scheduleJob` from a handler's or route's transaction.
   */
  jobs?: readonly AnyJobDefinition[];
  /** The feature's part of `GET /rest/app/init/` (one key, or several). */
  appInit?: AppInitSlice | readonly AppInitSlice[];
  /**
   * App init's `featureTimes[<name>]`: when the feature ends and when the player can act again (the
   * web's finish timer, the sidebar's ready badge or countdown). Built like an app-init slice, from
   * the feature's `feature_status` and `player_feature_state` rows: cheap and pure. Undefined: nothing to tell.
   */
  times?: (input: AppInitSliceInput) => FeatureTimes | undefined;
  /** The feature's part of `GET /rest/features-games-info/info/` (statusFeatures, featuresInfo, its fields). */
  featureInfo?: (input: FeatureInfoInput) => Promise<FeatureInfoContribution>;
  /** What the feature adds to `GET /rest/available-sets/check/` (its packages, `promoOffers` entries). */
  cashierOffers?: (input: { db: Kysely<Database>; player: Player | null; nowMs: number }) => Promise<CashierOffersContribution>;
  /**
   * Refuses a purchase of one of the feature's packages by throwing an `AppError` with the feature's
   * code (POST /rest/cash/deposit/): called in the deposit's transaction, after the player row is
   * locked and before the payment row is written, so a refused purchase moves nothing and two
   * parallel purchases are decided one after the other. Not called again when the webhook completes
   * the payment: what was allowed when the player paid is credited.
   */
  purchaseGuard?: (input: PurchaseGuardInput) => Promise<void>;
  /**
   * The feature's promotion cards for one signed-in player (GET /rest/page/promotions/ and the home
   * page's `promotions`): none when the feature is off or has nothing for the player. Read what the
   * card needs, nothing more; it runs on every promotions and home page of a player.
   */
  promotions?: (input: PromotionsInput) => Promise<readonly PromotionContribution[]>;
  /**
   * Figures the legal pages quote from this feature's operator data (the official rules state the
   * free entry's amounts): `{{<key>}}` in a page's Markdown becomes the value answered here for the
   * page's locale. Keys start with the feature's camelCase name (`freeEntry.onlineAmount`).
   */
  legalValues?: (input: { db: Kysely<Database>; locale: 'en' | 'es' }) => Promise<Record<string, string>>;
}

/**
 * What `apps/server/src/features/<feature>/feature.ts` default-exports. The server finds it by folder
 * scan at start and wires each part (docs/adding-a-feature.md); no shared file lists features.
 */
export function defineFeature<const F extends FeatureDefinition>(feature: F): F {
  return feature;
}

