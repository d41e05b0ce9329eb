import type { FeatureTimes } from '@sweepstack/contracts/app/app-init';
import { DEFAULT_PROMOTION_PLACEMENTS, ZPromotionPlacement, type PromotionPlacement } from '@sweepstack/contracts/promotions/operator';
import type { Promotion, PromotionsPage } from '@sweepstack/contracts/promotions/promotion';
import { readPromotionPlacements } from '@sweepstack/db/promotions/repository';
import { readFeatureStatuses } from '@sweepstack/db/repositories/feature-state';
import type { Player } from '@sweepstack/db/repositories/players';
import type { Database } from '@sweepstack/db/schema';
import { arrangeCards, placementsInForce, type PromotionPage } from '@sweepstack/domain/promotions/placements';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { FeatureDefinition } from '../../platform/define-feature';

type Db = Kysely<Database> | Transaction<Database>;

const ZStoredPlacements = z.array(ZPromotionPlacement);

/** The placements in force: the operator's (a stored value that does not parse counts as none), then the defaults of the rest. */
export async function placementsOf(db: Db): Promise<PromotionPlacement[]> {
  const parsed = ZStoredPlacements.safeParse(await readPromotionPlacements(db));
  return placementsInForce(parsed.success ? parsed.data : [], DEFAULT_PROMOTION_PLACEMENTS);
}

/**
 * Every feature's site-wide status, and each feature's `times()` for this player (app init's
 * `featureTimes`), read from the same two state rows app init reads.
 */
async function featureStateOf(db: Db, features: readonly FeatureDefinition[], playerId: number, nowMs: number): Promise<{ statuses: Map<string, unknown>; times: Map<string, FeatureTimes> }> {
  const timed = features.filter((f) => f.times);
  const result = new Map<string, FeatureTimes>();
  const [statuses, rows] = await Promise.all([
    readFeatureStatuses(db),
    db
      .selectFrom('player_feature_state')
      .select(['feature', 'state_json'])
      .where('player_id', '=', playerId)
      .where(
        'feature',
        'in',
        timed.length > 0 ? timed.map((f) => f.name) : [''],
      )
      .execute(),
  ]);
  const states = new Map(rows.map((r) => [r.feature, JSON.parse(r.state_json) as unknown]));
  for (const feature of timed) {
    const times = feature.times!({ status: statuses.get(feature.name) ?? null, state: states.get(feature.name) ?? null, signedIn: true, nowMs });
    if (times) result.set(feature.name, times);
  }
  return { statuses, times: result };
}

export interface CollectInput {
  db: Kysely<Database>;
  features: readonly FeatureDefinition[];
  player: Player;
  locale: 'en' | 'es';
  nowMs: number;
  log: FastifyBaseLogger;
}

/**
 * One page's promotion cards for a signed-in player: every feature's `promotions` answer, placed by
 * the operator's data (docs/features/promotions.md). A self-excluded or cooling-off player gets none.
 * A feature whose contribution throws is logged and left out: one broken card does not take the page down.
 */
export async function collectPromotions(input: CollectInput, page: PromotionPage): Promise<PromotionsPage> {
  const { db, player, nowMs, locale } = input;
  if (player.account_status === 'SELF_EXCLUDED') return { promotions: [], available_soon: [], paused: 'selfExcluded' };
  if (player.account_status === 'COOLING_OFF') return { promotions: [], available_soon: [], paused: 'coolingOff' };
  const placements = await placementsOf(db);
  const shown = placements.filter((p) => p.enabled && (page === 'home' ? p.isShowHomePage : p.isShowPromoPage));
  if (shown.length === 0) return { promotions: [], available_soon: [], paused: null };
  const placementOf = new Map(placements.map((p) => [p.type, p]));
  const contributors = input.features.filter((f) => f.promotions);
  const { statuses, times } = await featureStateOf(db, contributors, player.id, nowMs);
  const answers = await Promise.all(
    contributors.map(async (feature) => {
      try {
        return { feature, parts: await feature.promotions!({ db, player, locale, nowMs, status: statuses.get(feature.name) ?? null, times: times.get(feature.name) }) };
      } catch (error) {
        input.log.error({ err: error, feature: feature.name }, 'a feature failed to answer its promotion cards');
        return { feature, parts: [] };
      }
    }),
  );
  const cards: Promotion[] = [];
  for (const { feature, parts } of answers) {
    const featureTimes = times.get(feature.name);
    parts.forEach((part, index) => {
      const placement = placementOf.get(part.type)!;
      cards.push({
        key: `${feature.name}:${part.type}:${part.key ?? index}`,
        type: part.type,
        feature: feature.name,
        viewKeys: { isShowHomePage: placement.isShowHomePage, isShowPromoPage: placement.isShowPromoPage },
        data: part.data as Record<string, unknown>,
        needDeposits: part.needDeposits ?? false,
        howWorks: placement.howWorks?.[locale] ?? null,
        link: part.link,
        availableAtMs: part.availableAtMs !== undefined ? part.availableAtMs : (featureTimes?.availableAtMs ?? null),
        finishesAtMs: part.finishesAtMs !== undefined ? part.finishesAtMs : (featureTimes?.finishesAtMs ?? null),
      });
    });
  }
  const { ready, soon } = arrangeCards(cards, placements, page, nowMs);
  return { promotions: ready, available_soon: soon, paused: null };
}
