import type { FlipResponse } from '@sweepstack/contracts/promo-offers/links';
import { ensureActiveSeed, lockActiveSeed } from '@sweepstack/db/repositories/game-play';
import { lockPlayer, type Player } from '@sweepstack/db/repositories/players';
import { findSet, insertFlip, lastFlip, subscribeByFlip } from '@sweepstack/db/promo-offers/repository';
import { flipRefusal } from '@sweepstack/domain/promo-offers/availability';
import { newFairnessState } from '@sweepstack/games/fairness/seeds';
import { HmacRandomSource } from '@sweepstack/games/fairness/hmac-random';
import { sql } from 'kysely';
import type { AppDeps } from '../../app-context';
import { nativeHmacSha256 } from '../../games/play';
import { evaluatePresets, presetAnswer } from './offers';

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Flip-the-coin (spec §4, §7): the coin picks one of the set's presets on sale, by the player's
 * provably fair seed (the games' HMAC source, next nonce), and the player may then buy that preset
 * once. Refusals answer `success: false` with spec's `reasonType` and nothing is written.
 */
export async function flipTheCoin(deps: AppDeps, player: Player, setId: string): Promise<FlipResponse> {
  return deps.database.db.transaction().execute(async (trx) => {
    // One decision at a time per player (two taps cannot flip twice).
    await lockPlayer(trx, player.id);
    const nowMs = deps.clock.nowMs();
    const set = await findSet(trx, setId);
    const evaluated = set && Number(set.active) === 1 ? await evaluatePresets(trx, player.id, nowMs, (p) => p.offer_set === setId) : [];
    // On sale: everything holds except the subscription the flip itself gives.
    const onSale = evaluated.filter((e) => e.reasons.every((r) => r === 'linkRequired')).sort((a, b) => Number(a.preset.pkg.sort_order) - Number(b.preset.pkg.sort_order) || a.preset.package_id.localeCompare(b.preset.package_id));
    const last = set ? await lastFlip(trx, player.id, setId) : undefined;
    const held = last ? evaluated.find((e) => e.preset.package_id === last.package_id) : undefined;
    // The last flip's offer is still held while it can be bought (subscribed, not bought since the flip).
    const holdsUnboughtOffer = held !== undefined && held.reasons.length === 0;
    const cooldownMs = set ? Number(set.cooldown_ms) : 0;
    const refusal = flipRefusal({ offersOnSale: onSale.length, holdsUnboughtOffer, lastFlipAtMs: last?.created_at_ms ?? null, cooldownMs, nowMs });
    if (refusal) {
      return {
        success: false as const,
        reasonType: refusal,
        data: {
          presetId: refusal === 'limit_by_promo_offers' && last ? last.package_id : null,
          availableAt: refusal === 'limit_by_time' && last ? new Date(last.created_at_ms + cooldownMs).toISOString() : null,
        },
      };
    }
    const fresh = newFairnessState(deps.rng.bytes(32), hex(deps.rng.bytes(8)));
    await ensureActiveSeed(trx, player.id, { serverSeed: fresh.serverSeed, serverSeedHash: fresh.serverSeedHash, clientSeed: fresh.clientSeed }, nowMs);
    const seed = (await lockActiveSeed(trx, player.id))!;
    const nonce = Number(seed.next_nonce);
    const index = new HmacRandomSource({ serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce }, nativeHmacSha256).int(onSale.length);
    const moved = await trx.updateTable('fairness_seeds').set({ next_nonce: sql`next_nonce + 1` }).where('id', '=', seed.id).where('next_nonce', '=', nonce).executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new Error('fairness seed nonce moved during a flip');
    const chosen = onSale[index]!;
    await insertFlip(trx, { playerId: player.id, offerSet: setId, packageId: chosen.preset.package_id, seedId: Number(seed.id), nonce, nowMs });
    await subscribeByFlip(trx, { playerId: player.id, packageId: chosen.preset.package_id, nowMs });
    return {
      success: true as const,
      reasonType: null,
      data: {
        // The set's first offer (display order) is heads, the second tails.
        side: index % 2 === 0 ? ('heads' as const) : ('tails' as const),
        presetId: chosen.preset.package_id,
        preset: presetAnswer(chosen.preset, []),
        fairness: { serverSeedHash: seed.server_seed_hash, nonce },
      },
    };
  });
}
