import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { RawSqliteAdapter } from './connection';
import type { Database } from './schema';

/**
 * Tells, without a query, whether anything a player's app init shows may have changed since a
 * given moment (docs/app-data.md, "App init answer cache"). SQLite only: the embedded database has
 * one connection in one process, so TEMP triggers on that connection see every write this process
 * makes, and `PRAGMA data_version` moves when any other process (a CLI, a seed) commits to the file.
 *
 * Each tracked write calls a JavaScript function from its trigger, which stamps the player (or the
 * shared content) with the next value of a counter. A reader takes `mark()` before it reads, keeps
 * it with what it built, and later `unchangedSince(playerId, mark)` is true only when no tracked
 * write touched that player or the shared content and no other process committed since.
 *
 * A trigger fires when the statement runs, before commit: a write that is later rolled back still
 * moves the stamp (a needless rebuild, never a stale answer); a read made before such a write
 * commits is older than its stamp and so is never trusted after it.
 */
export interface PlayerChangeFeed {
  /** The moment to remember before reading a player's state. */
  mark(): ChangeMark;
  /** True when nothing the player's app init shows can have changed since `mark`. */
  unchangedSince(playerId: number, mark: ChangeMark): boolean;
  /** True when the player's row and sessions (what a session lookup reads) are unchanged since `mark`. */
  accountUnchangedSince(playerId: number, mark: ChangeMark): boolean;
}

export interface ChangeMark {
  readonly sequence: number;
  readonly dataVersion: number;
}

/**
 * The tables app init reads for a player, with the column naming the player. Adding a read of
 * another table to app init means adding it here (the tests write to each one and expect a change).
 */
export const PLAYER_TRACKED_TABLES = [
  // `account`: what the session lookup reads (its own, narrower stamp: a spin moves the balance, not the account).
  { table: 'players', playerColumn: 'id', account: true },
  { table: 'sessions', playerColumn: 'player_id', account: true },
  { table: 'ledger_accounts', playerColumn: 'owner_player_id', account: false },
  { table: 'cashier_player_stats', playerColumn: 'player_id', account: false },
  { table: 'game_favorites', playerColumn: 'player_id', account: false },
  { table: 'game_sessions', playerColumn: 'player_id', account: false },
  { table: 'terms_acceptances', playerColumn: 'player_id', account: false },
  { table: 'player_profiles', playerColumn: 'player_id', account: false },
  // Every feature module's per-player app-init state: one table for all features.
  { table: 'player_feature_state', playerColumn: 'player_id', account: false },
] as const;

/** Tables whose change concerns every player's answer. */
export const SHARED_TRACKED_TABLES = ['terms_documents'] as const;

const MAX_TRACKED_PLAYERS = 100_000;

const feeds = new WeakMap<SQLite.Database, PlayerChangeFeed>();

/** The better-sqlite3 connection behind a handle opened by `openDatabase`, or undefined on PostgreSQL. */
export function sqliteConnectionOf(db: Kysely<Database>): SQLite.Database | undefined {
  const adapter = db.getExecutor().adapter;
  return adapter instanceof RawSqliteAdapter ? adapter.statements.sqlite : undefined;
}

/**
 * The change feed of a database handle: one per SQLite connection (its triggers are installed once),
 * undefined on PostgreSQL, where several processes write and a reader cannot see their writes.
 * Call it after the migrations ran: the tracked tables must exist.
 */
export function playerChangeFeed(db: Kysely<Database>): PlayerChangeFeed | undefined {
  const sqlite = sqliteConnectionOf(db);
  if (!sqlite) return undefined;
  const existing = feeds.get(sqlite);
  if (existing) return existing;
  // Before the migrations ran (a tool on an empty file) there is nothing to track: no feed, no caches.
  const tables = new Set(sqlite.prepare("SELECT name FROM main.sqlite_master WHERE type = 'table'").pluck().all() as string[]);
  if (![...PLAYER_TRACKED_TABLES.map((t) => t.table), ...SHARED_TRACKED_TABLES].every((table) => tables.has(table))) return undefined;
  const feed = installFeed(sqlite);
  feeds.set(sqlite, feed);
  return feed;
}

function installFeed(sqlite: SQLite.Database): PlayerChangeFeed {
  let sequence = 0;
  let sharedChangedAt = 0;
  // Players stamped since `floor`; cleared when it grows past MAX_TRACKED_PLAYERS, and then every
  // mark taken before the clearing counts as changed.
  let floor = 0;
  const changedAt = new Map<number, number>();
  const accountChangedAt = new Map<number, number>();
  sqlite.function('sweepstack_player_changed', { deterministic: false, varargs: false }, (playerId: unknown, account: unknown) => {
    if (changedAt.size >= MAX_TRACKED_PLAYERS || accountChangedAt.size >= MAX_TRACKED_PLAYERS) {
      changedAt.clear();
      accountChangedAt.clear();
      floor = sequence + 1;
    }
    const id = Number(playerId);
    changedAt.set(id, ++sequence);
    if (account === 1) accountChangedAt.set(id, sequence);
    return null;
  });
  sqlite.function('sweepstack_shared_changed', { deterministic: false }, () => {
    sharedChangedAt = ++sequence;
    return null;
  });
  const statements: string[] = [];
  for (const { table, playerColumn, account } of PLAYER_TRACKED_TABLES) {
    // An update that moves a row to another player (none does today) stamps both players.
    for (const [event, row, extra] of [
      ['INSERT', 'NEW', ''],
      ['UPDATE', 'NEW', ''],
      ['UPDATE', 'OLD', ` AND OLD.${playerColumn} IS NOT NEW.${playerColumn}`],
      ['DELETE', 'OLD', ''],
    ] as const) {
      const name = `sweepstack_track_${table}_${event.toLowerCase()}_${row.toLowerCase()}`;
      statements.push(
        `CREATE TEMP TRIGGER IF NOT EXISTS ${name} AFTER ${event} ON main.${table} FOR EACH ROW WHEN ${row}.${playerColumn} IS NOT NULL${extra} ` +
          `BEGIN SELECT sweepstack_player_changed(${row}.${playerColumn}, ${account ? 1 : 0}); END`,
      );
    }
  }
  for (const table of SHARED_TRACKED_TABLES) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      statements.push(`CREATE TEMP TRIGGER IF NOT EXISTS sweepstack_track_${table}_${event.toLowerCase()} AFTER ${event} ON main.${table} BEGIN SELECT sweepstack_shared_changed(); END`);
    }
  }
  sqlite.transaction(() => {
    for (const statement of statements) sqlite.exec(statement);
  })();
  // Reading data_version takes the WAL read lock (system calls): read it once per turn of the event
  // loop and share it with every request of that turn. A commit by another process during the turn
  // is seen on the next one, as if it had come a moment later.
  const readDataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let dataVersion: number | undefined;
  const currentDataVersion = (): number => {
    if (dataVersion === undefined) {
      dataVersion = readDataVersion.get() as number;
      setImmediate(() => {
        dataVersion = undefined;
      });
    }
    return dataVersion;
  };
  return {
    mark: () => ({ sequence, dataVersion: currentDataVersion() }),
    unchangedSince: (playerId, mark) =>
      mark.sequence >= floor && sharedChangedAt <= mark.sequence && (changedAt.get(playerId) ?? 0) <= mark.sequence && currentDataVersion() === mark.dataVersion,
    accountUnchangedSince: (playerId, mark) => mark.sequence >= floor && (accountChangedAt.get(playerId) ?? 0) <= mark.sequence && currentDataVersion() === mark.dataVersion,
  };
}
