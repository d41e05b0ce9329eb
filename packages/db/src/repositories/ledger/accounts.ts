import { systemClock } from '@sweepstack/domain/shared/clock';
import { DomainError } from '@sweepstack/domain/shared/domain-error';
import { type AccountRef, kindAllowedInCurrency, parseSystemAccountCode, playerAccountKindsFor, systemAccountCode, systemAccountKindsFor, SYSTEM_ACCOUNT_SHARDS } from '@sweepstack/domain/wallet/accounts';
import { CURRENCIES, type Currency } from '@sweepstack/domain/wallet/money';
import type { LedgerAccount, LedgerDb, LedgerOptions } from './records';

/** Opens a player's sub-accounts in both currencies (idempotent); WALLET_ACCOUNT_NOT_FOUND for an unknown player. */
export async function ensurePlayerAccounts(db: LedgerDb, playerId: number, options: LedgerOptions = {}): Promise<LedgerAccount[]> {
  const clock = options.clock ?? systemClock;
  if (!Number.isSafeInteger(playerId)) throw new DomainError('WALLET_ACCOUNT_NOT_FOUND', 'invalid player id');
  const player = await db.selectFrom('players').select('id').where('id', '=', playerId).executeTakeFirst();
  if (!player) throw new DomainError('WALLET_ACCOUNT_NOT_FOUND', `no player ${playerId}`);
  const values = CURRENCIES.flatMap((currency) =>
    playerAccountKindsFor(currency).map((kind) => ({ owner_player_id: playerId, code: null, currency, kind, balance: 0, created_at_ms: clock.nowMs() })),
  );
  await db
    .insertInto('ledger_accounts')
    .values(values)
    .onConflict((oc) => oc.columns(['owner_player_id', 'currency', 'kind']).doNothing())
    .execute();
  return db.selectFrom('ledger_accounts').selectAll().where('owner_player_id', '=', playerId).orderBy('id').execute();
}

/**
 * Opens one account (idempotent) and answers it: a player's sub-account (the player must exist) or
 * a system account's shard (0 unless the reference names one).
 */
export async function openAccount(db: LedgerDb, ref: AccountRef, currency: Currency, options: LedgerOptions = {}): Promise<LedgerAccount> {
  const clock = options.clock ?? systemClock;
  const kind = 'system' in ref ? ref.system : ref.kind;
  if (!kindAllowedInCurrency(kind, currency)) throw new DomainError('WALLET_CURRENCY_MISMATCH', `there is no ${kind} account in ${currency}`);
  if (!('system' in ref)) {
    await ensurePlayerAccounts(db, ref.playerId, options);
    return db.selectFrom('ledger_accounts').selectAll().where('owner_player_id', '=', ref.playerId).where('currency', '=', currency).where('kind', '=', ref.kind).executeTakeFirstOrThrow();
  }
  const code = systemAccountCode(ref.system, currency, ref.shard ?? 0);
  if (!parseSystemAccountCode(code)) throw new DomainError('WALLET_ACCOUNT_NOT_FOUND', `no system account ${code}`);
  await db
    .insertInto('ledger_accounts')
    .values({ owner_player_id: null, code, currency, kind: ref.system, balance: 0, created_at_ms: clock.nowMs() })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  return db.selectFrom('ledger_accounts').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
}

/** Opens every system account of both currencies, all shards (idempotent; they also open on first use). */
export async function ensureSystemAccounts(db: LedgerDb, options: LedgerOptions = {}): Promise<void> {
  const clock = options.clock ?? systemClock;
  const values = CURRENCIES.flatMap((currency) =>
    systemAccountKindsFor(currency).flatMap((kind) =>
      Array.from({ length: SYSTEM_ACCOUNT_SHARDS }, (_, shard) => ({ owner_player_id: null, code: systemAccountCode(kind, currency, shard), currency, kind, balance: 0, created_at_ms: clock.nowMs() })),
    ),
  );
  await db
    .insertInto('ledger_accounts')
    .values(values)
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}
