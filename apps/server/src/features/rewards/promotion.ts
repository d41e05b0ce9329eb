import type { PlayerFreeSpinPromotionData } from '@sweepstack/contracts/promotions/cards/player-free-spin';
import { activeFreeSpinGrants } from '@sweepstack/db/rewards/repository';
import type { FeatureDefinition, PromotionContribution } from '../../platform/define-feature';

/**
 * The free spins card (docs/features/promotions.md): the player's free spins waiting, from every
 * feature that granted them through the rewards engine; it opens the game of the grant that expires
 * first. Nothing when no spins wait.
 */
export const freeSpinPromotions: NonNullable<FeatureDefinition['promotions']> = async ({ db, player, nowMs, locale }) => {
  const grants = await activeFreeSpinGrants(db, player.id, nowMs);
  const first = grants[0];
  if (!first) return [];
  const game = await db.selectFrom('games').select(['id', 'slug', 'title', 'title_es', 'image']).where('id', '=', first.game_id).executeTakeFirst();
  if (!game) return [];
  const data: PlayerFreeSpinPromotionData = {
    spins: grants.reduce((sum, g) => sum + Number(g.spins_remain), 0),
    // The game's name in the page's language (operator data, content/games/titles-es.json).
    game: { id: Number(game.id), slug: game.slug, title: (locale === 'es' && game.title_es) || game.title, img: game.image },
    currency: first.currency,
    expiresAtMs: Number(first.expires_at_ms),
  };
  const card: PromotionContribution = { type: 'playerFreeSpin', data, link: { modal: 'game', options: { game: game.slug, isMoney: first.currency === 'FC' } }, availableAtMs: null, finishesAtMs: data.expiresAtMs };
  return [card];
};
