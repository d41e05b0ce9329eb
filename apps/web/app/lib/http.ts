import type { ErrorResponse } from '@sweepstack/contracts/envelope';

/** Statuses after which an idempotent GET is tried once more (spec §7, HTTP client behaviour). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpOptions {
  method?: HttpMethod;
  /** Values for `{name}` placeholders of the path; every placeholder must be filled. */
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Overrides the default: GET retries once, other methods never. */
  retry?: boolean;
  signal?: AbortSignal;
  /** Injected in tests; the browser's fetch otherwise. */
  fetch?: typeof fetch;
}

/** A failed call: the HTTP status plus the parsed error envelope when the server sent one. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly messageKey: string | undefined;
  readonly fields: Record<string, string>;

  constructor(status: number, envelope: ErrorResponse | undefined) {
    super(envelope?.error.message ?? `Request failed with status ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.code = envelope?.error.code ?? 'HTTP_ERROR';
    this.messageKey = envelope?.error.messageKey;
    this.fields = envelope?.error.fields ?? {};
  }
}

/** Thrown before any request when a `{name}` placeholder has no value. */
export class MissingPathParameterError extends Error {
  constructor(readonly parameter: string, path: string) {
    super(`Missing path parameter "${parameter}" for ${path}`);
    this.name = 'MissingPathParameterError';
  }
}

/** Fills `{name}` placeholders (URI-encoded); any placeholder left unfilled throws. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{([^{}]+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new MissingPathParameterError(name, path);
    return encodeURIComponent(String(value));
  });
}

function withQuery(path: string, query: HttpOptions['query']): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.append(key, String(value));
  const text = search.toString();
  if (!text) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

function isErrorEnvelope(value: unknown): value is ErrorResponse {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  return (value as { success?: unknown }).success === false && typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Calls the REST API with cookies (credentials included). GET is retried once on a retryable
 * status; POST, PUT, PATCH and DELETE are not retried unless asked. Resolves the parsed JSON body;
 * rejects with HttpError carrying the error envelope's code and field errors.
 */
export async function http<T = unknown>(path: string, options: HttpOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const url = withQuery(fillPath(path, options.params), options.query);
  const doFetch = options.fetch ?? fetch;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const attempts = (options.retry ?? method === 'GET') ? 2 : 1;
  let response: Response | undefined;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    response = await doFetch(url, { method, headers, body, credentials: 'include', signal: options.signal });
    if (response.ok || !RETRY_STATUSES.has(response.status)) break;
  }
  if (!response) throw new Error('unreachable: no response');
  const parsed = await readJson(response);
  if (!response.ok) throw new HttpError(response.status, isErrorEnvelope(parsed) ? parsed : undefined);
  return parsed as T;
}
