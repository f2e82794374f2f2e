import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@korrigo/domain';
import { user } from '../src/db/schema';
import { cookiesFrom, createUser, verifyEmail } from './support/factories';
import { buildTestApp, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { startIdentityServer } from './support/identity-server';

/**
 * School sign-in (issue 35 §1) against a real OpenID Connect server, `oidc-provider`, started here: discovery,
 * PKCE, state and a nonce in a signed ID token, as VIDIS or a school's tenant speaks them. Its development
 * login form stands in for the school's login page; everything between Korrigo and the server is the real
 * protocol.
 */

type Claims = Record<string, unknown> & { sub: string };
const accounts: Record<string, Claims> = {
  'lehrerin-ost': {
    sub: 'lehrerin-ost',
    email: 'k.hoffmann@gesamtschule-ost.de',
    email_verified: true,
    name: 'Katrin Hoffmann',
    role: 'Lehrkraft',
    school: 'Gesamtschule Ost',
  },
  // pseudonymous, as VIDIS: a subject, a role and the school, no name, no address
  'pseudonym-7f3a': { sub: 'pseudonym-7f3a', role: ['schueler'], school: 'Gesamtschule Ost' },
  'schuelerin-mit-mail': {
    sub: 'schuelerin-mit-mail',
    email: 'mia@schueler.gesamtschule-ost.de',
    email_verified: true,
    name: 'Mia Berg',
    role: 'Lehrkraft-in-Ausbildung-gibt-es-nicht',
  },
};

const redirectUri = `${TEST_ORIGIN}/api/auth/callback/schule`;
const identityServer = () => startIdentityServer({ accounts, redirectUri });

/** The identity server in a process of its own whose clock runs `skewSeconds` ahead of Korrigo's. */
async function identityServerAhead(skewSeconds: number) {
  const script = fileURLToPath(new URL('./support/identity-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: {
      ...process.env,
      IDENTITY_CLOCK_SKEW_SECONDS: String(skewSeconds),
      IDENTITY_ACCOUNTS: JSON.stringify(accounts),
      IDENTITY_REDIRECT_URI: redirectUri,
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  // its issuer on the first line, or its failure
  const line = await Promise.race([
    once(child.stdout!, 'data').then(([data]) => String(data)),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`identity server exited: ${code}`))),
  ]);
  return {
    issuer: line.trim(),
    close: async () => {
      child.kill();
      await once(child, 'exit');
    },
  };
}

/** A browser's cookie store for one origin: enough for the provider's interaction cookies. */
class Jar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Signs in at the identity server as `login` and returns where it sends the browser back to Korrigo (the
 * callback URL with code and state).
 */
