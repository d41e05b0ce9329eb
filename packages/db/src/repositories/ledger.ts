import { systemClock, type Clock } from '@sweepstack/domain/shared/clock';
import { DomainError } from '@sweepstack/domain/shared/domain-error';
import {
  type AccountRef,
  type AccountSnapshot,
  accountRefKey,
  kindAllowedInCurrency,
  mayGoNegative,
  parseSystemAccountCode,
  type PlayerAccountKind,
  playerAccountKindsFor,
  type SystemAccountKind,
  systemAccountCode,
  systemAccountKindsFor,
  SYSTEM_ACCOUNT_SHARDS,
  systemAccountShard,
} from '@sweepstack/domain/wallet/accounts';
import type { LedgerTransferRow } from '@sweepstack/domain/wallet/in-memory-ledger';
import { CURRENCIES, type Currency, type LedgerAmount } from '@sweepstack/domain/wallet/money';
import { type PlayerBalances, planPlay, playerBalanceView, possiblePlayLegKeys } from '@sweepstack/domain/wallet/plan-play';
import { DEFAULT_SIGNUP_GIFT, parseSignupGiftSettings, SIGNUP_GIFT_SETTING_KEYS, type SignupGiftSettings, signupGiftKey, signupGiftTransfers } from '@sweepstack/domain/wallet/signup-gift';
import { assertFundsAvailable, assertSameTransfer, type ReasonCode, type TransferStatus, validateTransferAccounts, validateTransferShape } from '@sweepstack/domain/wallet/transfer-rules';
import { decideResolution, type PendingResolution, resolutionKey, resolutionTarget } from '@sweepstack/domain/wallet/two-phase';
import { PostgresAdapter, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../schema';
import { type Statements, statementsOf } from '../statements';
import type { LedgerAccountsTable, LedgerTransfersTable } from '../tables/ledger';
import { readSetting } from './settings';

/**
 * The double-entry ledger (DESIGN.md rule 2, docs/wallet-ledger.md). Every function takes either the
 * database or a caller's transaction: with a transaction, the ledger's writes join it (inside a
 * savepoint, so a refused transfer leaves the caller's other writes usable); otherwise the function
 * runs its own transaction.
 */
export type LedgerDb = Kysely<Database> | Transaction<Database>;

export interface LedgerOptions {
  clock?: Clock;
}

/** One transfer between two accounts of one currency. */
export interface TransferRequest {
  idempotencyKey: string;
  from: AccountRef;
  to: AccountRef;
  currency: Currency;
  amount: LedgerAmount | number;
  reason: ReasonCode;
  metadata?: Record<string, unknown>;
}

/** A stored transfer: the domain's transfer row plus when it was written. */
export interface TransferRecord extends LedgerTransferRow {
  createdAtMs: number;
}

/** A transfer as written; `replayed` when the key had been used and the first result is returned. */
export interface TransferResult {
  transfer: TransferRecord;
  replayed: boolean;
}

export type LedgerAccount = Selectable<LedgerAccountsTable>;
type TransferRow = Selectable<LedgerTransfersTable>;

const METADATA_MAX_CHARS = 8_000;

function isPostgres(db: LedgerDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function toRecord(row: TransferRow): TransferRecord {
  return {
    id: Number(row.id),
    idempotencyKey: row.idempotency_key,
    debitAccountId: Number(row.debit_account_id),
    creditAccountId: Number(row.credit_account_id),
    currency: row.currency,
    amount: Number(row.amount),
    reason: row.reason,
    status: row.status,
    pendingId: row.pending_id === null ? null : Number(row.pending_id),
    metadata: JSON.parse(row.metadata_json) as Record<string, unknown>,
    createdAtMs: Number(row.created_at_ms),
  };
}

function toSnapshot(row: LedgerAccount): AccountSnapshot {
  return { id: Number(row.id), ownerPlayerId: row.owner_player_id === null ? null : Number(row.owner_player_id), currency: row.currency, kind: row.kind, balance: Number(row.balance) };
}

function metadataJson(metadata: Record<string, unknown> | undefined): string {
  if (metadata !== undefined && (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))) {
    throw new DomainError('VALIDATION_FAILED', 'transfer metadata must be an object', { metadata: 'Must be an object' });
  }
  const json = JSON.stringify(metadata ?? {});
  if (json.length > METADATA_MAX_CHARS) throw new DomainError('VALIDATION_FAILED', 'transfer metadata is too large', { metadata: 'Too large' });
  return json;
}

const RETRYABLE_POSTGRES_CODES = new Set(['40001', '40P01']);
const SQLITE_MAX_BATCH = 200;

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

// One name for every savepoint: nested savepoints may share it (RELEASE and ROLLBACK TO act on the
// innermost), and a constant SQL text lets SQLite reuse the prepared statements.
async function inSavepoint<T>(trx: Transaction<Database>, work: Work<T>): Promise<T> {
  const statements = statementsOf(trx);
  await statements.run('savepoint ledger_savepoint', []);
  try {
    const result = await work(trx);
    await statements.run('release savepoint ledger_savepoint', []);
    return result;
  } catch (error) {
    await statements.run('rollback to savepoint ledger_savepoint', []);
    await statements.run('release savepoint ledger_savepoint', []);
    throw error;
  }
}

/**
 * Plain transfers of one caller (`transfer`, `transferMany`, `createPending`) queued for the group
 * commit: consecutive ones are written together (below). `clock` is the caller's.
 */
interface MergeableTransfers {
  planned: PlannedTransfer[];
  clock: Clock;
}

interface GroupItem {
  work: Work<unknown>;
  merge?: MergeableTransfers;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** At most this many transfers are written by one merged statement (bounds the SQL variants cached). */
const SQLITE_MAX_MERGED_TRANSFERS = 64;

/**
 * Group commit for SQLite. SQLite runs one transaction at a time on its single connection, and each
 * transaction pays a fixed cost (begin, commit, the WAL write). Ledger operations that arrive while
 * one is running are queued, then run together, in order, in one transaction. Every caller is
 * answered only after that commit. If any operation of the group is refused (or the commit fails),
 * the whole group rolls back and each of its operations runs again in a transaction of its own, in
 * the same order, so that the refusal only reaches its own caller. Operations are therefore retried:
 * they may only write to the database (the ledger's own work functions do nothing else).
 *
 * Consecutive plain transfers of the group (with the same clock) are also written together: their
 * accounts loaded by one statement, their rows inserted by one, their balances moved by one, exactly
 * as `transferMany` writes several transfers of one caller, in the same order. A key given twice is a
 * replay of its first use, as it would be one call after the other.
 */
class SqliteGroupCommit {
  private readonly queue: GroupItem[] = [];
  private draining = false;

  constructor(private readonly db: Kysely<Database>) {}

  run<T>(work: Work<T>, merge?: MergeableTransfers): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, merge, resolve: resolve as (value: unknown) => void, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      let lastBatchSize = 0;
      for (;;) {
        // After a group, the callers it answered usually come straight back: give them one turn of
        // the event loop to queue up, so that they form the next group instead of a group of one.
        if (this.queue.length === 0 && lastBatchSize > 1) await new Promise((resolve) => setImmediate(resolve));
        if (this.queue.length === 0) break;
        const batch = this.queue.splice(0, SQLITE_MAX_BATCH);
        lastBatchSize = batch.length;
        if (batch.length === 1) {
          const [only] = batch;
          await this.db.transaction().execute(only!.work).then(only!.resolve, only!.reject);
          continue;
        }
        const values: unknown[] = [];
        let grouped = true;
        try {
          await this.db.transaction().execute(async (trx) => {
            for (let i = 0; i < batch.length; ) {
              const run = mergeableRun(batch, i);
              if (run.length > 1) values.push(...(await writeMerged(trx, run)));
              else values.push(await batch[i]!.work(trx));
              i += Math.max(1, run.length);
            }
          });
        } catch {
          grouped = false;
        }
        if (grouped) {
          batch.forEach((item, i) => item.resolve(values[i]));
          continue;
        }
        for (const item of batch) await this.db.transaction().execute(item.work).then(item.resolve, item.reject);
      }
    } finally {
      this.draining = false;
    }
  }
}

