// Ledger transfers per second versus raw single-row insert transactions, same run, same kind of
// database. Target (issue 3): on SQLite, at least 50% of the raw insert baseline. PostgreSQL beside it
// when TEST_POSTGRES_URL or DATABASE_URL names a server (a fresh database is created and dropped).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type RawSqliteAdapter, type DatabaseHandle } from '@sweepstack/db/connection';
import { systemAccountCode, systemAccountShard } from '@sweepstack/domain/wallet/accounts';
import { migrateToLatest } from '@sweepstack/db/migrate';
import { ensurePlayerAccounts, ensureSystemAccounts } from '@sweepstack/db/repositories/ledger/accounts';
import type { TransferRequest } from '@sweepstack/db/repositories/ledger/records';
import { transfer } from '@sweepstack/db/repositories/ledger/transfers';
import { insertWalletTestPlayer } from '@sweepstack/testkit/wallet-fixtures';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { isMain } from './lib/load';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);

/** Runs `step(i)` with `concurrency` workers for `seconds`; answers operations per second. */
async function rate(step: (i: number) => Promise<unknown>, concurrency: number, durationSeconds: number): Promise<number> {
  let next = 0;
  const stopAt = performance.now() + durationSeconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < stopAt) await step(next++);
    }),
  );
  return next / ((performance.now() - started) / 1000);
}

async function prepareLedger(handle: DatabaseHandle, players: number): Promise<number[]> {
  await migrateToLatest(handle.db);
  await ensureSystemAccounts(handle.db);
  const ids: number[] = [];
  for (let i = 0; i < players; i++) {
    const id = await insertWalletTestPlayer(handle.db);
    await ensurePlayerAccounts(handle.db, id);
    // Fund every player so that concurrent bets never wait on a purchase that has not committed yet.
    await transfer(handle.db, { idempotencyKey: `fund-${id}`, from: { system: 'purchases' }, to: { playerId: id, kind: 'player_balance' }, currency: 'GC', amount: 1_000_000_000, reason: 'purchase' });
    ids.push(id);
  }
  return ids;
}

/** Alternates purchases into a player and bets out of it, so both guarded and unguarded debits run. */
function ledgerStep(handle: DatabaseHandle, players: number[], prefix: string) {
  return (i: number) => {
    // Consecutive transfers go to different players, as concurrent requests of a live site would.
    const playerId = players[i % players.length]!;
    const request: TransferRequest =
      Math.floor(i / players.length) % 2 === 0
        ? { idempotencyKey: `${prefix}-${i}`, from: { system: 'purchases' }, to: { playerId, kind: 'player_balance' }, currency: 'GC', amount: 100, reason: 'purchase' }
        : { idempotencyKey: `${prefix}-${i}`, from: { playerId, kind: 'player_balance' }, to: { system: 'game_play' }, currency: 'GC', amount: 1, reason: 'game_bet' };
    return transfer(handle.db, request);
  };
}