async function loginAtSchool(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Jar();
  let url = authorizationUrl;
  for (let step = 0; step < 12; step++) {
    const response = await fetch(url, { headers: { cookie: jar.header() }, redirect: 'manual' });
    jar.take(response);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(TEST_ORIGIN)) return next;
      url = next.href;
      continue;
    }
    const page = await response.text();
    const action = /action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`no form on ${url}: ${response.status} ${page.slice(0, 300)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(page)![1]!;
    const submitted = await fetch(new URL(action, url), {
      method: 'POST',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'egal' } : { prompt }),
      redirect: 'manual',
    });
    jar.take(submitted);
    url = new URL(submitted.headers.get('location')!, url).href;
  }
  throw new Error('the identity server did not send the browser back');
}

describe('[AUTH] school sign-in with OpenID Connect (issue 35 §1)', () => {
  let identity: Awaited<ReturnType<typeof startIdentityServer>>;
  let t: TestApp;

  const providerConfig = (issuer: string) =>
    JSON.stringify([
      {
        id: 'schule',
        name: 'Schulkonto Ost',
        issuer,
        clientId: 'korrigo',
        clientSecret: 'ein-langes-geheimnis-der-schule',
      },
    ]);

  /** POST sign-in/social as the login page's button does: the provider's URL and the state cookie */
  async function startSignIn(app: TestApp, callbackURL = '/dashboard') {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: TEST_ORIGIN },
      payload: { provider: 'schule', callbackURL, errorCallbackURL: '/login' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return { url: response.json().url as string, cookie: cookiesFrom(response.headers) };
  }

  async function finish(app: TestApp, callback: URL, cookie: string) {
    return app.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      headers: { cookie },
    });
  }

  async function signIn(login: string, app = t) {
    const started = await startSignIn(app);
    const callback = await loginAtSchool(started.url, login);
    const response = await finish(app, callback, started.cookie);
    return { response, callback, started };
  }

  const profileOf = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json();

  beforeAll(async () => {
    identity = await identityServer();
    t = await buildTestApp('pglite', { env: { SCHOOL_SIGN_IN: providerConfig(identity.issuer) } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await identity?.close();
  });

  it('names the providers in the public config', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config.schoolSignIn).toEqual([{ id: 'schule', name: 'Schulkonto Ost' }]);
  });

  it('asks the school with PKCE, state and nonce', async () => {
    const { url } = await startSignIn(t);
    const asked = new URL(url);
    expect(asked.origin).toBe(identity.issuer);
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked.searchParams.get('code_challenge')).toBeTruthy();
    expect(asked.searchParams.get('state')).toBeTruthy();
    expect(asked.searchParams.get('nonce')).toBeTruthy();
  });

  it("makes a teacher's account from the role claim, with her school, signed in without a password", async () => {
    const { response } = await signIn('lehrerin-ost');
    expect(response.statusCode, response.body).toBe(302);
    expect(response.headers.location).toBe('/dashboard');
    const cookie = cookiesFrom(response.headers);
    const profile = await profileOf(cookie);
    expect(profile).toMatchObject({
      accountType: 'teacher',
      email: 'k.hoffmann@gesamtschule-ost.de',
      displayName: 'Katrin Hoffmann',
      school: 'Gesamtschule Ost',
    });

    // the same person again: the same account, by subject
    const again = await signIn('lehrerin-ost');
    expect((await profileOf(cookiesFrom(again.response.headers))).id).toBe(profile.id);
  });

  it("gives a pseudonymous pupil an account without an address, and a pupil's role never a teacher's", async () => {
    const { response } = await signIn('pseudonym-7f3a');
    expect(response.statusCode, response.body).toBe(302);
    const profile = await profileOf(cookiesFrom(response.headers));
    expect(profile.accountType).toBe('student');
    const [row] = await t.context.database.db.select().from(user).where(eq(user.id, profile.id));
    expect(row!.email).toMatch(/@schulkonto\.invalid$/);
    expect(row!.emailVerified).toBe(false);

    const other = await signIn('schuelerin-mit-mail');
    const cookie = cookiesFrom(other.response.headers);
    expect((await profileOf(cookie)).accountType).toBe('student');

    // nor does she make herself a teacher in her profile: the school said who she is
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: {
        displayName: 'Mia Berg',
        email: 'mia@schueler.gesamtschule-ost.de',
        accountType: 'teacher',
        bundesland: 'Bayern',
        school: 'Gesamtschule Ost',
        subjects: ['Physik'],
      },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(messages.profile.accountTypeFromSchool.student);
  });

  it('links an existing account by its verified address, and not by an unverified one', async () => {
    // both sides have confirmed the address: the school's claim and the account's own confirmation
    const existing = await createUser(t, { accountType: 'teacher', email: 'verlinkt@gesamtschule-ost.de' });
    await verifyEmail(t, existing);
    accounts['verlinkt'] = {
      sub: 'verlinkt',
      email: existing.email,
      email_verified: true,
      name: 'Verlinkt',
      role: 'Lehrkraft',
    };
    const linked = await signIn('verlinkt');
    expect((await profileOf(cookiesFrom(linked.response.headers))).id).toBe(existing.id);

    const other = await createUser(t, { accountType: 'teacher', email: 'nicht-bestaetigt@example.de' });
    await verifyEmail(t, other);
    accounts['unbestaetigt'] = {
      sub: 'unbestaetigt',
      email: other.email,
      email_verified: false,
      role: 'Lehrkraft',
    };
    const refused = await signIn('unbestaetigt');
    expect(refused.response.statusCode).toBe(302);
    expect(refused.response.headers.location).toMatch(/^\/login\?error=/);
    expect(cookiesFrom(refused.response.headers)).not.toContain('session_token=');
  });

  it('refuses the school fields in a sign-up form', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: {
        email: 'formular@example.de',
        password: 'Ein-gutes-Passwort-1',
        name: 'Formular',
        termsAccepted: true,
        schoolRole: 'teacher',
      },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a replayed code and a callback without its state cookie', async () => {
    const started = await startSignIn(t);
    const callback = await loginAtSchool(started.url, 'lehrerin-ost');
    const first = await finish(t, callback, started.cookie);
    expect(first.headers.location).toBe('/dashboard');
    const replayed = await finish(t, callback, started.cookie);
    expect(replayed.headers.location).toMatch(/error=state_mismatch/);
    expect(cookiesFrom(replayed.headers)).not.toContain('session_token=');

    const again = await startSignIn(t);
    const stranger = await finish(t, await loginAtSchool(again.url, 'lehrerin-ost'), '');
    expect(stranger.headers.location).toMatch(/error=state_mismatch/);
    expect(cookiesFrom(stranger.headers)).not.toContain('session_token=');
  });

  it('refuses an ID token from another issuer and an expired one', async () => {
    // the same client at another server: its tokens are signed by keys the configured issuer does not have
    const impostor = await identityServer();
    const started = await startSignIn(t);
    const asked = new URL(started.url);
    const forged = await loginAtSchool(`${impostor.issuer}${asked.pathname}${asked.search}`, 'lehrerin-ost');
    const refused = await finish(t, forged, started.cookie);
    expect(refused.headers.location).toBe('/login?error=issuer_mismatch');
    expect(cookiesFrom(refused.headers)).not.toContain('session_token=');
    await impostor.close();

    // the school's clock two hours behind: its ID token (valid for an hour) has expired by Korrigo's clock
    const shortLived = await identityServerAhead(-2 * 60 * 60);
    const app = await buildTestApp('pglite', { env: { SCHOOL_SIGN_IN: providerConfig(shortLived.issuer) } });
    try {
      const late = await startSignIn(app);
      const expired = await finish(app, await loginAtSchool(late.url, 'lehrerin-ost'), late.cookie);
      // the ID token fails its check (exp), so no user is read from it
      expect(expired.headers.location).toBe('/login?error=unable_to_get_user_info');
      expect(cookiesFrom(expired.headers)).not.toContain('session_token=');
    } finally {
      await app.close();
      await shortLived.close();
    }
  }, 60_000);
});
