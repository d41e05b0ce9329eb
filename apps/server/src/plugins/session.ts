import { randomInt } from 'node:crypto';
import { AppError } from '@sweepstack/contracts/errors';
import { playerChangeFeed, type ChangeMark } from '@sweepstack/db/player-change-feed';
import type { Database } from '@sweepstack/db/schema';
import { findPlayerById, type Player } from '@sweepstack/db/repositories/players';
import { deleteExpiredAuthTokens } from '@sweepstack/db/repositories/auth-tokens';
import { deleteExpiredSessions, deleteSession, findLiveSession, findSessionsByHashes, insertSession, touchSession } from '@sweepstack/db/repositories/sessions';
import { SESSION_LIFETIME_MS, SESSION_REFRESH_INTERVAL_MS } from '@sweepstack/domain/auth/lifetimes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { batchedLoader } from '../lib/batched-loader';
import { setBounded } from '../lib/bounded-map';
import { hashToken, newToken } from '../lib/secure-token';
import { liftEndedExclusion } from '../responsible-play/exclusions';

export const SESSION_COOKIE = 'ss_session';

/** Accounts in these states have no session: their cookie is ignored (and cleared). */
const NO_SESSION_STATUSES = new Set<string>(['BLOCKED', 'CLOSED']);

interface SessionState {
  player?: Promise<Player | undefined>;
  /** Signed in during this request (startSession): looked up lazily, after the caller's transaction. */
  signedInPlayerId?: number;
  /** The handler wrote the cookie itself (sign-in, sign-out): onSend leaves it alone. */
  cookieWritten?: boolean;
  /** Set when the session's expiry was pushed forward: the cookie is re-sent with a new Max-Age. */
  refreshedToken?: string;
  /** Set when a stale or unknown cookie came in: it is cleared on the way out. */
  clearCookie?: boolean;
  /** The session row the cookie named (after any refresh), once looked up. */
  session?: { tokenHash: string; expiresAtMs: number; lastSeenAtMs: number };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in player of this request (looked up once, then cached), or undefined for a guest. */
    getPlayer(): Promise<Player | undefined>;
    sessionState: SessionState | null;
  }
}

/**
 * Cookie sessions: `ss_session` (HttpOnly, SameSite=Lax, Secure on https origins) holding a random
 * token whose SHA-256 is the session row's key; 30-day rolling lifetime.
 */
export async function registerSession(app: FastifyInstance): Promise<void> {
  const { database, clock, config } = app.deps;
  const lookups = sessionLookupCache(database.db);
  // PostgreSQL (no kept lookups: several processes write): the lookups of concurrent requests share
  // one query (a network round trip and its driver work per batch, not per request).
  const batched = database.dialect === 'postgres' ? batchedLoader((hashes: string[]) => findSessionsByHashes(database.db, hashes)) : null;
  const findLive = async (tokenHash: string, now: number) => {
    if (!batched) return findLiveSession(database.db, tokenHash, now);
    const found = await batched(tokenHash);
    // Requests of one batch with the same cookie get copies: a handler may change its player object.
    return found && found.session.expires_at_ms > now ? { session: { ...found.session }, player: { ...found.player } } : undefined;
  };
  app.decorateRequest('sessionState', null);
  app.decorateRequest('getPlayer', function getPlayer(this: FastifyRequest): Promise<Player | undefined> {
    const existing = this.sessionState;
    if (existing?.player) return existing.player;
    if (existing?.signedInPlayerId !== undefined) {
      existing.player = findPlayerById(database.db, existing.signedInPlayerId);
      return existing.player;
    }
    if (existing) return (existing.player = Promise.resolve(undefined));
    const state: SessionState = {};
    this.sessionState = state;
    const token = this.cookies[SESSION_COOKIE];
    if (!token) return (state.player = Promise.resolve(undefined));
    state.player = (async () => {
      if (token.length > 200) {
        state.clearCookie = true;
        return undefined;
      }
      const now = clock.nowMs();
      const kept = lookups?.get(token, now);
      if (kept) {
        state.session = kept.session;
        return kept.player;
      }
      // Taken before the read: a kept lookup is never newer than its mark.
      const mark = lookups?.mark();
      const tokenHash = hashToken(token);
      const found = await findLive(tokenHash, now);
      if (!found || NO_SESSION_STATUSES.has(found.player.account_status)) {
        state.clearCookie = true;
        return undefined;
      }
      state.session = { tokenHash, expiresAtMs: found.session.expires_at_ms, lastSeenAtMs: found.session.last_seen_at_ms };
      if (now - found.session.last_seen_at_ms >= SESSION_REFRESH_INTERVAL_MS) {
        await touchSession(database.db, tokenHash, now, now + SESSION_LIFETIME_MS);
        state.refreshedToken = token;
        state.session = { tokenHash, expiresAtMs: now + SESSION_LIFETIME_MS, lastSeenAtMs: now };
      }
      // A cooling-off or self-exclusion that has ended gives the account back (docs/responsible-play.md).
      const player = await liftEndedExclusion(database.db, found.player, now);
      if (lookups && mark && player.account_status === 'ACTIVE' && !state.refreshedToken) return lookups.set(token, { player, session: state.session, mark });
      return player;
    })();
    return state.player;
  });

  // Callback style: it runs on every response and has nothing to wait for.
  app.addHook('onSend', (request, reply, payload, done) => {
    const state = request.sessionState;
    if (state && !state.cookieWritten) {
      if (state.refreshedToken) setSessionCookie(reply, state.refreshedToken, config.secureCookies);
      else if (state.clearCookie) clearSessionCookie(reply, config.secureCookies);
    }
    done(null, payload);
  });
}

