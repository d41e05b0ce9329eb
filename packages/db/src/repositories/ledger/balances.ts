import { type AccountRef, type PlayerAccountKind, systemAccountCode, SYSTEM_ACCOUNT_SHARDS } from '@sweepstack/domain/wallet/accounts';
import type { Currency } from '@sweepstack/domain/wallet/money';
import { playerBalanceView } from '@sweepstack/domain/wallet/plan-play';
import { statementsOf } from '../../statements';
import type { LedgerDb } from './records';

/** The balance of an account (a system account's over all its shards; 0 when never opened). */
export async function getAccountBalance(db: LedgerDb, ref: AccountRef, currency: Currency): Promise<number> {
  if ('system' in ref) {
    const codes = Array.from({ length: SYSTEM_ACCOUNT_SHARDS }, (_, shard) => systemAccountCode(ref.system, currency, shard));
    const rows = await db.selectFrom('ledger_accounts').select('balance').where('code', 'in', codes).execute();
    return rows.reduce((sum, r) => sum + Number(r.balance), 0);
  }
  const row = await db.selectFrom('ledger_accounts').select('balance').where('owner_player_id', '=', ref.playerId).where('currency', '=', currency).where('kind', '=', ref.kind).executeTakeFirst();
  return Number(row?.balance ?? 0);
}

export interface PlayerBalance {
  /** Gold Coins. */
  tourPoints: number;
  /** Fortune Coins in cents, unplayed plus redeemable. */
  entries: number;
  /** Redeemable Fortune Coins in cents. */
  winnings: number;
  /** Gold Coins again, for clients that read `coins`. */
  coins: number;
  /** Unplayed Fortune Coins in cents. */
  unplayed: number;
}

/** A player's balances (zeros for a player whose accounts are not open yet). */
export async function getPlayerBalance(db: LedgerDb, playerId: number): Promise<PlayerBalance> {
  const rows = await statementsOf(db).all<{ currency: Currency; kind: string; balance: number }>('select currency, kind, balance from ledger_accounts where owner_player_id = ?', [playerId]);
  const of = (currency: Currency, kind: PlayerAccountKind) => Number(rows.find((r) => r.currency === currency && r.kind === kind)?.balance ?? 0);
  return playerBalanceView({ gc: of('GC', 'player_balance'), fcUnplayed: of('FC', 'player_unplayed'), fcRedeemable: of('FC', 'player_redeemable') });
}
