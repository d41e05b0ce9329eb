import { z } from 'zod';

/** Real-time constants (spec §9): shared by the Socket.IO server and the browser client. */
export const REALTIME = {
  /** Socket.IO's HTTP path on the site's own origin. */
  path: '/socket.io',
  /** Client reconnect backoff: 0.5 s doubling up to 20 s, with jitter. */
  reconnectDelayMinMs: 500,
  reconnectDelayMaxMs: 20_000,
  /** Connection (handshake) and acknowledgement timeout. */
  requestTimeoutMs: 5000,
  /** The server pings every interval; a client that hears nothing for interval + max delay reconnects. */
  pingIntervalMs: 10_000,
  maxPingDelayMs: 10_000,
  /** After an 'unauthorized' refusal the client fetches a new channel token after 10-20 s. */
  tokenRetryMinMs: 10_000,
  tokenRetryMaxMs: 20_000,
  /** Lifetime of a channel token (it is checked at the handshake only). */
  channelTokenLifetimeMs: 15 * 60_000,
} as const;

/** `wsConnectionData` of app init for a signed-in player (null for guests). */
export const ZWsConnectionData = z.object({
  path: z.string(),
  transports: z.array(z.enum(['websocket', 'polling'])),
  pingIntervalMs: z.number().int(),
  maxPingDelayMs: z.number().int(),
  tokenExpiresAtMs: z.number().int(),
});
export type WsConnectionData = z.infer<typeof ZWsConnectionData>;

/** GET /rest/realtime/token/: a fresh channel token for the socket handshake (signed-in players). */
export const ZChannelTokenResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  websocket: z.string(),
  expiresAtMs: z.number().int(),
});
export type ChannelTokenResponse = z.infer<typeof ZChannelTokenResponse>;
