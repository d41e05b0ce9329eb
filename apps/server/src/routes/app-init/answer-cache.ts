import { REALTIME } from '@sweepstack/contracts/realtime/connection';
import type { ChangeMark, PlayerChangeFeed } from '@sweepstack/db/player-change-feed';
import { SESSION_REFRESH_INTERVAL_MS } from '@sweepstack/domain/auth/lifetimes';
import { setBounded } from '../../lib/bounded-map';
import type { ContentSnapshot } from '../../lib/content-cache';

interface CachedAnswer {
  playerId: number;
  mark: ChangeMark;
  snapshot: ContentSnapshot;
  validUntilMs: number;
  /** The answer's JSON, encoded once (it is sent as it is). */
  body: Buffer;
}

/**
 * Signed-in app init answers kept per session (keyed by the session cookie's token, which this
 * process sees on every request anyway; it never leaves memory) (docs/app-data.md, "App init answer cache"). An answer
 * is served again only while all of these hold:
 * - the change feed saw no write to anything the answer shows since it was read (the player's row,
 *   session, ledger accounts, deposit stats, favorites, game sessions, terms confirmations, the terms
 *   documents) and no other process committed to the database;
 * - the content snapshot it was built from is still the current one;
 * - the session has not expired and is not due for its rolling refresh (which the full path does);
 * - its real-time channel token has at least half of its lifetime left.
 * Only ACTIVE accounts are kept (a cooling-off or exclusion may end by time alone). Bounded in size:
 * the oldest answers go first.
 */
export class AppInitAnswerCache {
  private readonly answers = new Map<string, CachedAnswer>();

  constructor(
    private readonly feed: PlayerChangeFeed,
    private readonly maxEntries = 10_000,
  ) {}

  /** Take before reading the session and the player's state. */
  mark(): ChangeMark {
    return this.feed.mark();
  }

  /** The kept answer of this session, or undefined when there is none or it may be out of date. */
  get(token: string, nowMs: number, snapshot: ContentSnapshot): Buffer | undefined {
    const answer = this.answers.get(token);
    if (answer === undefined) return undefined;
    if (nowMs < answer.validUntilMs && answer.snapshot === snapshot && this.feed.unchangedSince(answer.playerId, answer.mark)) return answer.body;
    this.answers.delete(token);
    return undefined;
  }

  set(
    token: string,
    answer: { playerId: number; mark: ChangeMark; snapshot: ContentSnapshot; nowMs: number; session: { expiresAtMs: number; lastSeenAtMs: number }; body: Buffer },
  ): void {
    const validUntilMs = Math.min(
      answer.session.expiresAtMs,
      answer.session.lastSeenAtMs + SESSION_REFRESH_INTERVAL_MS,
      answer.nowMs + REALTIME.channelTokenLifetimeMs / 2,
    );
    if (validUntilMs <= answer.nowMs) return;
    setBounded(this.answers, token, { playerId: answer.playerId, mark: answer.mark, snapshot: answer.snapshot, validUntilMs, body: answer.body }, this.maxEntries);
  }

  get size(): number {
    return this.answers.size;
  }
}
