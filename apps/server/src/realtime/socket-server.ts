import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REALTIME } from '@sweepstack/contracts/realtime/connection';
import { PUSH_EVENT, ZPushMessage, type PushEnvelope } from '@sweepstack/contracts/realtime/push';
import type { DomainEvent } from '@sweepstack/db/repositories/domain-events';
import { findPlayerById } from '@sweepstack/db/repositories/players';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Server, type ExtendedError, type Socket } from 'socket.io';
import { siteOrigins } from '../plugins/security';
import { playerOfSessionToken, SESSION_COOKIE } from '../plugins/session';
import { verifyChannelToken } from './channel-token';

/** What a socket carries after its handshake. */
export interface SocketData {
  /** The signed-in player, or null for a guest (guests join no player room). */
  playerId: number | null;
}

export type RealtimeServer = Server<Record<string, never>, { [PUSH_EVENT]: (envelope: PushEnvelope) => void }, Record<string, never>, SocketData>;

/** The room of every socket of one player (all tabs, all nodes). */
export function playerRoom(playerId: number): string {
  return `player:${playerId}`;
}

const BLOCKED_STATUSES = new Set(['BLOCKED', 'CLOSED']);

function unauthorized(): ExtendedError {
  const error = new Error('unauthorized') as ExtendedError;
  error.data = { code: 'unauthorized' };
  return error;
}

function firstString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

/**
 * Who is connecting: a channel token (handshake `auth.token` or `?token=`, the alternative socket)
 * must be valid; otherwise the `ss_session` cookie, when present, must be a live session; with
 * neither the socket is a guest. 'unauthorized' when a credential was given and is not good.
 */
export async function authenticateHandshake(app: FastifyInstance, socket: Pick<Socket, 'handshake'>): Promise<SocketData | 'unauthorized'> {
  const { config, clock, database } = app.deps;
  const token = firstString((socket.handshake.auth as Record<string, unknown> | undefined)?.token) ?? firstString(socket.handshake.query.token);
  if (token !== undefined && token !== '') {
    const playerId = verifyChannelToken(config.SESSION_SECRET, token, clock.nowMs());
    if (playerId === null) return 'unauthorized';
    const player = await findPlayerById(database.db, playerId);
    if (!player || BLOCKED_STATUSES.has(player.account_status)) return 'unauthorized';
    return { playerId };
  }
  const cookieHeader = socket.handshake.headers.cookie;
  const sessionToken = cookieHeader ? app.parseCookie(cookieHeader)[SESSION_COOKIE] : undefined;
  if (sessionToken !== undefined && sessionToken !== '') {
    const player = await playerOfSessionToken(app.deps, sessionToken);
    return player ? { playerId: player.id } : 'unauthorized';
  }
  return { playerId: null };
}

/**
 * Browsers send Origin on the handshake: refuse other sites (cross-site WebSocket hijacking). The
 * same origins as the REST calls' check (plugins/security.ts), never the request's own Host.
 */
function originAllowed(origins: ReadonlySet<string>, request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  return origin === undefined || origins.has(origin);
}

/**
 * Socket.IO on the Fastify HTTP server (same origin, path /socket.io): authenticated handshakes,
 * one room per player, the Redis adapter across nodes when REDIS_URL is set.
 */
export function createSocketServer(app: FastifyInstance): { io: RealtimeServer; close(): Promise<void> } {
  const origins = siteOrigins(app.deps.config);
  const io: RealtimeServer = new Server(app.server, {
    path: REALTIME.path,
    serveClient: false,
    pingInterval: REALTIME.pingIntervalMs,
    pingTimeout: REALTIME.maxPingDelayMs,
    connectTimeout: REALTIME.requestTimeoutMs,
    // Clients send nothing but the handshake: keep what one message may weigh small.
    maxHttpBufferSize: 16 * 1024,
    allowRequest: (request, callback) => {
      const allowed = originAllowed(origins, request);
      callback(allowed ? null : 'origin not allowed', allowed);
    },
  });

  const { redis } = app.deps;
  const pub = redis?.duplicate();
  const sub = redis?.duplicate();
  // Nodes of one deployment share its database; the channel key follows it, so deployments (and test
  // runs) sharing a Redis server never receive each other's pushes.
  const deployment = createHash('sha256').update(app.deps.database.url).digest('hex').slice(0, 16);
  if (pub && sub) io.adapter(createAdapter(pub, sub, { key: `sweepstack:socket.io:${deployment}` }));

  io.use((socket, next) => {
    authenticateHandshake(app, socket).then(
      (result) => {
        if (result === 'unauthorized') return next(unauthorized());
        socket.data.playerId = result.playerId;
        next();
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'socket handshake failed');
        next(new Error('server error'));
      },
    );
  });
  io.on('connection', (socket) => {
    if (socket.data.playerId !== null) void socket.join(playerRoom(socket.data.playerId));
  });

  return {
    io,
    close: async () => {
      // Not io.close(): it would close Fastify's HTTP server, which Fastify closes itself.
      io.local.disconnectSockets(true);
      io.engine.close();
      await new Promise<void>((resolve) => {
        const adapter = io.of('/').adapter as { close?: () => Promise<void> | void };
        Promise.resolve(adapter.close?.()).then(
          () => resolve(),
          () => resolve(),
        );
      });
      await Promise.all([pub?.quit().catch(() => undefined), sub?.quit().catch(() => undefined)]);
    },
  };
}

/** Emits an event's push to its player's room (or to everyone); returns why it was refused, if it was. */
export function emitEventPush(io: RealtimeServer, event: DomainEvent): string | undefined {
  const parsed = ZPushMessage.safeParse(event.push);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return `${issue?.path.join('.') || 'message'}: ${issue?.message ?? 'invalid'}`;
  }
  const envelope: PushEnvelope = { eventId: event.id, message: parsed.data };
  if (event.playerId === null) io.emit(PUSH_EVENT, envelope);
  else io.to(playerRoom(event.playerId)).emit(PUSH_EVENT, envelope);
  return undefined;
}