/** The consecutive mergeable items from `start` (same clock, bounded in transfers); empty if `start` is not one. */
function mergeableRun(batch: GroupItem[], start: number): MergeableTransfers[] {
  const first = batch[start]?.merge;
  if (!first) return [];
  const run = [first];
  let transfers = first.planned.length;
  for (let i = start + 1; i < batch.length; i++) {
    const next = batch[i]!.merge;
    if (!next || next.clock !== first.clock || transfers + next.planned.length > SQLITE_MAX_MERGED_TRANSFERS) break;
    run.push(next);
    transfers += next.planned.length;
  }
  return run;
}

/** Writes the transfers of several callers as one operation; answers each caller's results. */
async function writeMerged(trx: Transaction<Database>, run: MergeableTransfers[]): Promise<TransferResult[][]> {
  const planned = run.flatMap((item) => item.planned);
  const clock = run[0]!.clock;
  const results = await writeTransfers(trx, planned, await loadAccounts(trx, refsOf(planned), clock), clock);
  let offset = 0;
  return run.map((item) => results.slice(offset, (offset += item.planned.length)));
}

const groupCommits = new WeakMap<Kysely<Database>, SqliteGroupCommit>();

/**
 * Runs `work` atomically. In a caller's transaction: inside a savepoint, rolled back on error (the
 * caller's transaction stays usable, also on PostgreSQL). Otherwise on PostgreSQL in a transaction
 * of its own, retried on serialization failures and deadlocks (none is expected: accounts are locked
 * in ascending id order); on SQLite through the group commit above. Kysely's SQLite driver hands its
 * single connection to one transaction at a time, so concurrent callers on one handle queue up and
 * never interleave.
 */