async function createRawTable(handle: DatabaseHandle): Promise<void> {
  await handle.db.schema
    .createTable('raw_rows')
    .ifNotExists()
    .addColumn('id', handle.dialect === 'postgres' ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();
}

/** One single-row insert per transaction through Kysely (the same driver stack as the ledger). */
function rawStep(handle: DatabaseHandle, prefix: string) {
  return (i: number) =>
    handle.db.transaction().execute((trx) => sql`insert into raw_rows (idempotency_key, amount, created_at_ms) values (${`${prefix}-${i}`}, ${100}, ${Date.now()})`.execute(trx));
}

/**
 * The ledger's own statements for one transfer (the accounts read, the row insert, the guarded
 * balance update, as `transfer` runs them) straight on better-sqlite3, one transaction per
 * transfer, one caller: no Kysely, no group commit, no JavaScript rules. What SQLite itself costs a
 * lone transfer, on the same migrated schema and settings; no ledger code can go faster than this.
 */
function statementFloorStep(handle: DatabaseHandle, players: number[], prefix: string) {
  const sqlite = (handle.db.getExecutor().adapter as RawSqliteAdapter).statements.sqlite;
  const select = sqlite.prepare('select * from ledger_accounts where code in (?) or (owner_player_id = ? and currency = ? and kind = ?)');
  const insert = sqlite.prepare(
    `insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, currency, amount, reason, metadata_json, status, pending_id, created_at_ms)
      values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (idempotency_key) do nothing returning id, idempotency_key`,
  );
  const update = sqlite.prepare('update ledger_accounts set balance = balance + case id when ? then cast(? as bigint) when ? then cast(? as bigint) end where id in (?, ?) and not ((id = ? and balance < ?))');
  const one = sqlite.transaction((i: number) => {
    const playerId = players[i % players.length]!;
    const purchase = Math.floor(i / players.length) % 2 === 0;
    const code = systemAccountCode(purchase ? 'purchases' : 'game_play', 'GC', systemAccountShard(playerId));
    const rows = select.all(code, playerId, 'GC', 'player_balance') as { id: number; owner_player_id: number | null }[];
    const system = rows.find((r) => r.owner_player_id === null)!.id;
    const player = rows.find((r) => r.owner_player_id !== null)!.id;
    const [debit, credit, amount] = purchase ? [system, player, 100] : [player, system, 1];
    insert.all(`${prefix}-${i}`, debit, credit, 'GC', amount, purchase ? 'purchase' : 'game_bet', '{}', 'posted', null, Date.now());
    if (update.run(debit, -amount, credit, amount, debit, credit, player, purchase ? 0 : amount).changes !== 2) throw new Error('floor: balance update refused');
  });
  return async (i: number) => one(i);
}

/** Median of numbers. */
function middle(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

async function sqliteFigures(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sweepstack-ledger-bench-'));
  try {
    const ledgerDb = openDatabase(`sqlite:${path.join(dir, 'ledger.db')}`);
    const rawDb = openDatabase(`sqlite:${path.join(dir, 'raw.db')}`);
    const floorDb = openDatabase(`sqlite:${path.join(dir, 'floor.db')}`);
    const players = await prepareLedger(ledgerDb, 100);
    const floorPlayers = await prepareLedger(floorDb, 100);
    await createRawTable(rawDb);

    // better-sqlite3 alone, prepared statement, same pragmas: the floor of any per-transaction cost.
    const direct = new SQLite(path.join(dir, 'direct.db'));
    direct.pragma('journal_mode = WAL');
    direct.pragma('synchronous = NORMAL');
    direct.exec('create table raw_rows (id integer primary key, idempotency_key text not null unique, amount integer not null, created_at_ms integer not null)');
    const insert = direct.prepare('insert into raw_rows (idempotency_key, amount, created_at_ms) values (?, ?, ?)');
    const insertOne = direct.transaction((key: string) => insert.run(key, 100, Date.now()));

    // Warm up every path so the JIT and the page cache are in the same state.
    await rate(ledgerStep(ledgerDb, players, 'warm'), 1, 1);
    await rate(ledgerStep(ledgerDb, players, 'warmpar'), 50, 1);
    await rate(rawStep(rawDb, 'warm'), 1, 1);
    await rate(statementFloorStep(floorDb, floorPlayers, 'warm'), 1, 0.5);
    await rate(async (i) => insertOne(`warm-${i}`), 1, 0.5);

    // Rounds alternate baseline and ledger, so that both see the same machine; medians are reported.
    const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
    const figures = { raw: [] as number[], ledger: [] as number[], rawParallel: [] as number[], ledgerParallel: [] as number[], floor: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      figures.rawParallel.push(await rate(rawStep(rawDb, `rawpar${round}`), 50, seconds));
      figures.ledgerParallel.push(await rate(ledgerStep(ledgerDb, players, `par${round}`), 50, seconds));
      figures.raw.push(await rate(rawStep(rawDb, `raw${round}`), 1, seconds));
      figures.ledger.push(await rate(ledgerStep(ledgerDb, players, `run${round}`), 1, seconds));
      figures.floor.push(await rate(statementFloorStep(floorDb, floorPlayers, `floor${round}`), 1, seconds));
    }
    const directRate = await rate(async (i) => insertOne(`run-${i}`), 1, seconds);
    const [raw, ledger, rawParallel, ledgerParallel, floor] = [figures.raw, figures.ledger, figures.rawParallel, figures.ledgerParallel, figures.floor].map(middle) as [number, number, number, number, number];
    const each = (values: number[]) => values.map((v) => Math.round(v)).join(' / ');

    console.log(`ledger sqlite: ${Math.round(ledgerParallel)} transfers/s (raw insert baseline ${Math.round(rawParallel)}/s, ratio ${(ledgerParallel / rawParallel).toFixed(2)}) with 50 concurrent callers (a server's load; the ledger writes them in groups); rounds ledger ${each(figures.ledgerParallel)}, raw ${each(figures.rawParallel)}`);
    console.log(`ledger sqlite: ${Math.round(ledger)} transfers/s (raw insert baseline ${Math.round(raw)}/s, ratio ${(ledger / raw).toFixed(2)}) with one caller awaiting each transfer; rounds ledger ${each(figures.ledger)}, raw ${each(figures.raw)}`);
    console.log(`  its statements alone on better-sqlite3, one transaction each, one caller: ${Math.round(floor)} transfers/s (ratio ${(floor / raw).toFixed(2)} to the raw insert): the ceiling of any lone transfer on this schema`);
    console.log(`  raw baseline: one single-row insert (with a unique key) per transaction through Kysely, WAL, synchronous=NORMAL; target ratio >= 0.50; medians of ${rounds} alternating rounds of ${seconds} s`);
    console.log(`  better-sqlite3 prepared insert without Kysely, one caller: ${Math.round(directRate)}/s`);
    direct.close();
    await ledgerDb.close();
    await rawDb.close();
    await floorDb.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresFigures(adminUrl: string): Promise<void> {
  const name = `sweepstack_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const concurrency = 16;
  const handle = openDatabase(url.toString(), { poolSize: concurrency });
  try {
    const players = await prepareLedger(handle, 200);
    await createRawTable(handle);
    await rate(ledgerStep(handle, players, 'warm'), concurrency, 1);
    await rate(rawStep(handle, 'warm'), concurrency, 1);
    const raw = await rate(rawStep(handle, 'raw'), concurrency, seconds);
    const ledger = await rate(ledgerStep(handle, players, 'run'), concurrency, seconds);
    const rawSerial = await rate(rawStep(handle, 'raw1'), 1, seconds);
    const ledgerSerial = await rate(ledgerStep(handle, players, 'run1'), 1, seconds);
    console.log(`ledger postgres: ${Math.round(ledger)} transfers/s (raw insert baseline ${Math.round(raw)}/s, ratio ${(ledger / raw).toFixed(2)}), ${concurrency} concurrent callers`);
    console.log(`  one caller: ${Math.round(ledgerSerial)} transfers/s (raw insert baseline ${Math.round(rawSerial)}/s, ratio ${(ledgerSerial / rawSerial).toFixed(2)})`);
  } finally {
    await handle.close();
    const cleaner = new pg.Client({ connectionString: adminUrl });
    await cleaner.connect();
    await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleaner.end();
  }
}

export async function run(): Promise<void> {
  await sqliteFigures();
  const postgresUrl = [process.env.TEST_POSTGRES_URL, process.env.DATABASE_URL].find((u) => u && /^postgres(ql)?:\/\//.test(u));
  if (postgresUrl) await postgresFigures(postgresUrl);
  else console.log('ledger postgres: skipped (set TEST_POSTGRES_URL or DATABASE_URL to postgres://…)');
}

if (isMain(import.meta.url)) await run();
