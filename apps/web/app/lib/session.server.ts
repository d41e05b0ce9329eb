import { ZAppInitResponse, type AppInitData } from '@sweepstack/contracts/app/app-init';
import { ZRequestHandleResponse, type RequestHandleResponse } from '@sweepstack/contracts/auth/request-handle';
import type { WebLoadContext } from './load-context';
import type { NeutralPlayer } from './player-page.server';

/** The visitor as the SSR handshake and app init describe them, fetched once per server request. */
export interface ServerSession {
  handshake: RequestHandleResponse | null;
  /** Set-Cookie headers of the handshake, to forward to the browser. */
  setCookies: string[];
  appInit: AppInitData | null;
  isGuest: boolean;
  /** Set in the lobby's player-neutral render (docs/page-serving.md, "Session 11"): all it knows of the player; appInit is null. */
  neutral: NeutralPlayer | null;
}

const sessions = new WeakMap<object, Promise<ServerSession>>();

/** Document requests (a browser loading a page) ask for HTML; React Router's data requests do not. */
export function isDocumentRequest(request: Request): boolean {
  return (request.headers.get('accept') ?? '').includes('text/html');
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

async function handshake(request: Request, context: WebLoadContext): Promise<{ answer: RequestHandleResponse | null; setCookies: string[] }> {
  const url = new URL(request.url);
  const query = new URLSearchParams(url.search);
  query.set('path', url.pathname);
  try {
    const response = await context.api(`/rest/request/handle/?${query.toString()}`, { headers: { 'x-client-host': url.host } });
    const setCookies = response.headers.getSetCookie();
    const parsed = ZRequestHandleResponse.safeParse(await readJson(response));
    if (!response.ok || !parsed.success) {
      // Spec §8: a failed handshake is only logged (500 / 'Internal Server Error' when unknown).
      console.error(`[${context.requestId}] handshake failed`, { status: response.status || 500, message: response.statusText || 'Internal Server Error' });
      return { answer: null, setCookies };
    }
    return { answer: parsed.data, setCookies };
  } catch (error) {
    console.error(`[${context.requestId}] handshake failed`, { status: 500, message: error instanceof Error ? error.message : 'Internal Server Error' });
    return { answer: null, setCookies: [] };
  }
}

async function fetchAppInit(context: WebLoadContext, cookieHeader: string, setCookies: string[]): Promise<AppInitData | null> {
  try {
    // Cookies the handshake just set (autologin) must already count for this call.
    const headers: Record<string, string> = setCookies.length > 0 ? { cookie: mergeCookieHeader(cookieHeader, setCookies) } : {};
    const response = await context.api('/rest/app/init/', { headers });
    if (!response.ok) return null;
    const parsed = ZAppInitResponse.safeParse(await readJson(response));
    if (!parsed.success) {
      console.error(`[${context.requestId}] app init answer not valid`, parsed.error.issues.slice(0, 3));
      return null;
    }
    return parsed.data.data;
  } catch (error) {
    console.error(`[${context.requestId}] app init failed`, error);
    return null;
  }
}

/** The request's Cookie header with the values of fresh Set-Cookie headers applied. */
export function mergeCookieHeader(cookieHeader: string, setCookies: string[]): string {
  const jar = new Map<string, string>();
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index > 0) jar.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  for (const header of setCookies) {
    const first = header.split(';')[0] ?? '';
    const index = first.indexOf('=');
    if (index <= 0) continue;
    const name = first.slice(0, index).trim();
    const value = first.slice(index + 1).trim();
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(header) || value === '') jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/**
 * The handshake (document requests only, spec §7) then app init, memoised per request so that the
 * root and the route loaders of one request share them.
 */
export function getSession(request: Request, context: WebLoadContext): Promise<ServerSession> {
  const existing = sessions.get(context);
  if (existing) return existing;
  // The page cache's neutral render: no handshake, no app init, the request carries no session.
  if (context.neutralPlayer) {
    const neutral = Promise.resolve<ServerSession>({ handshake: { authorized: true }, setCookies: [], appInit: null, isGuest: false, neutral: context.neutralPlayer });
    sessions.set(context, neutral);
    return neutral;
  }
  const promise = (async (): Promise<ServerSession> => {
    const { answer, setCookies } = isDocumentRequest(request) ? await handshake(request, context) : { answer: null, setCookies: [] };
    const appInit = await fetchAppInit(context, request.headers.get('cookie') ?? '', setCookies);
    const isGuest = appInit ? appInit.isGuest : !(answer?.authorized ?? false);
    return { handshake: answer, setCookies, appInit, isGuest, neutral: null };
  })();
  sessions.set(context, promise);
  return promise;
}
