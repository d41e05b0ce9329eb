import { createHash } from 'node:crypto';
import type { Database } from '@sweepstack/db/schema';
import { allRankedEntries, findEntry, placeOf, placesOf, topEntries, type RankedEntry } from '@sweepstack/db/tournaments/repository';
import type { Redis } from 'ioredis';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

export interface StandingUpdate {
  playerId: number;
  points: number;
  reachedSeq: number;
}

export interface StandingsRead {
  /** The leaders, best first. */
  top: RankedEntry[];
  /** The player's place (1-based); 0 when they have not played (or no player was asked about). */
  place: number;
}

/**
 * Where live standings are read from. The database's `tournament_entries` is always written (in the
 * scoring handler's transaction: it is what the payout reads); with Redis, a sorted set per run
 * mirrors it for reads at scale. Both answer the same: more points first, equal points by who
 * reached them first (the smaller play sequence).
 */
export interface StandingsStore {
  readonly kind: 'table' | 'redis';
  /** Mirrors standings just written to the table (a no-op for the table itself). */
  record(db: Db, run: { id: number; endMs: number }, updates: readonly StandingUpdate[]): Promise<void>;
  read(db: Db, run: { id: number; endMs: number }, playerId: number | null, limit: number): Promise<StandingsRead>;
  /** The places of several played standings (as written to the table) at once, by player. */
  places(db: Db, run: { id: number; endMs: number }, standings: readonly RankedEntry[]): Promise<Map<number, number>>;
}

/** Standings read from the indexed table (`tournament_entries_standings`). */
export const tableStandings: StandingsStore = {
  kind: 'table',
  record: async () => undefined,
  read: async (db, run, playerId, limit) => {
    const top = await topEntries(db, run.id, limit);
    if (playerId === null) return { top, place: 0 };
    const mine = top.findIndex((e) => e.playerId === playerId);
    if (mine >= 0) return { top, place: mine + 1 };
    const entry = await findEntry(db, run.id, playerId);
    if (!entry || entry.rounds_played === 0) return { top, place: 0 };
    return { top, place: await placeOf(db, run.id, { points: Number(entry.points), reachedSeq: Number(entry.reached_seq) }) };
  },
  places: (db, run, standings) => placesOf(db, run.id, standings),
};

// A sorted-set member sorts equal scores by name; ZREVRANGE reads them in reverse, so the name
// starts with (10^15 − seq), fixed width: the earlier sequence comes first among equals.
const SEQ_ROOF = 999_999_999_999_999;
const memberOf = (playerId: number, reachedSeq: number) => `${String(SEQ_ROOF - reachedSeq).padStart(15, '0')}:${playerId}`;
const playerOfMember = (member: string) => Number(member.slice(16));
const seqOfMember = (member: string) => SEQ_ROOF - Number(member.slice(0, 15));

// KEYS: zset, member hash. ARGV: player, points, member, expire-at ms. Writes only a later standing
// than the one stored (a retried handler or a reload never moves a player back).
const RECORD_SCRIPT = `
local old = redis.call('HGET', KEYS[2], ARGV[1])
if old and string.sub(ARGV[3], 1, 15) >= string.sub(old, 1, 15) then return 0 end
if old then redis.call('ZREM', KEYS[1], old) end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
redis.call('PEXPIREAT', KEYS[1], ARGV[4])
redis.call('PEXPIREAT', KEYS[2], ARGV[4])
return 1`;

// KEYS: zset, member hash, loaded mark. ARGV: how many leaders, player ('' for none). One round trip
// for a read: { 0 } when the set is not loaded yet, else { 1, place, member, score, member, score… }.
const READ_SCRIPT = `
if redis.call('EXISTS', KEYS[3]) == 0 then return {0} end
local place = 0
if ARGV[2] ~= '' then
  local m = redis.call('HGET', KEYS[2], ARGV[2])
  if m then
    local r = redis.call('ZREVRANK', KEYS[1], m)
    if r then place = r + 1 end
  end
end
local out = {1, place}
local n = tonumber(ARGV[1])
if n > 0 then
  local top = redis.call('ZREVRANGE', KEYS[1], 0, n - 1, 'WITHSCORES')
  for i = 1, #top do out[#out + 1] = top[i] end
end
return out`;

