import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** A clock tests move by hand (createTestApp accepts it as { clock }). */
export class ManualClock {
  constructor(private now = Date.parse('2026-03-01T12:00:00Z')) {}
  nowMs(): number {
    return this.now;
  }
  advance(ms: number): void {
    this.now += ms;
  }
}

export const ADULT_BIRTHDAY = '1990-05-17';
export const GOOD_PASSWORD = 'Lucky-Spin-42';

/** The `ss_session` value a response set, or undefined. */
export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === 'ss_session' && c.value !== '')?.value;
}

/** Signs up a fresh account through the API and returns its session cookie header value. */
export async function signUpViaApi(
  app: FastifyInstance,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<{ cookie: string; uuid: string; res: LightMyRequestResponse }> {
  const res = await app.inject({
    method: 'POST',
    url: '/rest/auth/signup/',
    payload: { email, password: GOOD_PASSWORD, birthday: ADULT_BIRTHDAY, acceptedTerms: true, ...extra },
  });
  const token = sessionCookieOf(res);
  if (res.statusCode !== 200 || !token) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { cookie: `ss_session=${token}`, uuid: (res.json() as { data: { uuid: string } }).data.uuid, res };
}
