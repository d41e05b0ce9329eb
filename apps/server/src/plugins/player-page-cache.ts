import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { playerHomePath, type ThemeId } from '@sweepstack/contracts/themes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { closeWith, openStream, type OpenStream } from '../lib/appendable-compression';
import { contentCache } from '../lib/content-cache';
import { guestPageKey, PAGE_REFRESH_HEADER } from './guest-page-cache';
import { SESSION_COOKIE } from './session';

/**
 * The signed-in lobby from a cache of its player-neutral render (docs/page-serving.md, "Session 11").
 * Every player whose neutral fields are the same (the web app's `NeutralPlayer`: route-rule inputs,
 * restriction hash, the layout-deciding flags; no name, email, balance or id) gets the same render;
 * the player's own data (their player view and favorites) is appended to it as a JSON script at
 * serve time, which the browser applies after hydration (their promotion cards load after the page). The render that fills the
 * cache runs from a request stripped of the session (and of every header and cookie outside the
 * guest page key), with only the neutral fields in its load context, so no player's data can reach
 * it. A request without a live session, with a query string or with a cookie the key does not
 * know is not served from here (the full render answers it as before).
 *
 * A stored page is served while the content fingerprint it was rendered under is current and its live
 * figures (last winners, the game of the week) are younger than the ttl. Past either, the stored page
 * is still answered at once while one render of its replacement runs in the background (an in-process
 * request of its own, so no player waits for it); a failed replacement drops the stored page.
 */

/** The pages served from this cache: the lobby, in English and Spanish, and the player home where it is the lobby (tao, funrize). */
export function playerPagePaths(theme: ThemeId): ReadonlySet<string> {
  return new Set(['/lobby/', '/es/lobby/', ...(playerHomePath(theme) === '/' ? ['/', '/es/'] : [])]);
}
/** Where the player's script goes: before the document's last `</body>`. */
const BODY_END = Buffer.from('</body>');
const COALESCE_WAIT_MS = 10_000;
/** Response headers not stored (per request, set by Node, or replaced here). */
const UNSTORED_HEADERS = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'set-cookie', 'content-encoding', 'x-page-cache']);

/** What the web build's server entry gives this cache (app/lib/player-page.server.ts). */
export interface PlayerPageWeb {
  playerPageParts(init: unknown): { key: string; neutral: object; player: unknown; favorites: number[] } | null;
  playerDataScript(overlay: { player: unknown; favorites: number[] }): string;
}

interface Entry {
  stamp: string;
  storedAtMs: number;
  headers: Record<string, string | string[]>;
  /** The page up to the player's script, and from it. */
  head: Buffer;
  tail: Buffer;
  /** The head compressed once per encoding (made on first use), left open for the end. */
  open: Partial<Record<'br' | 'gzip', OpenStream>>;
}

export interface PlayerPagePending {
  /** The only player fields the render may read (its load context's `neutralPlayer`). */
  neutral: object;
  /** The player's Cookie header: sent only with the games-cache calls (keyed by the restriction hash). */
  cookie: string;
  key: string;
  stamp: string;
  encoding: 'br' | 'gzip' | '';
  script: string;
  settle(entry: Entry | null): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    playerPageCache: PlayerPagePending | null;
  }
}

/**
 * The API paths a neutral render calls as the player: the games cache of their restriction hash and
 * its fallback, the filter endpoint (whose favorites the neutral loader drops). Any other call of the
 * render is a guest's.
 */
export function neutralRenderSendsSession(apiPath: string): boolean {
  return apiPath.startsWith('/api/rest/games/get-cached-games?') || apiPath.startsWith('/api/rest/games/cached-games?') || apiPath === '/rest/get-game-filters/';
}

/** The lobby request without its session cookie, as the guest page key sees it, or null when not eligible. */
function baseKey(request: FastifyRequest, paths: ReadonlySet<string>) {
  const url = request.url;
  if (request.method !== 'GET' || !paths.has(url)) return null;
  const cookieHeader = request.headers.cookie;
  if (typeof cookieHeader !== 'string') return null;
  const parts = cookieHeader.split(';');
  const others = parts.filter((part) => part.split('=')[0]?.trim() !== SESSION_COOKIE);
  if (others.length !== parts.length - 1) return null;
  // The language must be remembered (a signed-in player's always is): the render then sets no cookie.
  if (!/(?:^|;\s*)i18n_redirected=/.test(cookieHeader)) return null;
  // The key holds no compression: the page is stored as text and compressed per answer (appendable-compression.ts).
  const headers = request.headers;
  const saved = { cookie: headers.cookie, encoding: headers['accept-encoding'] };
  headers.cookie = others.join(';');
  delete headers['accept-encoding'];
  try {
    return guestPageKey(request);
  } finally {
    headers.cookie = saved.cookie;
    if (saved.encoding !== undefined) headers['accept-encoding'] = saved.encoding;
  }
}