export async function ledgerAtomic<T>(db: LedgerDb, work: Work<T>, merge?: MergeableTransfers): Promise<T> {
  if (db.isTransaction) return inSavepoint(db as Transaction<Database>, work);
  if (!isPostgres(db)) {
    let group = groupCommits.get(db);
    if (!group) {
      group = new SqliteGroupCommit(db);
      groupCommits.set(db, group);
    }
    return group.run(work, merge);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= 3 || typeof code !== 'string' || !RETRYABLE_POSTGRES_CODES.has(code)) throw error;
    }
  }
}

function placeholders(count: number): string {
  return count === 1 ? '?' : Array.from({ length: count }, () => '?').join(', ');
}

/** Accounts loaded (and on PostgreSQL locked) for one atomic ledger operation, by reference key. */
type AccountMap = Map<string, AccountSnapshot>;

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
async function loadAccounts(trx: Transaction<Database>, refs: { ref: AccountRef; currency: Currency }[], clock: Clock, options: { players?: readonly number[] } = {}): Promise<AccountMap> {
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

/**
 * Points the system side of a transfer at the shard of the player on the other side (shard 0 between
 * two system accounts), unless the reference names its shard (a redemption's resolution does).
 */
function sharded(request: TransferRequest): TransferRequest {
  const playerId = 'playerId' in request.from ? request.from.playerId : 'playerId' in request.to ? request.to.playerId : null;
  const shard = systemAccountShard(playerId);
  const place = (ref: AccountRef): AccountRef => ('system' in ref ? { system: ref.system, shard: ref.shard ?? shard } : ref);
  return { ...request, from: place(request.from), to: place(request.to) };
}

interface PlannedTransfer {
  request: TransferRequest;
  status: TransferStatus;
  pendingId: number | null;
}

/** A transfer against loaded accounts: its system side on the player's shard, its accounts, checked. */
function resolveTransfer(unsharded: TransferRequest, accounts: AccountMap) {
  const request = sharded(unsharded);
  const debit = accounts.get(accountRefKey(request.from, request.currency));
  const credit = accounts.get(accountRefKey(request.to, request.currency));
  if (!debit || !credit) throw new Error(`ledger: accounts of ${request.idempotencyKey} were not loaded`);
  const shape = { ...request, amount: request.amount as number };
  validateTransferAccounts(shape, debit, credit);
  return { request, shape, debit, credit };
}

/** Moves a transfer's amount on the loaded balances (funds checked) and records it for the balance update. */
function moveBalances(shape: TransferRequest & { amount: number }, debit: AccountSnapshot, credit: AccountSnapshot, moves: BalanceMoves): void {
  assertFundsAvailable(shape, debit);
  debit.balance -= shape.amount;
  credit.balance += shape.amount;
  moves.debit(debit, shape.amount);
  moves.credit(credit, shape.amount);
}

/** Writes transfers in order against loaded accounts; the caller provides atomicity. */
async function writeTransfers(trx: Transaction<Database>, planned: PlannedTransfer[], accounts: AccountMap, clock: Clock): Promise<TransferResult[]> {
  const statements = statementsOf(trx);
  const createdAtMs = clock.nowMs();
  const rows = planned.map(({ request, status, pendingId }) => ({ ...resolveTransfer(request, accounts), status, pendingId, metadata: metadataJson(request.metadata) }));
  // Claim the keys first, all in one statement: a replay is recognised before any balance check, so
  // a retry after the coins were spent still answers the first result. Rows get their ids in the
  // order given (the audit replays a player's history in id order).
  const params: unknown[] = [];
  for (const r of rows) params.push(r.request.idempotencyKey, r.debit.id, r.credit.id, r.request.currency, r.shape.amount, r.request.reason, r.metadata, r.status, r.pendingId, createdAtMs);
  const inserted = await statements.all<{ id: number; idempotency_key: string }>(
    `insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, currency, amount, reason, metadata_json, status, pending_id, created_at_ms)
      values ${rows.length === 1 ? TRANSFER_VALUES : Array.from({ length: rows.length }, () => TRANSFER_VALUES).join(', ')}
      on conflict (idempotency_key) do nothing returning id, idempotency_key`,
    params,
  );
  const idOf = new Map(inserted.map((row) => [row.idempotency_key, Number(row.id)]));
  const results: TransferResult[] = [];
  const moves = new BalanceMoves();
  for (const { request, shape, debit, credit, status, pendingId, metadata } of rows) {
    const id = idOf.get(request.idempotencyKey);
    // A key given twice in one call is written once; the second is its replay.
    if (id !== undefined) idOf.delete(request.idempotencyKey);
    else {
      const [first] = await statements.all<TransferRow>('select * from ledger_transfers where idempotency_key = ?', [request.idempotencyKey]);
      if (!first) throw new Error(`ledger: transfer ${request.idempotencyKey} conflicted but cannot be read`);
      const record = toRecord(first);
      assertSameTransfer(record, { debitAccountId: debit.id, creditAccountId: credit.id, currency: request.currency, amount: shape.amount, reason: request.reason, status }, request.idempotencyKey);
      results.push({ transfer: record, replayed: true });
      continue;
    }
    moveBalances(shape, debit, credit, moves);
    // The row as written (nothing to read back: the values are ours, the id came with RETURNING).
    const transfer: TransferRecord = {
      id,
      idempotencyKey: request.idempotencyKey,
      debitAccountId: debit.id,
      creditAccountId: credit.id,
      currency: request.currency,
      amount: shape.amount,
      reason: request.reason,
      status,
      pendingId,
      metadata: JSON.parse(metadata) as Record<string, unknown>,
      createdAtMs,
    };
    results.push({ transfer, replayed: false });
  }
  await moves.apply(statements);
  return results;
}

const TRANSFER_VALUES = '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';

/**
 * The balance changes of the transfers of one operation, written by one guarded UPDATE. Each account
 * changes by the sum of its movements; an account that may not go negative is updated only if its
 * stored balance covers the deepest point its movements reach in order (a bet before the win that
 * follows it must be covered on its own). The domain checked the same on the loaded balances; the
 * database checks it again: a row left unchanged means the funds are not there.
 */
class BalanceMoves {
  private readonly accounts = new Map<number, { delta: number; need: number; guarded: boolean }>();

  private entry(account: AccountSnapshot) {
    let entry = this.accounts.get(account.id);
    if (!entry) {
      entry = { delta: 0, need: 0, guarded: !mayGoNegative(account.kind) };
      this.accounts.set(account.id, entry);
    }
    return entry;
  }

  debit(account: AccountSnapshot, amount: number): void {
    const entry = this.entry(account);
    entry.delta -= amount;
    entry.need = Math.max(entry.need, -entry.delta);
  }

  credit(account: AccountSnapshot, amount: number): void {
    this.entry(account).delta += amount;
  }

  /**
   * Writes the changes by one UPDATE per `perStatement` accounts, whose SQL text depends only on the
   * number of accounts (SQLite reuses its prepared statement): a row changes only if its stored
   * balance is at least its floor: for an account that may not go negative, the deepest point its
   * movements reach in order; otherwise (or when it only receives) the lowest safe integer, no floor.
   */
  async apply(statements: Statements, perStatement = Number.POSITIVE_INFINITY): Promise<void> {
    const entries = [...this.accounts];
    for (let start = 0; start < entries.length; start += perStatement) await BalanceMoves.update(statements, entries.slice(start, start + perStatement));
  }

  private static async update(statements: Statements, entries: [number, { delta: number; need: number; guarded: boolean }][]): Promise<void> {
    const whens = entries.map(() => 'when ? then cast(? as bigint)').join(' ');
    const ids = entries.map(([id]) => id);
    const changed = await statements.run(`update ledger_accounts set balance = balance + case id ${whens} end where id in (${placeholders(ids.length)}) and balance >= case id ${whens} end`, [
      ...entries.flatMap(([id, { delta }]) => [id, delta]),
      ...ids,
      ...entries.flatMap(([id, { need, guarded }]) => [id, guarded && need > 0 ? need : Number.MIN_SAFE_INTEGER]),
    ]);
    if (changed !== ids.length) throw new DomainError('WALLET_INSUFFICIENT_FUNDS', `accounts ${ids.join(', ')} cannot pay these transfers`);
  }
}

function refsOf(planned: PlannedTransfer[]): { ref: AccountRef; currency: Currency }[] {
  return planned.flatMap(({ request: unsharded }) => {
    const request = sharded(unsharded);
    return [
      { ref: request.from, currency: request.currency },
      { ref: request.to, currency: request.currency },
    ];
  });
}

async function applyPlanned(db: LedgerDb, planned: PlannedTransfer[], options: LedgerOptions): Promise<TransferResult[]> {
  for (const { request } of planned) validateTransferShape(request as TransferRequest & { amount: number });
  const clock = options.clock ?? systemClock;
  return ledgerAtomic(db, async (trx) => writeTransfers(trx, planned, await loadAccounts(trx, refsOf(planned), clock), clock), { planned, clock });
}

/** Moves coins between two accounts; a retried key answers the first result and changes nothing. */
export async function transfer(db: LedgerDb, request: TransferRequest, options: LedgerOptions = {}): Promise<TransferResult> {
  const [result] = await applyPlanned(db, [{ request, status: 'posted', pendingId: null }], options);
  return result!;
}

/** Several transfers in one transaction: all are written or none. */
export async function transferMany(db: LedgerDb, requests: TransferRequest[], options: LedgerOptions = {}): Promise<TransferResult[]> {
  if (requests.length === 0) return [];
  return applyPlanned(
    db,
    requests.map((request) => ({ request, status: 'posted', pendingId: null })),
    options,
  );
}

export interface PlayRequest {
  idempotencyKey: string;
  playerId: number;
  currency: Currency;
  amount: LedgerAmount | number;
  metadata?: Record<string, unknown>;
}

function playAccountRefs(request: PlayRequest): { ref: AccountRef; currency: Currency }[] {
  const refs = playerAccountKindsFor(request.currency).map((kind) => ({ ref: { playerId: request.playerId, kind } as AccountRef, currency: request.currency }));
  return [...refs, { ref: { system: 'game_play', shard: systemAccountShard(request.playerId) }, currency: request.currency }];
}

/**
 * The play's legs against loaded accounts: the legs first written when the key was used (replayed as
 * a whole), or the legs to write now.
 */
async function planPlayLegs(trx: Transaction<Database>, request: PlayRequest, accounts: AccountMap): Promise<{ replayed: TransferRecord[] } | { planned: PlannedTransfer[] }> {
  const amount = request.amount as number;
  const keys = possiblePlayLegKeys(request.idempotencyKey, request.currency);
  const existing = await statementsOf(trx).all<TransferRow>(`select * from ledger_transfers where idempotency_key in (${placeholders(keys.length)}) order by id`, keys);
  if (existing.length > 0) {
    const legs = existing.map(toRecord);
    const playerAccountIds = new Set(playerAccountKindsFor(request.currency).map((kind) => accounts.get(accountRefKey({ playerId: request.playerId, kind }, request.currency))?.id));
    const sameOwner = legs.every((leg) => playerAccountIds.has(leg.debitAccountId) && leg.reason === 'game_bet');
    if (!sameOwner || legs.reduce((sum, leg) => sum + leg.amount, 0) !== amount) {
      throw new DomainError('WALLET_IDEMPOTENCY_CONFLICT', `play key ${request.idempotencyKey} was used for a different play`);
    }
    return { replayed: legs };
  }
  return { planned: playLegs(request, accounts).map((leg) => ({ request: leg, status: 'posted' as const, pendingId: null })) };
}

/** The legs of a new play against the accounts' current balances: unplayed Fortune Coins first (planPlay). */
function playLegs(request: PlayRequest, accounts: AccountMap): TransferRequest[] {
  const balance = (kind: PlayerAccountKind) => accounts.get(accountRefKey({ playerId: request.playerId, kind }, request.currency))?.balance ?? 0;
  const balances: PlayerBalances = { gc: request.currency === 'GC' ? balance('player_balance') : 0, fcUnplayed: request.currency === 'FC' ? balance('player_unplayed') : 0, fcRedeemable: request.currency === 'FC' ? balance('player_redeemable') : 0 };
  return planPlay(request.idempotencyKey, request.currency, request.amount as number, balances).legs.map((leg) => ({
    idempotencyKey: leg.idempotencyKey,
    from: { playerId: request.playerId, kind: leg.kind },
    to: { system: 'game_play' },
    currency: request.currency,
    amount: leg.amount,
    reason: 'game_bet',
    metadata: request.metadata,
  }));
}

/**
 * A play (optional) and transfers against loaded accounts, the caller providing atomicity: the play's
 * legs and the transfers are written by one insert and one balance update.
 */
async function writePlayAndTransfers(trx: Transaction<Database>, bet: PlayRequest | undefined, planned: PlannedTransfer[], accounts: AccountMap, clock: Clock): Promise<{ play: { legs: TransferRecord[]; replayed: boolean } | null; transfers: TransferResult[] }> {
  const legs = bet ? await planPlayLegs(trx, bet, accounts) : null;
  const fresh = legs && 'planned' in legs ? legs.planned : [];
  const written = fresh.length + planned.length > 0 ? await writeTransfers(trx, [...fresh, ...planned], accounts, clock) : [];
  const play = legs === null ? null : 'replayed' in legs ? { legs: legs.replayed, replayed: true } : { legs: written.slice(0, fresh.length).map((r) => r.transfer), replayed: false };
  return { play, transfers: written.slice(fresh.length) };
}

/**
 * Takes a bet into the game account: unplayed Fortune Coins first, then redeemable (planPlay). The
 * play is idempotent as a whole: a retry answers the legs first written even if the balances moved.
 */
export async function play(db: LedgerDb, request: PlayRequest, options: LedgerOptions = {}): Promise<{ legs: TransferRecord[]; replayed: boolean }> {
  const clock = options.clock ?? systemClock;
  validateTransferShape({ idempotencyKey: request.idempotencyKey, currency: request.currency, amount: request.amount as number, reason: 'game_bet' });
  return ledgerAtomic(db, async (trx) => (await writePlayAndTransfers(trx, request, [], await loadAccounts(trx, playAccountRefs(request), clock), clock)).play!);
}

/**
 * A play (optional) and transfers as one ledger operation: what `play` then `transferMany` do, with
 * the accounts of both loaded (on PostgreSQL: locked) once. (Game rounds settle many at a time
 * through SettlementBatch, which plans each one the same way.)
 */
export async function settle(
  db: LedgerDb,
  request: { play?: PlayRequest; transfers: TransferRequest[] },
  options: LedgerOptions = {},
): Promise<{ play: { legs: TransferRecord[]; replayed: boolean } | null; transfers: TransferResult[] }> {
  const clock = options.clock ?? systemClock;
  const bet = request.play;
  if (bet) validateTransferShape({ idempotencyKey: bet.idempotencyKey, currency: bet.currency, amount: bet.amount as number, reason: 'game_bet' });
  const planned: PlannedTransfer[] = request.transfers.map((r) => ({ request: r, status: 'posted', pendingId: null }));
  for (const { request: r } of planned) validateTransferShape(r as TransferRequest & { amount: number });
  if (!bet && planned.length === 0) return { play: null, transfers: [] };
  const work = async (trx: Transaction<Database>) => {
    const accounts = await loadAccounts(trx, [...(bet ? playAccountRefs(bet) : []), ...refsOf(planned)], clock);
    return writePlayAndTransfers(trx, bet, planned, accounts, clock);
  };
  return ledgerAtomic(db, work);
}

/**
 * At most this many rows per statement of a settlement batch on SQLite (bounds the SQL variants
 * cached). PostgreSQL takes each kind in one statement, so that its locks are taken in one order.
 */
const BATCH_ROWS_PER_STATEMENT = 32;

function batchRows(statements: Statements): number {
  return statements.postgres ? Number.POSITIVE_INFINITY : BATCH_ROWS_PER_STATEMENT;
}

/** A settlement of a batch: a play (optional) and transfers, as `settle` takes them. */
export interface Settlement {
  play?: PlayRequest;
  transfers: TransferRequest[];
}

/**
 * Many settlements (the rounds of a group of spins) written as one ledger operation in the caller's
 * transaction, which must roll back as a whole when this throws. The accounts of all players named
 * are loaded (on PostgreSQL: locked) once; each settlement is then planned in order against the
 * balances the ones before it left, exactly as `settle` would plan it; `write` inserts every row with
 * a few multi-row statements and moves every balance with a few guarded updates (the database checks
 * the funds again). Keys must be new: the caller has checked that the round they belong to was not
 * played, so a key already used is a broken invariant and the insert fails.
 */
export class SettlementBatch {
  private readonly rows: unknown[][] = [];
  private readonly moves = new BalanceMoves();
  private written = false;

  private constructor(
    private readonly trx: Transaction<Database>,
    private readonly accounts: AccountMap,
    private readonly clock: Clock,
  ) {}

  /** Loads every account of the players named (those open) and the system accounts named (opened when missing). */
  static async open(trx: Transaction<Database>, request: { playerIds: readonly number[]; system: { ref: AccountRef; currency: Currency }[] }, options: LedgerOptions = {}): Promise<SettlementBatch> {
    const clock = options.clock ?? systemClock;
    // Players by chunks (the SQL text then depends only on the count, so SQLite reuses it); on
    // PostgreSQL a batch is one round, so its locks are taken by one statement in id order.
    const ids = request.playerIds;
    const perStatement = batchRows(statementsOf(trx));
    const accounts = await loadAccounts(trx, request.system, clock, { players: ids.slice(0, perStatement) });
    for (let start = perStatement; start < ids.length; start += perStatement) {
      for (const [key, account] of await loadAccounts(trx, [], clock, { players: ids.slice(start, start + perStatement) })) accounts.set(key, account);
    }
    return new SettlementBatch(trx, accounts, clock);
  }

  /** A player's balances as the settlements added so far leave them (zeros for accounts not open). */
  balances(playerId: number): PlayerBalance {
    const of = (currency: Currency, kind: PlayerAccountKind) => this.accounts.get(accountRefKey({ playerId, kind }, currency))?.balance ?? 0;
    return playerBalanceView({ gc: of('GC', 'player_balance'), fcUnplayed: of('FC', 'player_unplayed'), fcRedeemable: of('FC', 'player_redeemable') });
  }

  /**
   * Plans a settlement against the current balances and applies it to them. Throws (a DomainError
   * for missing funds) when it cannot be made; the batch is then unusable and the caller's
   * transaction must roll back.
   */
  add(settlement: Settlement): void {
    if (this.written) throw new Error('ledger: settlement batch already written');
    const planned: TransferRequest[] = [];
    const bet = settlement.play;
    if (bet) {
      validateTransferShape({ idempotencyKey: bet.idempotencyKey, currency: bet.currency, amount: bet.amount as number, reason: 'game_bet' });
      planned.push(...playLegs(bet, this.accounts));
    }
    for (const transfer of settlement.transfers) {
      validateTransferShape(transfer as TransferRequest & { amount: number });
      planned.push(transfer);
    }
    const createdAtMs = this.clock.nowMs();
    for (const unsharded of planned) {
      const { request, shape, debit, credit } = resolveTransfer(unsharded, this.accounts);
      moveBalances(shape, debit, credit, this.moves);
      this.rows.push([request.idempotencyKey, debit.id, credit.id, request.currency, shape.amount, request.reason, metadataJson(request.metadata), 'posted', null, createdAtMs]);
    }
  }

  /** Writes every settlement added: the rows, then the balances. Once. */
  async write(): Promise<void> {
    if (this.written) throw new Error('ledger: settlement batch already written');
    this.written = true;
    const statements = statementsOf(this.trx);
    const perStatement = batchRows(statements);
    for (let start = 0; start < this.rows.length; start += perStatement) {
      const chunk = this.rows.slice(start, start + perStatement);
      const changed = await statements.run(
        `insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, currency, amount, reason, metadata_json, status, pending_id, created_at_ms)
          values ${Array.from({ length: chunk.length }, () => TRANSFER_VALUES).join(', ')}`,
        chunk.flat(),
      );
      if (changed !== chunk.length) throw new Error(`ledger: a settlement batch wrote ${changed} of ${chunk.length} transfers`);
    }
    await this.moves.apply(statements, perStatement);
  }
}

export interface PendingRequest {
  idempotencyKey: string;
  playerId: number;
  amount: LedgerAmount | number;
  metadata?: Record<string, unknown>;
}

/** Holds a redemption: redeemable Fortune Coins move into the hold account (status `pending`). */
export async function createPending(db: LedgerDb, request: PendingRequest, options: LedgerOptions = {}): Promise<TransferResult> {
  const [result] = await applyPlanned(
    db,
    [
      {
        request: { idempotencyKey: request.idempotencyKey, from: { playerId: request.playerId, kind: 'player_redeemable' }, to: { system: 'redemption_holds' }, currency: 'FC', amount: request.amount, reason: 'redemption', metadata: request.metadata },
        status: 'pending',
        pendingId: null,
      },
    ],
    options,
  );
  return result!;
}

async function resolvePending(db: LedgerDb, pendingId: number, resolution: PendingResolution, options: LedgerOptions & { metadata?: Record<string, unknown> }): Promise<TransferResult> {
  const clock = options.clock ?? systemClock;
  if (!Number.isSafeInteger(pendingId)) throw new DomainError('WALLET_TRANSFER_NOT_PENDING', 'invalid transfer id');
  return ledgerAtomic(db, async (trx) => {
    const pendingRow = await trx.selectFrom('ledger_transfers').selectAll().where('id', '=', pendingId).executeTakeFirst();
    if (!pendingRow) throw new DomainError('WALLET_TRANSFER_NOT_PENDING', `no transfer ${pendingId}`);
    const pending = toRecord(pendingRow);
    const owner = await trx.selectFrom('ledger_accounts').select('owner_player_id').where('id', '=', pending.debitAccountId).executeTakeFirstOrThrow();
    if (pending.status !== 'pending' || owner.owner_player_id === null) throw new DomainError('WALLET_TRANSFER_NOT_PENDING', `transfer ${pendingId} is not a pending transfer`);
    const playerId = Number(owner.owner_player_id);
    const target = resolutionTarget(resolution, playerId);
    // The held coins sit in the player's shard of the hold; the payout lands in the same shard.
    const shard = systemAccountShard(playerId);
    const to: AccountRef = 'system' in target.to ? { system: target.to.system, shard } : target.to;
    const request: TransferRequest = { idempotencyKey: resolutionKey(pending.idempotencyKey, resolution), from: { system: 'redemption_holds', shard }, to, currency: pending.currency, amount: pending.amount, reason: pending.reason, metadata: options.metadata };
    const accounts = await loadAccounts(trx, refsOf([{ request, status: target.status, pendingId }]), clock);
    // Read after the locks: a concurrent resolution of the same transfer has committed by now.
    const existing = await trx.selectFrom('ledger_transfers').selectAll().where('pending_id', '=', pendingId).executeTakeFirst();
    if (decideResolution(pending.status, existing, resolution) === 'replay') return { transfer: toRecord(existing!), replayed: true };
    const [result] = await writeTransfers(trx, [{ request, status: target.status, pendingId }], accounts, clock);
    return result!;
  });
}

/** Completes a held redemption: the held coins move to the redemptions account (paid out). */
export function postPending(db: LedgerDb, pendingId: number, options: LedgerOptions & { metadata?: Record<string, unknown> } = {}): Promise<TransferResult> {
  return resolvePending(db, pendingId, 'post', options);
}

/** Cancels a held redemption (rejected or cancelled): the coins return to the player's winnings. */
export function voidPending(db: LedgerDb, pendingId: number, options: LedgerOptions & { metadata?: Record<string, unknown> } = {}): Promise<TransferResult> {
  return resolvePending(db, pendingId, 'void', options);
}

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

export interface HistoryEntry {
  id: number;
  createdAtMs: number;
  currency: Currency;
  /** Signed from the player's side: positive credits, negative debits. */
  amount: number;
  /** The player sub-account the entry moved. */
  account: PlayerAccountKind;
  reason: ReasonCode;
  status: TransferStatus;
  pendingId: number | null;
  /** For a pending redemption: how it ended (`posted` paid out, `voided` returned), or null while pending. */
  resolvedAs: 'posted' | 'voided' | null;
  metadata: Record<string, unknown>;
}

/** A player's ledger entries, newest first; pass `nextCursor` back for the next page. */
export async function history(db: LedgerDb, playerId: number, page: { cursor?: number | null; limit?: number } = {}): Promise<{ entries: HistoryEntry[]; nextCursor: number | null }> {
  const limit = Math.min(Math.max(Math.trunc(page.limit ?? 50), 1), 200);
  const accounts = await db.selectFrom('ledger_accounts').select(['id', 'kind']).where('owner_player_id', '=', playerId).execute();
  if (accounts.length === 0) return { entries: [], nextCursor: null };
  const kinds = new Map(accounts.map((a) => [Number(a.id), a.kind as PlayerAccountKind]));
  const ids = [...kinds.keys()];
  let query = db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where((eb) => eb.or([eb('debit_account_id', 'in', ids), eb('credit_account_id', 'in', ids)]))
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (page.cursor !== undefined && page.cursor !== null) query = query.where('id', '<', page.cursor);
  const rows = (await query.execute()).map(toRecord);
  const pendingIds = rows.filter((t) => t.status === 'pending').map((t) => t.id);
  const resolutions = new Map<number, 'posted' | 'voided'>();
  if (pendingIds.length > 0) {
    const resolved = await db.selectFrom('ledger_transfers').select(['pending_id', 'status']).where('pending_id', 'in', pendingIds).execute();
    for (const r of resolved) resolutions.set(Number(r.pending_id), r.status === 'voided' ? 'voided' : 'posted');
  }
  const entries = rows.slice(0, limit).map((t): HistoryEntry => {
    const credited = kinds.has(t.creditAccountId);
    return {
      id: t.id,
      createdAtMs: t.createdAtMs,
      currency: t.currency,
      amount: credited ? t.amount : -t.amount,
      account: kinds.get(credited ? t.creditAccountId : t.debitAccountId)!,
      reason: t.reason,
      status: t.status,
      pendingId: t.pendingId,
      resolvedAs: t.status === 'pending' ? (resolutions.get(t.id) ?? null) : null,
      metadata: t.metadata,
    };
  });
  return { entries, nextCursor: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
}

/** The sign-up gift amounts from the operator settings (defaults when unset). */
export async function loadSignupGiftSettings(db: LedgerDb): Promise<SignupGiftSettings> {
  const gc = await readSetting(db, SIGNUP_GIFT_SETTING_KEYS.gc);
  const fcCents = await readSetting(db, SIGNUP_GIFT_SETTING_KEYS.fcCents);
  return parseSignupGiftSettings({ gc: gc ?? DEFAULT_SIGNUP_GIFT.gc, fcCents: fcCents ?? DEFAULT_SIGNUP_GIFT.fcCents });
}

/**
 * Credits a new player's sign-up gift once (key `signup-gift:<playerId>`), opening the player's
 * accounts first. Calling it again answers the first gift, even if the settings changed since.
 */
export async function creditSignupGift(db: LedgerDb, playerId: number, settings?: SignupGiftSettings, options: LedgerOptions = {}): Promise<{ transfers: TransferRecord[]; replayed: boolean }> {
  return ledgerAtomic(db, async (trx) => {
    await ensurePlayerAccounts(trx, playerId, options);
    const gift = settings ?? (await loadSignupGiftSettings(trx));
    const planned = signupGiftTransfers(playerId, gift);
    const keys = CURRENCIES.map((currency) => `${signupGiftKey(playerId)}:${currency}`);
    const existing = await trx.selectFrom('ledger_transfers').selectAll().where('idempotency_key', 'in', keys).orderBy('id').execute();
    if (existing.length > 0) return { transfers: existing.map(toRecord), replayed: true };
    const results = await transferMany(trx, planned, options);
    return { transfers: results.map((r) => r.transfer), replayed: false };
  });
}
