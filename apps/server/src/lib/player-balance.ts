import type { PlayerBalance } from '@sweepstack/contracts/app/app-init';
import type { AppDeps } from '../app-context';

/**
 * The balances app init shows (spec §3 playerInfo.playerBalance). There is no wallet yet, so every
 * player holds nothing: this is the one place the wallet replaces with its ledger read
 * (entries and winnings in Fortune Coins with two decimals, tourPoints and coins in whole Gold Coins).
 */
export async function readPlayerBalance(_deps: Pick<AppDeps, 'database'>, _playerId: number): Promise<PlayerBalance> {
  return { entries: 0, winnings: 0, tourPoints: 0, coins: 0 };
}

/**
 * How many completed deposits (purchases) the player has made. There is no payments module yet, so
 * nobody has deposited: the count is truly 0. The wallet replaces this body with its count.
 */
export async function readDepositsCount(_deps: Pick<AppDeps, 'database'>, _playerId: number): Promise<number> {
  return 0;
}
