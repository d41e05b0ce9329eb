import { PassThrough, Readable } from 'node:stream';
import { rankedLanguages } from '@sweepstack/domain/shell/accept-language';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-context';
import { contentCache } from '../lib/content-cache';
import { SESSION_COOKIE } from './session';

/**
 * The short-lived cache of guest pages (docs/page-serving.md). A guest page is the same for every
 * guest with the same key: host, path, the cookies the page reads (locale memory, consent, the
 * development theme), the language the browser asks for and the compression it accepts. On a miss,
 * the page renders from a request holding only what the key holds (every other cookie and header is
 * taken away first), so nothing outside the key can reach a stored answer. An answer is stored only
 * when it is a 200 HTML page whose only Set-Cookie is the locale memory the key already decides.
 * It is served for `ttlMs`, and never after the content fingerprint it was rendered under moved.
 */

/** Cookies a guest page reads, each with the only values that may be stored (others: not cached). */
const KEYED_COOKIES: ReadonlyMap<string, RegExp> = new Map([
  ['i18n_redirected', /^(en|es)$/],
  ['cookie_control_consent', /^(true|false)$/],
  ['cookie_control_enabled_cookies', /^[a-z]{1,20}(~[a-z]{1,20}){0,7}$/],
  // Read outside production only (the ?theme= override); a query string is never cached.
  ['sweepstack_theme', /^[A-Za-z]{1,20}$/],
]);
/**
 * Cookies no page reads on the server (the browser's own code reads them), so a stored page may be
 * answered to a guest holding them: the referral codes (read when the sign-up form is sent), the
 * preset package's reminder, and the analytics cookies of the usual tag managers. Any other cookie
 * (a session, the one-time notice of an expired login link, a cookie added later) makes the page
 * render for that visitor alone: a new cookie that a page reads is never silently ignored.
 */
const IGNORED_COOKIES = new Set(['invited_by', 'refcode', '_refcode', '_referrerinfo', 'presetPackageModal']);
const IGNORED_COOKIE_PREFIXES = /^(_ga|_gid|_gat|_gcl_|_fbp|_fbc)/;
/** Request headers the render keeps (the rest are removed on a miss). */
const KEPT_HEADERS = new Set(['host', 'user-agent', 'connection', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-for', 'x-request-id']);
/** Response headers not stored (set per request by the server, or by Node). */
const UNSTORED_HEADERS = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'set-cookie']);
const LOCALES = ['en', 'es'] as const;

interface Entry {
  status: number;
  headers: Record<string, string | string[]>;
  /** The locale memory the render set (the same for every request of this key), or none. */
  setCookies: string[];
  body: Buffer;
  stamp: string;
  storedAtMs: number;
  /** When a request began rendering its replacement (the others keep this one meanwhile). */
  refreshingSinceMs: number | null;
}

interface Pending {
  key: string;
  stamp: string;
  /** The locale memory the render may set (none when the request already had it). */
  localeCookie: string | null;
  /** Hands the render's outcome to the requests waiting for it (once; later calls do nothing). */
  settle(entry: Entry | null): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    guestPageCache: Pending | null;
  }
}

/** Best supported language of an Accept-Language header, as the web app's root loader decides it. */
export function browserLocale(acceptLanguage: string | undefined): (typeof LOCALES)[number] {
  for (const lang of rankedLanguages(acceptLanguage)) if ((LOCALES as readonly string[]).includes(lang)) return lang as (typeof LOCALES)[number];
  return 'en';
}

/** The compression the web app's entry answers with for this Accept-Encoding (app/entry.server.tsx). */
function encodingOf(acceptEncoding: string | undefined): 'br' | 'gzip' | '' {
  const accepted = acceptEncoding ?? '';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return '';
}

function parseCookieHeader(header: string | undefined): Map<string, string> | null {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    // A cookie sent twice is ambiguous (which one the page reads): not cached.
    if (cookies.has(name)) return null;
    cookies.set(name, part.slice(index + 1).trim());
  }
  return cookies;
}

