// The floor under any spin implementation on this schema and this machine: the rows the spins of a
// load wrote (rounds, their ledger transfers, balances, seed nonces, game sessions, outbox events),
// written again by bare prepared statements of better-sqlite3 in groups of 100 spins, one
// transaction each: no HTTP, no game, no reads, no checks, no JSON built, no Kysely. Whatever the
// spin does beyond this is ours to shave; this part only a leaner schema could.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@sweepstack/db/connection';
import { sqliteConnectionOf } from '@sweepstack/db/player-change-feed';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { GameRound } from '@sweepstack/db/repositories/game-play';
import type { DomainEventsTable } from '@sweepstack/db/tables/events';
import type { LedgerTransfersTable } from '@sweepstack/db/tables/ledger';
import type { Database } from '@sweepstack/db/schema';

type RoundRow = GameRound;
type TransferRow = Pick<Selectable<LedgerTransfersTable>, 'idempotency_key' | 'debit_account_id' | 'credit_account_id' | 'currency' | 'amount' | 'reason' | 'metadata_json'>;
type EventRow = Pick<Selectable<DomainEventsTable>, 'type' | 'player_id' | 'payload_json' | 'push_json'>;

const GROUP = 100;

/**
 * Copies the database behind `db` (VACUUM INTO), then writes the last `sample` rounds' rows again,
 * as fast as bare statements go, for `seconds`. Answers spins per second and the rows per spin.
 */
export async function spinWriteFloor(db: Kysely<Database>, seconds: number, sample = 20_000): Promise<{ spinsPerSecond: number; rowsPerSpin: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sweepstack-floor-'));
  const file = path.join(dir, 'floor.db');
  await sql`vacuum into ${file}`.execute(db);
  // The product's own opening: WAL, synchronous NORMAL, foreign keys on, checkpoints in a worker thread.
  const handle = openDatabase(`sqlite:${file}`);
  try {
    const sqlite = sqliteConnectionOf(handle.db)!;
    const rounds = sqlite.prepare('select * from game_rounds order by id desc limit ?').all(sample).reverse() as RoundRow[];
    if (rounds.length === 0) throw new Error('no rounds to replay');
    // A round's transfers carry its key: game:{player}:{key}, and :win / :jp-in / leg suffixes.
    const transfers = new Map<string, TransferRow[]>();
    for (const t of sqlite.prepare("select * from ledger_transfers where idempotency_key like 'game:%' and id > (select coalesce(max(id), 0) from ledger_transfers) - ?").iterate(sample * 4) as Iterable<TransferRow>) {
      const [, player, key] = t.idempotency_key.split(':');
      const roundKey = `${player}:${key}`;
      transfers.set(roundKey, [...(transfers.get(roundKey) ?? []), t]);
    }
    // Events carry their round's id.
    const events = new Map<number, EventRow[]>();
    for (const e of sqlite.prepare("select type, player_id, payload_json, push_json from domain_events where type like 'game.round-%' order by id desc limit ?").iterate(sample * 2) as Iterable<EventRow>) {
      const roundId = (JSON.parse(e.payload_json) as { roundId?: number }).roundId;
      if (roundId !== undefined) events.set(roundId, [e, ...(events.get(roundId) ?? [])]);
    }
    const insertRound = sqlite.prepare(
      'insert into game_rounds (player_id, session_id, game_id, currency, idempotency_key, bet, stake, win, jackpot_contribution, jackpot_win, step, bought, seed_id, nonce, state_before_json, outcome_json, balance_after, created_at_ms) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const insertTransfer = sqlite.prepare("insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, currency, amount, reason, metadata_json, status, pending_id, created_at_ms) values (?, ?, ?, ?, ?, ?, ?, 'posted', null, ?)");
    const moveBalance = sqlite.prepare('update ledger_accounts set balance = balance + ? where id = ?');
    const advanceNonce = sqlite.prepare('update fairness_seeds set next_nonce = ? where id = ?');
    const touchSession = sqlite.prepare('update game_sessions set feature_state_json = ?, rounds_played = rounds_played + ? where id = ?');
    const insertEvent = sqlite.prepare('insert into domain_events (type, player_id, payload_json, push_json, created_at_ms) values (?, ?, ?, ?, ?)');
    const markDispatched = sqlite.prepare('update domain_events set dispatched_at_ms = ? where id > ? and dispatched_at_ms is null');
    const nonces = new Map<number, number>(
      (sqlite.prepare('select id, next_nonce from fairness_seeds').all() as { id: number; next_nonce: number }[]).map((s) => [Number(s.id), Number(s.next_nonce)]),
    );
    const maxEventId = sqlite.prepare('select coalesce(max(id), 0) from domain_events').pluck();
    let lastEventId = Number(maxEventId.get());
    let next = 0;
    let rows = 0;
    const group = sqlite.transaction(() => {
      const now = Date.now();
      const deltas = new Map<number, number>();
      const seeds = new Map<number, number>();
      const sessions = new Map<number, { state: string | null; rounds: number }>();
      // A session keeps the state its last round left (the round after it starts from it).
      for (let i = 0; i < GROUP; i++, next++) {
        const round = rounds[next % rounds.length]!;
        const key = `floor-${next}`;
        const nonce = nonces.get(Number(round.seed_id))!;
        nonces.set(Number(round.seed_id), nonce + 1);
        seeds.set(Number(round.seed_id), nonce + 1);
        for (const t of transfers.get(`${round.player_id}:${round.idempotency_key}`) ?? []) {
          insertTransfer.run(t.idempotency_key.replace(`:${round.idempotency_key}`, `:${key}`), t.debit_account_id, t.credit_account_id, t.currency, t.amount, t.reason, t.metadata_json, now);
          deltas.set(Number(t.debit_account_id), (deltas.get(Number(t.debit_account_id)) ?? 0) - Number(t.amount));
          deltas.set(Number(t.credit_account_id), (deltas.get(Number(t.credit_account_id)) ?? 0) + Number(t.amount));
          rows += 1;
        }
        const id = insertRound.run(round.player_id, round.session_id, round.game_id, round.currency, key, round.bet, round.stake, round.win, round.jackpot_contribution, round.jackpot_win, round.step, round.bought, round.seed_id, nonce, round.state_before_json, round.outcome_json, round.balance_after, now).lastInsertRowid;
        for (const e of events.get(Number(round.id)) ?? []) {
          insertEvent.run(e.type, e.player_id, e.payload_json.replace(`"roundId":${round.id}`, `"roundId":${id}`), e.push_json, now);
          rows += 1;
        }
        const session = sessions.get(Number(round.session_id)) ?? { state: null, rounds: 0 };
        session.state = round.state_before_json;
        session.rounds += 1;
        sessions.set(Number(round.session_id), session);
        rows += 1;
      }
      for (const [account, delta] of deltas) moveBalance.run(delta, account);
      for (const [seed, nonce] of seeds) advanceNonce.run(nonce, seed);
      for (const [id, s] of sessions) touchSession.run(s.state, s.rounds, id);
      // The previous groups' events, delivered meanwhile, are marked by one statement.
      markDispatched.run(now, lastEventId);
      lastEventId = Number(maxEventId.get());
      rows += deltas.size + seeds.size + sessions.size;
    });
    const play = (forSeconds: number) => {
      const started = performance.now();
      const from = next;
      while (performance.now() - started < forSeconds * 1000) group();
      return (next - from) / ((performance.now() - started) / 1000);
    };
    play(2); // warm-up
    rows = 0;
    const before = next;
    const spinsPerSecond = play(seconds);
    return { spinsPerSecond, rowsPerSpin: rows / (next - before) };
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
