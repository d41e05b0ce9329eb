import type { DatabaseHandle } from '@sweepstack/db/connection';
import { consumeAuthToken, insertAuthToken } from '@sweepstack/db/repositories/auth-tokens';
import { LOGIN_TOKEN_LIFETIME_MS } from '@sweepstack/domain/auth/lifetimes';
import type { Clock } from '@sweepstack/domain/shared/clock';
import { hashToken, newToken } from '../lib/secure-token';

/**
 * Creates a one-time sign-in token (the `aa` query parameter): 15 minutes, single use. For operators
 * (`npm run auth:login-link -- EMAIL`), support tooling and tests.
 */
export async function createLoginToken(deps: { database: DatabaseHandle; clock: Clock }, playerId: number): Promise<string> {
  const token = newToken();
  const now = deps.clock.nowMs();
  await insertAuthToken(deps.database.db, { tokenHash: hashToken(token), kind: 'login', playerId, nowMs: now, expiresAtMs: now + LOGIN_TOKEN_LIFETIME_MS });
  return token;
}

/** The link that signs a player in: any page path with `aa=<token>`. */
export function loginLink(publicOrigin: string, token: string, path = '/lobby/'): string {
  const url = new URL(path, publicOrigin);
  url.searchParams.set('aa', token);
  return url.toString();
}

/** Uses a login token; the player id when it was valid, unused and unexpired. */
export async function consumeLoginToken(deps: { database: DatabaseHandle; clock: Clock }, token: string): Promise<number | undefined> {
  return consumeAuthToken(deps.database.db, hashToken(token), 'login', deps.clock.nowMs());
}
