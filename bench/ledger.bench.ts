// Ledger transfers per second versus raw single-row insert transactions, same run, same kind of
// database. Target (issue 3): on SQLite, at least 50% of the raw insert baseline. PostgreSQL beside it
// when TEST_POSTGRES_URL or DATABASE_URL names a server (a fresh database is created and dropped).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '@sweepstack/db/connection';
import { migrateToLatest } from '@sweepstack/db/migrate';
import { ensurePlayerAccounts, ensureSystemAccounts, transfer, type TransferRequest } from '@sweepstack/db/repositories/ledger';
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

async function sqliteFigures(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sweepstack-ledger-bench-'));
  try {
    const ledgerDb = openDatabase(`sqlite:${path.join(dir, 'ledger.db')}`);
    const rawDb = openDatabase(`sqlite:${path.join(dir, 'raw.db')}`);
    const players = await prepareLedger(ledgerDb, 100);
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
    await rate(rawStep(rawDb, 'warm'), 1, 1);
    await rate(async (i) => insertOne(`warm-${i}`), 1, 0.5);

    const raw = await rate(rawStep(rawDb, 'raw'), 1, seconds);
    const ledger = await rate(ledgerStep(ledgerDb, players, 'run'), 1, seconds);
    const rawParallel = await rate(rawStep(rawDb, 'rawpar'), 50, seconds);
    const ledgerParallel = await rate(ledgerStep(ledgerDb, players, 'par'), 50, seconds);
    const directRate = await rate(async (i) => insertOne(`run-${i}`), 1, seconds);

    console.log(`ledger sqlite: ${Math.round(ledgerParallel)} transfers/s (raw insert baseline ${Math.round(rawParallel)}/s, ratio ${(ledgerParallel / rawParallel).toFixed(2)}) with 50 concurrent callers (a server's load; the ledger commits them in groups)`);
    console.log(`ledger sqlite: ${Math.round(ledger)} transfers/s (raw insert baseline ${Math.round(raw)}/s, ratio ${(ledger / raw).toFixed(2)}) with one caller awaiting each transfer`);
    console.log(`  raw baseline: one single-row insert (with a unique key) per transaction through Kysely, WAL, synchronous=NORMAL; target ratio >= 0.50`);
    console.log(`  better-sqlite3 prepared insert without Kysely, one caller: ${Math.round(directRate)}/s`);
    direct.close();
    await ledgerDb.close();
    await rawDb.close();
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