/**
 * The cache key of a request and the headers its render may see, or null when the request is not a
 * guest page anyone else could share: not a GET of an HTML document, a query string, a session
 * cookie (even a stale one: its answer clears it) or any cookie neither keyed nor known to be read
 * only by the browser, a keyed cookie with an unexpected value.
 */
export function guestPageKey(request: FastifyRequest): { key: string; headers: Record<string, string>; localeCookie: string | null } | null {
  if (request.method !== 'GET' || request.url.includes('?')) return null;
  const headers = request.headers;
  // The player page cache's background render (player-page-cache.ts) is not a guest's page.
  if (headers[PAGE_REFRESH_HEADER] !== undefined) return null;
  if (!(headers.accept ?? '').includes('text/html')) return null;
  const cookies = parseCookieHeader(headers.cookie);
  if (!cookies || cookies.has(SESSION_COOKIE)) return null;
  for (const name of cookies.keys()) {
    if (!KEYED_COOKIES.has(name) && !IGNORED_COOKIES.has(name) && !IGNORED_COOKIE_PREFIXES.test(name)) return null;
  }
  const keyed: string[] = [];
  for (const [name, pattern] of KEYED_COOKIES) {
    const value = cookies.get(name);
    if (value === undefined) continue;
    if (!pattern.test(value)) return null;
    keyed.push(`${name}=${value}`);
  }
  const encoding = encodingOf(headers['accept-encoding']);
  // The browser's language only counts while no language is remembered (the root loader's rule);
  // the render is given the language it decides, never the header itself.
  const remembered = cookies.get('i18n_redirected');
  const language = remembered ? remembered : browserLocale(headers['accept-language']);
  const key = [request.protocol, request.host, request.url, encoding, remembered ? '' : language, ...keyed].join('\n');
  const kept: Record<string, string> = { accept: 'text/html', 'accept-language': language };
  if (encoding) kept['accept-encoding'] = encoding;
  if (keyed.length > 0) kept.cookie = keyed.join('; ');
  for (const name of KEPT_HEADERS) {
    const value = headers[name];
    if (typeof value === 'string') kept[name] = value;
  }
  return { key, headers: kept, localeCookie: remembered ? null : language };
}

/** Marks the player page cache's background render of a page (an in-process request): never a guest page. */
export const PAGE_REFRESH_HEADER = 'x-sweepstack-page-refresh';

/** How long a request waits for another request's render of the same page before rendering it too. */
const COALESCE_WAIT_MS = 10_000;

export class GuestPageCache {
  private readonly entries = new Map<string, Entry>();
  /** Renders in progress by key: requests arriving meanwhile wait for the answer instead of rendering it again. */
  private readonly rendering = new Map<string, Promise<Entry | null>>();