function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.floor(SESSION_LIFETIME_MS / 1000),
  });
}

function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/**
 * The player of a live session cookie token, or undefined; does not refresh the session. The
 * Socket.IO handshake authenticates with it (same rules as `getPlayer`).
 */
export async function playerOfSessionToken(deps: { database: { db: Kysely<Database> }; clock: { nowMs(): number } }, token: string): Promise<Player | undefined> {
  if (token.length === 0 || token.length > 200) return undefined;
  const found = await findLiveSession(deps.database.db, hashToken(token), deps.clock.nowMs());
  if (!found || NO_SESSION_STATUSES.has(found.player.account_status)) return undefined;
  return found.player;
}

/** The signed-in player, or AppError AUTH_REQUIRED (401). */
export async function requirePlayer(request: FastifyRequest): Promise<Player> {
  const player = await request.getPlayer();
  if (!player) throw new AppError('AUTH_REQUIRED');
  return player;
}

/**
 * Creates the session row for `playerId` (in `db`, which may be the caller's transaction) and ends
 * the browser's previous session. Returns the token; send it with `setSessionCookie` after commit.
 */
export async function createSession(
  request: FastifyRequest,
  playerId: number,
  db: Kysely<Database> | Transaction<Database> = request.server.deps.database.db,
): Promise<string> {
  const { clock } = request.server.deps;
  const previous = request.cookies[SESSION_COOKIE];
  if (previous && previous.length <= 200) await deleteSession(db, hashToken(previous));
  const token = newToken();
  const now = clock.nowMs();
  await insertSession(db, {
    tokenHash: hashToken(token),
    playerId,
    nowMs: now,
    expiresAtMs: now + SESSION_LIFETIME_MS,
    ip: request.ip.slice(0, 64),
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 512) || null,
  });
  // Housekeeping without a job: about one sign-in in 100 drops expired sessions and one-time tokens.
  if (randomInt(100) === 0) {
    await deleteExpiredSessions(db, now);
    await deleteExpiredAuthTokens(db, now);
  }
  return token;
}

/** Sends the cookie of a session made by `createSession`; `getPlayer()` then answers its player. */
export function sendSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, playerId: number): void {
  setSessionCookie(reply, token, request.server.deps.config.secureCookies);
  request.sessionState = { signedInPlayerId: playerId, cookieWritten: true };
}

/** Signs the request's browser in as `playerId` (outside any transaction): session row and cookie. */
export async function startSession(request: FastifyRequest, reply: FastifyReply, playerId: number): Promise<void> {
  const token = await createSession(request, playerId);
  sendSessionCookie(request, reply, token, playerId);
}

/** Signs the browser out: deletes its session row and clears the cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { database, config } = request.server.deps;
  const token = request.cookies[SESSION_COOKIE];
  if (token && token.length <= 200) await deleteSession(database.db, hashToken(token));
  clearSessionCookie(reply, config.secureCookies);
  request.sessionState = { player: Promise.resolve(undefined), cookieWritten: true };
}

interface KeptLookup {
  player: Player;
  session: NonNullable<SessionState['session']>;
  mark: ChangeMark;
}

/**
 * Session lookups kept per cookie token on SQLite (docs/auth.md, "Session lookups"), served again
 * while the change feed saw no write to the player's row or sessions since the lookup's mark, the
 * session has not expired and its rolling refresh is not due. Only ACTIVE accounts are kept. The
 * player object is frozen: it is shared by the requests that read it.
 */
function sessionLookupCache(db: Kysely<Database>, maxEntries = 10_000) {
  const feed = playerChangeFeed(db);
  if (!feed) return undefined;
  const kept = new Map<string, KeptLookup>();
  return {
    mark: () => feed.mark(),
    get(token: string, nowMs: number): KeptLookup | undefined {
      const lookup = kept.get(token);
      if (lookup === undefined) return undefined;
      const { session, player, mark } = lookup;
      if (nowMs < session.expiresAtMs && nowMs - session.lastSeenAtMs < SESSION_REFRESH_INTERVAL_MS && feed.accountUnchangedSince(player.id, mark)) return lookup;
      kept.delete(token);
      return undefined;
    },
    /** Keeps the lookup; answers the (frozen) player to hand out. */
    set(token: string, lookup: KeptLookup): Player {
      const player = Object.freeze({ ...lookup.player });
      setBounded(kept, token, { ...lookup, player }, maxEntries);
      return player;
    },
  };
}
