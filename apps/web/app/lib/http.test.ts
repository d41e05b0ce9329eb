import { describe, expect, it } from 'vitest';
import { fillPath, http, HttpError, MissingPathParameterError, RETRY_STATUSES } from './http';

function fakeFetch(statuses: number[], body: unknown = { success: true }) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fn = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const status = statuses[Math.min(calls.length - 1, statuses.length - 1)] ?? 200;
    const payload = status >= 400 ? { success: false, error: { code: 'X_FAILED', message: 'failed', messageKey: 'errors.x', fields: { email: 'taken' } } } : body;
    return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { fn, calls };
}

describe('http client', () => {
  it.each([...RETRY_STATUSES])('retries a GET once after %i', async (status) => {
    const { fn, calls } = fakeFetch([status, 200], { ok: 1 });
    await expect(http('/rest/x/', { fetch: fn })).resolves.toEqual({ ok: 1 });
    expect(calls).toHaveLength(2);
  });

  it('gives up after the one retry', async () => {
    const { fn, calls } = fakeFetch([503, 503, 200]);
    await expect(http('/rest/x/', { fetch: fn })).rejects.toBeInstanceOf(HttpError);
    expect(calls).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 422])('does not retry a GET after %i', async (status) => {
    const { fn, calls } = fakeFetch([status, 200]);
    await expect(http('/rest/x/', { fetch: fn })).rejects.toMatchObject({ status, code: 'X_FAILED' });
    expect(calls).toHaveLength(1);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('does not retry %s', async (method) => {
    const { fn, calls } = fakeFetch([503, 200]);
    await expect(http('/rest/x/', { method, fetch: fn, body: {} })).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);
  });

  it('throws on an unfilled path parameter before any request', async () => {
    const { fn, calls } = fakeFetch([200]);
    await expect(http('/rest/tournaments/{id}/subscribe/', { fetch: fn })).rejects.toBeInstanceOf(MissingPathParameterError);
    await expect(http('/rest/a/{id}/{mode}/', { fetch: fn, params: { id: 3 } })).rejects.toThrow('"mode"');
    expect(calls).toHaveLength(0);
  });

  it('fills and encodes path parameters, adds the query and includes credentials', async () => {
    const { fn, calls } = fakeFetch([200]);
    await http('/rest/page/legal/{name}/', { fetch: fn, params: { name: 'a b' }, query: { x: 1, y: undefined, z: true } });
    expect(calls[0]?.url).toBe('/rest/page/legal/a%20b/?x=1&z=true');
    expect(calls[0]?.init?.credentials).toBe('include');
  });

  it('sends JSON bodies and exposes field errors', async () => {
    const { fn, calls } = fakeFetch([422]);
    const error = await http('/rest/auth/signup/', { method: 'POST', body: { email: 'a' }, fetch: fn }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).fields).toEqual({ email: 'taken' });
    expect((error as HttpError).messageKey).toBe('errors.x');
    expect(calls[0]?.init?.body).toBe('{"email":"a"}');
    expect((calls[0]?.init?.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('fillPath leaves paths without placeholders alone and rejects empty values', () => {
    expect(fillPath('/rest/app/init/')).toBe('/rest/app/init/');
    expect(() => fillPath('/x/{id}/', { id: '' })).toThrow(MissingPathParameterError);
  });
});
