import type { PlayerBalance } from '@sweepstack/contracts/app/app-init';
import { preparedQuery } from '@sweepstack/db/prepared-query';
import { playerBalanceView } from '@sweepstack/domain/wallet/plan-play';
import type { AppDeps } from '../app-context';

/**
 * A player's ledger accounts (the cached balances the ledger keeps in the same transaction as every
 * transfer). The same read as the ledger's `getPlayerBalance`, compiled once per handle because app
 * init runs it on every signed-in request (the tests check both answer the same).
 */
const selectPlayerAccounts = preparedQuery((db, playerId: number) =>
  db.selectFrom('ledger_accounts').select(['currency', 'kind', 'balance']).where('owner_player_id', '=', playerId),
);

/**
 * Fortune Coins as the API shows them: the ledger keeps integer hundredths, the contract
 * (ZPlayerBalance) and the web (formatFortuneCoins, 2 decimals) take coins, so 150 cents → 1.5.
 * Dividing an integer by 100 gives the closest double to the 2-decimal value, which JSON writes
 * exactly as that decimal.
 */
export function fortuneCoinsFromCents(cents: number): number {
  return cents / 100;
}

/**
 * The balances app init shows (spec §3 playerInfo.playerBalance) from the wallet ledger:
 * `tourPoints` and `coins` are whole Gold Coins, `entries` (all Fortune Coins: unplayed plus
 * redeemable) and `winnings` (redeemable Fortune Coins) are Fortune Coins with 2 decimals.
 * A player whose accounts are not open yet holds zeros.
 */
export async function readPlayerBalance(deps: Pick<AppDeps, 'database'>, playerId: number): Promise<PlayerBalance> {
  return balanceFromAccounts(await selectPlayerAccounts(deps.database.db, playerId));
}

/** The app init balance of a player's ledger account rows (currency, kind, cached balance). */
export function balanceFromAccounts(rows: ReadonlyArray<{ currency: string; kind: string; balance: number | string }>): PlayerBalance {
  let gc = 0;
  let fcUnplayed = 0;
  let fcRedeemable = 0;
  for (const row of rows) {
    const balance = Number(row.balance);
    if (row.currency === 'GC' && row.kind === 'player_balance') gc = balance;
    else if (row.currency === 'FC' && row.kind === 'player_unplayed') fcUnplayed = balance;
    else if (row.currency === 'FC' && row.kind === 'player_redeemable') fcRedeemable = balance;
  }
  const view = playerBalanceView({ gc, fcUnplayed, fcRedeemable });
  return {
    entries: fortuneCoinsFromCents(view.entries),
    winnings: fortuneCoinsFromCents(view.winnings),
    tourPoints: view.tourPoints,
    coins: view.coins,
  };
}

/** How many completed deposits (purchases) the player has made, as the cashier counts them. */
const selectDepositsCount = preparedQuery((db, playerId: number) => db.selectFrom('cashier_player_stats').select('deposits_count').where('player_id', '=', playerId));

/** Compiled once per handle: app init reads it on every signed-in call. */
export async function readDepositsCount(deps: Pick<AppDeps, 'database'>, playerId: number): Promise<number> {
  const [row] = await selectDepositsCount(deps.database.db, playerId);
  return Number(row?.deposits_count ?? 0);
}
