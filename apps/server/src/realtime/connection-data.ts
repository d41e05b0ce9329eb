import { REALTIME, type WsConnectionData } from '@sweepstack/contracts/realtime/connection';
import type { AppDeps } from '../app-context';
import { issueChannelToken } from './channel-token';

/** App init's `wsConnectionData`, `websocket` and `token` for a signed-in player. */
export function channelConnection(deps: Pick<AppDeps, 'config' | 'clock'>, playerId: number): { wsConnectionData: WsConnectionData; websocket: string; token: string } {
  const expiresAtMs = deps.clock.nowMs() + REALTIME.channelTokenLifetimeMs;
  return {
    wsConnectionData: {
      path: REALTIME.path,
      transports: ['websocket', 'polling'],
      pingIntervalMs: REALTIME.pingIntervalMs,
      maxPingDelayMs: REALTIME.maxPingDelayMs,
      tokenExpiresAtMs: expiresAtMs,
    },
    websocket: deps.config.publicOrigin,
    token: issueChannelToken(deps.config.SESSION_SECRET, playerId, expiresAtMs),
  };
}