export class PlayerPageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly rendering = new Map<string, Promise<Entry | null>>();
  /** Background renders waiting for their in-process request, by the request's one-time token. */
  private readonly refreshes = new Map<string, { pending: PlayerPagePending; headers: Record<string, string> }>();
  private readonly paths: ReadonlySet<string>;

  constructor(
    private readonly app: FastifyInstance,
    private readonly web: () => Promise<PlayerPageWeb | null>,
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {
    this.paths = playerPagePaths(app.deps.config.THEME);
  }

  get size(): number {
    return this.entries.size;
  }

  async onRequest(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    request.playerPageCache = null;
    const token = request.headers[PAGE_REFRESH_HEADER];
    if (token !== undefined) {
      const refresh = typeof token === 'string' ? this.refreshes.get(token) : undefined;
      delete request.raw.headers[PAGE_REFRESH_HEADER];
      // Not one of ours (a visitor's header): an ordinary request, which the guest cache has passed by.
      if (refresh) {
        this.refreshes.delete(token as string);
        request.playerPageCache = refresh.pending;
        this.strip(request, refresh.headers);
        reply.header('x-page-cache', 'refresh');
        return undefined;
      }
    }
    const base = baseKey(request, this.paths);
    if (!base) return undefined;
    // A missing or stale session renders in full (its redirect and cleared cookie, as before).
    const player = await request.getPlayer();
    if (!player) return undefined;
    const web = await this.web();
    if (!web) return undefined;
    const { deps } = this.app;
    const cookie = request.headers.cookie ?? '';
    const [init, snapshot] = await Promise.all([this.appInit(request, cookie), contentCache(deps).get()]);
    if (!init) return undefined;
    const parts = web.playerPageParts(init);
    if (!parts) return undefined;
    const key = `${base.key}\n${parts.key}`;
    const script = web.playerDataScript({ player: parts.player, favorites: parts.favorites });
    const encoding = (/\bbr\b/.test(request.headers['accept-encoding'] ?? '') ? 'br' : /\bgzip\b/.test(request.headers['accept-encoding'] ?? '') ? 'gzip' : '') as PlayerPagePending['encoding'];
    const now = deps.clock.nowMs();
    const entry = this.entries.get(key);
    if (entry) {
      if (entry.stamp === snapshot.stamp && now - entry.storedAtMs < this.ttlMs) return this.send(reply, entry, encoding, script, 'hit');
      // The content changed or the live figures are past their time: this answer (and those until
      // the replacement is stored) keeps the stored page; the replacement renders in the background.
      if (!this.rendering.has(key)) this.refresh(key, request.url, base.headers, { neutral: parts.neutral, cookie, stamp: snapshot.stamp }, entry);
      return this.send(reply, entry, encoding, script, 'stale');
    }
    const inflight = this.rendering.get(key);
    if (inflight) {
      const rendered = await inflight;
      if (rendered && rendered.stamp === snapshot.stamp) return this.send(reply, rendered, encoding, script, 'shared');
    }
    request.playerPageCache = this.begin(key, { neutral: parts.neutral, cookie, stamp: snapshot.stamp }, encoding, script);
    this.strip(request, base.headers);
    reply.header('x-page-cache', 'miss');
    return undefined;
  }

  /** A render of `key` begins: requests arriving meanwhile wait for it (at most COALESCE_WAIT_MS). */
  private begin(key: string, input: Pick<PlayerPagePending, 'neutral' | 'cookie' | 'stamp'>, encoding: PlayerPagePending['encoding'], script: string): PlayerPagePending {
    let settle: (entry: Entry | null) => void = () => undefined;
    const render = new Promise<Entry | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), COALESCE_WAIT_MS);
      settle = (value) => {
        clearTimeout(timer);
        resolve(value);
      };
    });
    this.rendering.set(key, render);
    void render.then(() => {
      if (this.rendering.get(key) === render) this.rendering.delete(key);
    });
    return { ...input, key, encoding, script, settle };
  }

  /** The render sees the guest key's headers only: no session, no other cookie, no compression (done here). */
  private strip(request: FastifyRequest, headers: Record<string, string>): void {
    const raw = request.raw.headers;
    for (const name of Object.keys(raw)) if (!(name in headers)) delete raw[name];
    Object.assign(raw, headers);
    delete raw['accept-encoding'];
  }

  /**
   * Renders the replacement of a stale page in the background: an in-process request of the page
   * with the guest key's headers and a one-time token, which `onRequest` turns into this render's
   * pending state (the same stripped request and neutral context as a miss). If it stores nothing
   * (an error, a page that may not be stored, no answer within COALESCE_WAIT_MS), the stale page is
   * dropped: the next request renders in full.
   */
  private refresh(key: string, url: string, headers: Record<string, string>, input: Pick<PlayerPagePending, 'neutral' | 'cookie' | 'stamp'>, stale: Entry): void {
    const pending = this.begin(key, input, '', '');
    const token = randomBytes(18).toString('base64url');
    this.refreshes.set(token, { pending, headers });
    void this.rendering.get(key)!.then((stored) => {
      if (!stored && this.entries.get(key) === stale) this.entries.delete(key);
    });
    this.app
      .inject({ method: 'GET', url, headers: { ...headers, [PAGE_REFRESH_HEADER]: token } })
      .catch(() => undefined)
      .finally(() => {
        this.refreshes.delete(token);
        pending.settle(null);
      });
  }

  /** onSend of the page route: stores the neutral render and answers it with this player's script. */
  async onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const pending = request.playerPageCache;
    if (!pending) return payload;
    const body = await readAll(payload);
    if (body === null) {
      pending.settle(null);
      return payload;
    }
    const entry = this.storable(pending, reply, body);
    if (!entry) {
      pending.settle(null);
      return body;
    }
    if (this.entries.size >= this.maxEntries && !this.entries.has(pending.key)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(pending.key);
    this.entries.set(pending.key, entry);
    pending.settle(entry);
    return this.answer(reply, entry, pending.encoding, pending.script);
  }

  private storable(pending: PlayerPagePending, reply: FastifyReply, body: Buffer): Entry | null {
    if (reply.statusCode !== 200) return null;
    const headers = reply.getHeaders();
    if (!String(headers['content-type'] ?? '').startsWith('text/html')) return null;
    // The render must set no cookie; the session's own refresh (set on this reply by the session plugin) is the player's.
    const setCookies = [headers['set-cookie'] ?? []].flat().map(String);
    if (!setCookies.every((c) => c.startsWith(`${SESSION_COOKIE}=`))) return null;
    const at = body.lastIndexOf(BODY_END);
    if (at < 0) return null;
    const stored: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined || UNSTORED_HEADERS.has(name)) continue;
      stored[name] = Array.isArray(value) ? value.map(String) : String(value);
    }
    return { stamp: pending.stamp, storedAtMs: this.app.deps.clock.nowMs(), headers: stored, head: body.subarray(0, at), tail: body.subarray(at), open: {} };
  }

  /** Sets the answer's headers and returns its body: the stored page with this player's script. */
  private answer(reply: FastifyReply, entry: Entry, encoding: PlayerPagePending['encoding'], script: string): Buffer {
    const end = Buffer.concat([Buffer.from(script), entry.tail]);
    // The answer holds this player's data: no shared cache may keep it.
    reply.header('cache-control', 'private, no-store');
    reply.removeHeader('content-length');
    if (!encoding) {
      reply.removeHeader('content-encoding');
      return Buffer.concat([entry.head, end]);
    }
    const open = (entry.open[encoding] ??= openStream(encoding, entry.head));
    reply.header('content-encoding', encoding);
    return closeWith(open, end);
  }

  private send(reply: FastifyReply, entry: Entry, encoding: PlayerPagePending['encoding'], script: string, how: 'hit' | 'shared' | 'stale'): FastifyReply {
    reply.status(200).headers(entry.headers).header('x-page-cache', how);
    return reply.send(this.answer(reply, entry, encoding, script));
  }

  /** The player's app init answer (`data`), as the page's own call would get it (kept per session on SQLite). */
  private async appInit(request: FastifyRequest, cookie: string): Promise<{ isGuest?: boolean } | null> {
    const result = await this.app.inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie, host: request.headers.host ?? 'localhost', 'user-agent': request.headers['user-agent'] ?? '' } });
    if (result.statusCode !== 200) return null;
    try {
      const data = (JSON.parse(result.body) as { data?: { isGuest?: boolean } }).data;
      return data && data.isGuest === false ? data : null;
    } catch {
      return null;
    }
  }
}

async function readAll(payload: unknown): Promise<Buffer | null> {
  if (Buffer.isBuffer(payload)) return payload;
  if (typeof payload === 'string') return Buffer.from(payload);
  if (!(payload instanceof Readable)) return null;
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  } catch {
    return null;
  }
  return Buffer.concat(chunks);
}