// KEYS: zset, member hash. ARGV: player. The player's place (1-based), 0 when not ranked.
const PLACE_SCRIPT = `
local m = redis.call('HGET', KEYS[2], ARGV[1])
if not m then return 0 end
local r = redis.call('ZREVRANK', KEYS[1], m)
if not r then return 0 end
return r + 1`;

/** How long a run's sorted set is kept after its end. */
const KEEP_AFTER_END_MS = 7 * 86_400_000;

interface StandingsRedis extends Redis {
  tournamentRecord(zset: string, hash: string, player: string, points: number, member: string, expireAtMs: number): Promise<number>;
  tournamentPlace(zset: string, hash: string, player: string): Promise<number>;
  tournamentRead(zset: string, hash: string, loaded: string, limit: number, player: string): Promise<(number | string)[]>;
}

/**
 * Standings in Redis sorted sets. Keys carry a hash of the database URL (as the socket adapter's
 * channel does), so deployments and test runs sharing a Redis never mix. A run's set is loaded from
 * the table the first time it is read (after a Redis restart too), marked by its `loaded` key.
 */
export function redisStandings(redis: Redis, databaseUrl: string): StandingsStore {
  const r = redis as StandingsRedis;
  if (typeof r.tournamentRecord !== 'function') {
    redis.defineCommand('tournamentRecord', { numberOfKeys: 2, lua: RECORD_SCRIPT });
    redis.defineCommand('tournamentPlace', { numberOfKeys: 2, lua: PLACE_SCRIPT });
    redis.defineCommand('tournamentRead', { numberOfKeys: 3, lua: READ_SCRIPT });
  }
  const deployment = createHash('sha256').update(databaseUrl).digest('hex').slice(0, 16);
  const keys = (runId: number) => {
    const base = `sweepstack:tournaments:${deployment}:run:${runId}`;
    return { zset: `${base}:z`, hash: `${base}:m`, loaded: `${base}:loaded` };
  };
  const write = async (run: { id: number; endMs: number }, updates: readonly StandingUpdate[]) => {
    const k = keys(run.id);
    const expireAt = run.endMs + KEEP_AFTER_END_MS;
    for (let i = 0; i < updates.length; i += 1000) {
      const pipeline = r.pipeline() as unknown as { tournamentRecord: (...args: unknown[]) => void; exec: () => Promise<unknown> };
      for (const u of updates.slice(i, i + 1000)) pipeline.tournamentRecord(k.zset, k.hash, String(u.playerId), u.points, memberOf(u.playerId, u.reachedSeq), expireAt);
      await pipeline.exec();
    }
  };
  const ensureLoaded = async (db: Db, run: { id: number; endMs: number }) => {
    const k = keys(run.id);
    if ((await r.exists(k.loaded)) === 1) return;
    await write(run, await allRankedEntries(db, run.id));
    await r.set(k.loaded, '1', 'PXAT', run.endMs + KEEP_AFTER_END_MS);
  };
  return {
    kind: 'redis',
    // No load check here (a round trip per batch): a set written before it is loaded (a new run, a
    // Redis restart) is completed by the first read's load, and the script only moves standings forward.
    record: async (_db, run, updates) => {
      await write(run, updates);
    },
    read: async (db, run, playerId, limit) => {
      const k = keys(run.id);
      const ask = () => r.tournamentRead(k.zset, k.hash, k.loaded, limit, playerId === null ? '' : String(playerId));
      let answer = await ask();
      if (Number(answer[0]) === 0) {
        await ensureLoaded(db, run);
        answer = await ask();
      }
      const top: RankedEntry[] = [];
      for (let i = 2; i + 1 < answer.length; i += 2) {
        const member = String(answer[i]);
        top.push({ playerId: playerOfMember(member), points: Number(answer[i + 1]), reachedSeq: seqOfMember(member) });
      }
      return { top, place: Number(answer[1]) };
    },
    places: async (db, run, standings) => {
      await ensureLoaded(db, run);
      const k = keys(run.id);
      const pipeline = r.pipeline() as unknown as { tournamentPlace: (...args: unknown[]) => void; exec: () => Promise<[Error | null, unknown][] | null> };
      for (const s of standings) pipeline.tournamentPlace(k.zset, k.hash, String(s.playerId));
      const results = (await pipeline.exec()) ?? [];
      const places = new Map<number, number>();
      standings.forEach((s, i) => {
        const [error, place] = results[i] ?? [new Error('no answer'), 0];
        if (error) throw error;
        places.set(s.playerId, Number(place));
      });
      return places;
    },
  };
}
