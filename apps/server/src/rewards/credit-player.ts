import { grantFreeSpins } from '@sweepstack/db/rewards/repository';
import { ensurePlayerAccounts } from '@sweepstack/db/repositories/ledger/accounts';
import type { TransferRequest } from '@sweepstack/db/repositories/ledger/records';
import { transferMany } from '@sweepstack/db/repositories/ledger/transfers';
import type { Database } from '@sweepstack/db/schema';
import { isSweepstakesRestrictedPlayer } from '@sweepstack/db/repositories/player-location';
import { paysFortuneCoins, prizeCoins, withoutFortuneCoins, type Prize } from '@sweepstack/domain/rewards/prize';
import { systemAccountShard } from '@sweepstack/domain/wallet/accounts';
import { playerCreditKind } from '@sweepstack/domain/wallet/transfer-rules';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Transaction } from 'kysely';
import { recordBalanceChanged } from '../realtime/balance-push';
import { notifyPlayer } from './notices';

export interface CreditPlayerRequest {
  playerId: number;
  /** The feature paying it: in the ledger's metadata, the grant's source and the notice. */
  feature: string;
  prize: Prize;
  /**
   * Makes the credit happen once: the ledger transfers' idempotency keys (`<key>:GC`, `<key>:FC`),
   * the free-spin grant's source key and the notice key. A job passes its job key.
   */
  idempotencyKey: string;
  /** Extra ledger metadata (a draw id, a claim day…). */
  metadata?: Record<string, unknown>;
  /** Record a notice in the player's notices (prizes credited without the player looking). */
  notify?: boolean;
}

export interface CreditPlayerResult {
  /** True when every part had been credited before (a replay). */
  replayed: boolean;
  /** Set when the prize was free spins. */
  freeSpinGrantId?: number;
  /** True when Fortune Coins of the prize were withheld: the player's state has no Fortune Coin play. */
  fortuneCoinsWithheld?: boolean;
}

/**
 * The one way a feature pays a prize (docs/rewards.md): coins by ledger transfers from the `prizes`
 * system account with reason `prize` (Fortune Coins land unplayed, so they follow the wallet's
 * play-through rule before they can be redeemed), free spins as a grant; a balance push in the same
 * transaction. A multiplier or a lootbox is never paid as such: the draw resolves it first. A player
 * whose known state is on the restricted list is paid the Gold Coins of a prize only: its Fortune
 * Coins (and free spins played in them) are withheld, whatever the feature (docs/rewards.md).
 */
export async function creditPlayer(trx: Transaction<Database>, request: CreditPlayerRequest, options: { clock: Clock }): Promise<CreditPlayerResult> {
  const { playerId } = request;
  let prize = request.prize;
  const nowMs = options.clock.nowMs();
  if (prize.kind === 'multiplier' || prize.kind === 'lootbox') throw new Error(`creditPlayer: a ${prize.kind} prize must be resolved by its draw first`);
  let fortuneCoinsWithheld = false;
  if (paysFortuneCoins(prize) && (await isSweepstakesRestrictedPlayer(trx, playerId))) {
    prize = withoutFortuneCoins(prize);
    fortuneCoinsWithheld = true;
    // The player is told, whatever the feature: the notice names the prize the feature awarded.
    await notifyFortuneCoinsWithheld(trx, { playerId, feature: request.feature, prize: request.prize, key: request.idempotencyKey }, options);
  }
  const withheld = fortuneCoinsWithheld ? { fortuneCoinsWithheld } : {};
  if (prize.kind === 'nothing') return { replayed: false, ...withheld };
  if (request.notify) await notifyPlayer(trx, { playerId, kind: prize.kind === 'free_spins' ? 'free_spins_granted' : 'prize_credited', feature: request.feature, prize, key: request.idempotencyKey }, options);
  if (prize.kind === 'free_spins') {
    const { grant, replayed } = await grantFreeSpins(trx, {
      playerId,
      gameId: prize.gameId,
      currency: prize.currency,
      betLevel: prize.betLevel,
      spins: prize.count,
      expiresAtMs: nowMs + prize.lifetimeMs,
      sourceFeature: request.feature,
      sourceKey: request.idempotencyKey,
      nowMs,
    });
    return { replayed, freeSpinGrantId: Number(grant.id), ...withheld };
  }
  const coins = prizeCoins(prize);
  const metadata = { feature: request.feature, ...request.metadata, ...(fortuneCoinsWithheld ? { fortuneCoinsWithheld: true } : {}) };
  const transfers: TransferRequest[] = [];
  for (const [currency, amount] of [['GC', coins.gc], ['FC', coins.fcCents]] as const) {
    if (amount <= 0) continue;
    transfers.push({
      idempotencyKey: `${request.idempotencyKey}:${currency}`,
      from: { system: 'prizes', shard: systemAccountShard(playerId) },
      to: { playerId, kind: playerCreditKind(currency, 'prize') },
      currency,
      amount,
      reason: 'prize',
      metadata,
    });
  }
  // Accounts open at sign-up; a prize to a player from before the wallet existed opens them here.
  await ensurePlayerAccounts(trx, playerId, { clock: options.clock });
  const results = await transferMany(trx, transfers, { clock: options.clock });
  const replayed = results.every((r) => r.replayed);
  if (!replayed) await recordBalanceChanged(trx, playerId, { clock: options.clock, reason: `prize:${request.feature}` });
  return { replayed, ...withheld };
}

/**
 * The notice that a prize's Fortune Coins (or its free spins played in them) were withheld because
 * the player's state has no Fortune Coin play: `prize` is what the feature awarded, `key` the credit's
 * or the draw's key (once per key). creditPlayer and drawPrize write it where they withhold.
 */
export async function notifyFortuneCoinsWithheld(trx: Transaction<Database>, withheld: { playerId: number; feature: string; prize: Prize; key: string }, options: { clock: Clock }): Promise<void> {
  await notifyPlayer(trx, { playerId: withheld.playerId, kind: 'prize_withheld', feature: withheld.feature, prize: withheld.prize, key: `withheld:${withheld.key}` }, options);
}