  constructor(
    private readonly deps: Pick<AppDeps, 'database' | 'clock' | 'config'>,
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * Runs before the page handler (onRequest of the page route): answers a fresh stored page (or
   * waits for the render another request started), else marks the request for storing and strips
   * it down to its key.
   */
  async onRequest(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    request.guestPageCache = null;
    const found = guestPageKey(request);
    if (!found) {
      reply.header('x-page-cache', 'bypass');
      return undefined;
    }
    // Taken before the render: an answer is never stored under a fingerprint newer than what it read.
    const stamp = (await contentCache(this.deps).get()).stamp;
    const now = this.deps.clock.nowMs();
    const entry = this.entries.get(found.key);
    if (entry && entry.stamp === stamp) {
      const age = now - entry.storedAtMs;
      // Past its time one request renders the replacement; the others keep the stored page for at
      // most one more ttl meanwhile (so no page served is two ttl old).
      const refreshing = entry.refreshingSinceMs !== null && now - entry.refreshingSinceMs < this.ttlMs;
      // Returning the reply tells Fastify the request is answered (no handler runs).
      if (age < this.ttlMs || (refreshing && age < 2 * this.ttlMs)) return this.send(reply, entry, 'hit');
      entry.refreshingSinceMs = now;
    } else {
      const inflight = this.rendering.get(found.key);
      if (inflight) {
        const rendered = await inflight;
        if (rendered && rendered.stamp === stamp) return this.send(reply, rendered, 'shared');
      }
    }
    let settle: (entry: Entry | null) => void = () => undefined;
    const render = new Promise<Entry | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), COALESCE_WAIT_MS);
      settle = (value) => {
        clearTimeout(timer);
        resolve(value);
      };
    });
    this.rendering.set(found.key, render);
    void render.then(() => {
      if (this.rendering.get(found.key) === render) this.rendering.delete(found.key);
    });
    request.guestPageCache = { key: found.key, stamp, localeCookie: found.localeCookie, settle };
    const raw = request.raw.headers;
    for (const name of Object.keys(raw)) if (!(name in found.headers)) delete raw[name];
    Object.assign(raw, found.headers);
    reply.header('x-page-cache', 'miss');
    return undefined;
  }

  /** onSend of the page route: keeps a copy of a storable answer while it streams to the guest. */
  onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    const pending = request.guestPageCache;
    if (!pending) return payload;
    const entry = this.storable(pending, reply);
    if (!entry) {
      pending.settle(null);
      return payload;
    }
    const store = (body: Buffer) => {
      if (this.entries.size >= this.maxEntries && !this.entries.has(pending.key)) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      const stored = { ...entry, body, storedAtMs: this.deps.clock.nowMs() };
      this.entries.delete(pending.key);
      this.entries.set(pending.key, stored);
      pending.settle(stored);
    };
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      store(Buffer.from(payload));
      return payload;
    }
    if (!(payload instanceof Readable)) {
      pending.settle(null);
      return payload;
    }
    // The guest who caused the render still gets it streamed: a copy is kept as it passes.
    const chunks: Buffer[] = [];
    let failed = false;
    const tee = new PassThrough({
      transform(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback(null, chunk);
      },
    });
    payload.on('error', (error) => {
      failed = true;
      tee.destroy(error);
    });
    tee.on('end', () => {
      if (!failed) store(Buffer.concat(chunks));
    });
    // A stream cut short (an error, the guest gone) stores nothing; settling twice does nothing.
    tee.on('close', () => pending.settle(null));
    return payload.pipe(tee);
  }

  /** The stored form of an answer (without its body), or null when it must not be shared. */
  private storable(pending: Pending, reply: FastifyReply): Omit<Entry, 'body' | 'storedAtMs'> | null {
    if (reply.statusCode !== 200) return null;
    const headers = reply.getHeaders();
    if (!String(headers['content-type'] ?? '').startsWith('text/html')) return null;
    const setCookies = [headers['set-cookie'] ?? []].flat().map(String);
    // The only cookie a stored page may set is the locale memory its key decided; anything else
    // (a session, a referral code, a cleared cookie) belongs to one visitor.
    const allowed = pending.localeCookie === null ? null : `i18n_redirected=${pending.localeCookie};`;
    if (!setCookies.every((c) => allowed !== null && c.startsWith(allowed))) return null;
    const stored: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined || UNSTORED_HEADERS.has(name) || name === 'x-page-cache') continue;
      stored[name] = Array.isArray(value) ? value.map(String) : String(value);
    }
    return { status: 200, headers: stored, setCookies, stamp: pending.stamp, refreshingSinceMs: null };
  }

  private send(reply: FastifyReply, entry: Entry, how: 'hit' | 'shared'): FastifyReply {
    reply.status(entry.status).headers(entry.headers).header('x-page-cache', how);
    for (const cookie of entry.setCookies) reply.header('set-cookie', cookie);
    return reply.send(entry.body);
  }
}
