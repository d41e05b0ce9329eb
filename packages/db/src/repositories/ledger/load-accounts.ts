import type { Clock } from '@sweepstack/domain/shared/clock';
import { DomainError } from '@sweepstack/domain/shared/domain-error';
import { type AccountRef, type AccountSnapshot, accountRefKey, kindAllowedInCurrency, parseSystemAccountCode, type PlayerAccountKind, type SystemAccountKind, systemAccountCode } from '@sweepstack/domain/wallet/accounts';
import type { Currency } from '@sweepstack/domain/wallet/money';
import type { Transaction } from 'kysely';
import type { Database } from '../../schema';
import { statementsOf } from '../../statements';
import { type LedgerAccount, placeholders, toSnapshot } from './records';

/** Accounts loaded (and on PostgreSQL locked) for one atomic ledger operation, by reference key. */
export type AccountMap = Map<string, AccountSnapshot>;

function refKind(ref: AccountRef) {
  return 'system' in ref ? ref.system : ref.kind;
}

/**
 * Loads the accounts a set of references names, opening missing system accounts. On PostgreSQL the
 * rows are locked FOR UPDATE in ascending id order, in one statement (every account of the players
 * named, so that all ledger writes for a player take their locks in the same order and cannot
 * deadlock). SQLite needs no locks (one transaction at a time) and reads only the accounts named,
 * unless `players` asks for every account of those players as well (a settlement batch's balances).
 */
export async function loadAccounts(trx: Transaction<Database>, refs: { ref: AccountRef; currency: Currency }[], clock: Clock, options: { players?: readonly number[] } = {}): Promise<AccountMap> {
  const systemCodes = new Set<string>();
  const playerAccounts = new Map<string, { playerId: number; currency: Currency; kind: PlayerAccountKind }>();
  for (const { ref, currency } of refs) {
    const kind = refKind(ref);
    if (!kindAllowedInCurrency(kind, currency)) throw new DomainError('WALLET_CURRENCY_MISMATCH', `there is no ${kind} account in ${currency}`);
    if ('system' in ref) {
      const code = systemAccountCode(ref.system, currency, ref.shard ?? 0);
      if (!parseSystemAccountCode(code)) throw new DomainError('WALLET_ACCOUNT_NOT_FOUND', `no system account ${code}`);
      systemCodes.add(code);
    }
    else {
      if (!Number.isSafeInteger(ref.playerId)) throw new DomainError('WALLET_ACCOUNT_NOT_FOUND', 'invalid player id');
      playerAccounts.set(accountRefKey(ref, currency), { playerId: ref.playerId, currency, kind: ref.kind });
    }
  }
  const statements = statementsOf(trx);
  const lock = statements.postgres;
  const wholePlayers = lock || options.players !== undefined;
  // Hand-written SQL on this hot path: the same text for the same shape of request, so SQLite reuses
  // the prepared statement.
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (systemCodes.size > 0) {
    conditions.push(`code in (${placeholders(systemCodes.size)})`);
    params.push(...systemCodes);
  }
  if (wholePlayers) {
    // Every account of each player, so that any ledger call for a player takes the same locks (and a
    // batch sees every balance of its players).
    const playerIds = [...new Set([...playerAccounts.values()].map((a) => a.playerId).concat(options.players ?? []))];
    if (playerIds.length > 0) {
      conditions.push(`owner_player_id in (${placeholders(playerIds.length)})`);
      params.push(...playerIds);
    }
  } else {
    for (const a of playerAccounts.values()) {
      conditions.push('(owner_player_id = ? and currency = ? and kind = ?)');
      params.push(a.playerId, a.currency, a.kind);
    }
  }
  // The order matters only for the locks (PostgreSQL); SQLite would sort in a temporary B-tree.
  const text = `select * from ledger_accounts where ${conditions.join(' or ')}${lock ? ' order by id for update' : ''}`;
  const select = async () => statements.all<LedgerAccount>(text, params);
  let rows = await select();
  const found = new Set(rows.map((r) => r.code));
  const missing = [...systemCodes].filter((code) => !found.has(code));
  if (missing.length > 0) {
    await trx
      .insertInto('ledger_accounts')
      .values(
        missing.map((code) => {
          const { currency, kind } = parseSystemAccountCode(code)!;
          return { owner_player_id: null, code, currency, kind, balance: 0, created_at_ms: clock.nowMs() };
        }),
      )
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    rows = await select();
  }
  const map: AccountMap = new Map();
  for (const row of rows) {
    const snapshot = toSnapshot(row);
    const ref: AccountRef =
      row.owner_player_id === null ? { system: row.kind as SystemAccountKind, shard: parseSystemAccountCode(row.code ?? '')?.shard ?? 0 } : { playerId: snapshot.ownerPlayerId!, kind: row.kind as PlayerAccountKind };
    map.set(accountRefKey(ref, row.currency), snapshot);
  }
  for (const { ref, currency } of refs) {
    if (!map.has(accountRefKey(ref, currency))) throw new DomainError('WALLET_ACCOUNT_NOT_FOUND', `no ledger account ${accountRefKey(ref, currency)}`);
  }
  return map;
}
