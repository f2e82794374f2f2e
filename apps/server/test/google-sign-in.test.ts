import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { nextAddress } from './support/factories';

/** An unsigned JWT as the id_token of Google's token answer: better-auth reads the profile from its claims. */
function idToken(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', kid: 'stand-in', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

/** The cookies a response sets, as a Cookie header for the next request of the same browser. */
const cookiesOf = (header: string | string[] | undefined) =>
  (Array.isArray(header) ? header : header ? [header] : []).map((cookie) => cookie.split(';')[0]).join('; ');

/**
 * Google sign-in through the server's OAuth flow with Google's token endpoint stood in for (the edge: no
 * request leaves the machine). The web sends the invitation it came from inside the callback URL (issue 34
 * §5); better-auth keeps it in the sign-in state and sends the browser back to it once Google has answered.
 */
describe.each(databaseKinds)('[AUTH] Google sign-in keeps the return path on %s', (kind) => {
  let t: TestApp;
  const realFetch = globalThis.fetch;

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { GOOGLE_CLIENT_ID: 'korrigo-test.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'geheim' },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const startSignIn = (callbackURL: string, errorCallbackURL: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: TEST_ORIGIN },
      remoteAddress: nextAddress(),
      payload: { provider: 'google', callbackURL, errorCallbackURL },
    });

  it('brings a new Google account back to the invitation it signed up from', async () => {
    const callbackURL = `/signup?google=complete&next=${encodeURIComponent('/einladung/ABCD-EFGH')}`;
    const started = await startSignIn(
      callbackURL,
      `/signup?next=${encodeURIComponent('/einladung/ABCD-EFGH')}`,
    );
    expect(started.statusCode, started.body).toBe(200);
    const google = new URL(started.json().url);
    expect(google.origin).toBe('https://accounts.google.com');
    const state = google.searchParams.get('state')!;
    expect(state).toBeTruthy();

    const email = `google-${crypto.randomUUID()}@example.de`;
    const tokenRequests: string[] = [];
    vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url !== 'https://oauth2.googleapis.com/token') return realFetch(input, init);
      tokenRequests.push(String(init?.body));
      const now = Math.floor(Date.now() / 1000);
      return Response.json({
        access_token: 'stand-in-access-token',
        token_type: 'Bearer',
        expires_in: 3600,
        scope: 'openid email profile',
        id_token: idToken({
          iss: 'https://accounts.google.com',
          aud: 'korrigo-test.apps.googleusercontent.com',
          sub: `google-${crypto.randomUUID()}`,
          email,
          email_verified: true,
          name: 'Mia Google',
          iat: now,
          exp: now + 3600,
          nonce: google.searchParams.get('nonce') ?? undefined,
        }),
      });
    });

    const back = await t.app.inject({
      url: `/api/auth/callback/google?code=stand-in-code&state=${encodeURIComponent(state)}`,
      headers: { cookie: cookiesOf(started.headers['set-cookie']) },
    });
    expect(tokenRequests).toHaveLength(1);
    expect(back.statusCode, back.body).toBe(302);
    expect(new URL(back.headers.location!, TEST_ORIGIN).toString()).toBe(`${TEST_ORIGIN}${callbackURL}`);

    // she is signed in there, with the account Google named
    const session = await t.app.inject({
      url: '/api/auth/get-session',
      headers: { cookie: cookiesOf(back.headers['set-cookie']) },
    });
    expect(session.json()?.user?.email).toBe(email);
  });

  it('refuses a return path to another site before the browser leaves for Google', async () => {
    for (const elsewhere of ['https://evil.example/einladung', '//evil.example/einladung']) {
      const started = await startSignIn(elsewhere, '/signup');
      expect(started.statusCode, elsewhere).toBe(403);
    }
  });
});
