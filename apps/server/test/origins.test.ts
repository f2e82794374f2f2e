import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@korrigo/domain';
import type { Mail } from '../src/platform/mail';
import { buildTestApp, databaseKinds, type TestApp } from './support/build-test-app';
import { buildSignup, cookiesFrom, nextAddress } from './support/factories';

/** An app whose mails are kept in a list, with these settings. */
async function appWith(kind: 'pglite' | 'postgres', env: Record<string, string>) {
  const mails: Mail[] = [];
  const t = await buildTestApp(kind, {
    env,
    mailer: {
      send: async (mail) => {
        mails.push(mail);
      },
    },
  });
  return {
    t,
    mails,
    linkTo: (to: string) => mails.findLast((m) => m.to === to)?.text.match(/https?:\/\/\S+/)?.[0],
  };
}

/** A browser's request to `host`, sent from a page of `origin`. */
const browser = (t: TestApp, host: string, origin: string) => ({
  post: (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: nextAddress(),
      headers: { host, origin, ...headers },
    }),
});

describe.each(databaseKinds)('[ORIGIN] without PUBLIC_URL, by the address it is opened at, on %s', (kind) => {
  let app: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    app = await appWith(kind, { PUBLIC_URL: '', PORT: '3000' });
  });
  afterAll(() => app.t.close());

  it.each([
    ['127.0.0.1', '127.0.0.1:3000'],
    ['a name in the school network', 'schulserver:3000'],
    ['an address in the school network', '192.168.178.20:3000'],
  ])('signs up, signs in and out by %s', async (_label, host) => {
    const page = browser(app.t, host, `http://${host}`);
    const signup = buildSignup();
    const created = await page.post('/api/signup', signup);
    expect(created.statusCode, created.body).toBe(201);

    // better-auth's own routes check the origin too (with a cookie, better-auth itself)
    const signIn = await page.post('/api/auth/sign-in/email', {
      email: signup.email,
      password: signup.password,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = cookiesFrom(signIn.headers);
    expect((await page.post('/api/auth/sign-out', {}, { cookie })).statusCode).toBe(200);
  });

  it.each([
    ['another site', '127.0.0.1:3000', 'https://evil.example'],
    ['another port', '127.0.0.1:3000', 'http://127.0.0.1:4000'],
    ['another scheme', '127.0.0.1:3000', 'https://127.0.0.1:3000'],
    ['another host of the same machine', 'localhost:3000', 'http://127.0.0.1:3000'],
  ])('refuses a page of %s', async (_label, host, origin) => {
    const page = browser(app.t, host, origin);
    for (const url of ['/api/signup', '/api/auth/sign-in/email', '/api/auth/sign-up/email']) {
      const response = await page.post(url, buildSignup());
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(messages.http.foreignOrigin);
    }
  });

  it('mails reset links to the address the request came to when that is this machine', async () => {
    const signup = buildSignup();
    const page = browser(app.t, '127.0.0.1:3000', 'http://127.0.0.1:3000');
    expect((await page.post('/api/signup', signup)).statusCode).toBe(201);
    const asked = await page.post('/api/auth/request-password-reset', {
      email: signup.email,
      redirectTo: '/reset-password',
    });
    expect(asked.statusCode).toBe(200);
    expect(app.linkTo(signup.email)).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/auth\/reset-password\//);
  });

  it('never mails a link to a host a request made up (reset poisoning): those get http://localhost', async () => {
    const signup = buildSignup();
    expect(
      (await browser(app.t, '127.0.0.1:3000', 'http://127.0.0.1:3000').post('/api/signup', signup))
        .statusCode,
    ).toBe(201);
    // what a script sends: no Origin, the attacker's server as Host
    const asked = await app.t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      remoteAddress: nextAddress(),
      headers: { host: 'evil.example' },
      payload: { email: signup.email, redirectTo: '/reset-password' },
    });
    expect(asked.statusCode).toBe(200);
    expect(app.linkTo(signup.email)).toMatch(/^http:\/\/localhost:3000\/api\/auth\/reset-password\//);
  });

  it.each([
    ['by its address', '127.0.0.1:3000', 'http://127.0.0.1:3000'],
    [
      "by the machine's name",
      `${os.hostname().toLowerCase()}:3000`,
      `http://${os.hostname().toLowerCase()}:3000`,
    ],
    ['by a name that is not one of the machine', 'schulserver:3000', 'http://localhost:3000'],
  ])('mails the e-mail change link where the reset link goes: opened %s', async (_label, host, linkBase) => {
    const page = browser(app.t, host, `http://${host}`);
    const signup = buildSignup();
    const created = await page.post('/api/signup', signup);
    expect(created.statusCode).toBe(201);
    const newEmail = `lan-${Date.now()}-${signup.email}`;
    const saved = await app.t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { host, origin: `http://${host}`, cookie: cookiesFrom(created.headers) },
      payload: {
        displayName: signup.name,
        email: newEmail,
        accountType: 'teacher',
        bundesland: signup.bundesland,
        school: signup.school,
        subjects: signup.subjects,
        currentPassword: signup.password,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(app.linkTo(newEmail)).toMatch(new RegExp(`^${linkBase}/api/profile/email-change\\?token=`));
    expect(app.linkTo(signup.email)).toBe(`${linkBase}/reset-password`);

    await page.post('/api/auth/request-password-reset', {
      email: signup.email,
      redirectTo: '/reset-password',
    });
    expect(app.linkTo(signup.email)).toMatch(new RegExp(`^${linkBase}/api/auth/reset-password/`));
  });
});

describe.each(databaseKinds)('[ORIGIN] with PUBLIC_URL and TRUSTED_ORIGINS on %s', (kind) => {
  const publicUrl = 'https://korrigo.schule.example';
  const trusted = 'https://lernen.schule.example';
  let app: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    app = await appWith(kind, { PUBLIC_URL: publicUrl, TRUSTED_ORIGINS: `${trusted}, http://10.0.0.5:8080` });
  });
  afterAll(() => app.t.close());

  it.each([publicUrl, trusted, 'http://10.0.0.5:8080'])('accepts pages of %s', async (origin) => {
    const page = browser(app.t, 'korrigo.schule.example', origin);
    const signup = buildSignup();
    expect((await page.post('/api/signup', signup)).statusCode).toBe(201);
    const signIn = await page.post('/api/auth/sign-in/email', {
      email: signup.email,
      password: signup.password,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = cookiesFrom(signIn.headers);
    expect((await page.post('/api/auth/sign-out', {}, { cookie })).statusCode).toBe(200);
  });

  it('refuses any other page, even one of the Host the request was sent to', async () => {
    for (const [host, origin] of [
      ['127.0.0.1:3000', 'http://127.0.0.1:3000'],
      ['korrigo.schule.example', 'http://korrigo.schule.example'],
      ['korrigo.schule.example', 'https://evil.example'],
    ] as const) {
      const response = await browser(app.t, host, origin).post('/api/auth/sign-in/email', {
        email: 'x@example.de',
        password: 'Falsch123',
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('mails links to PUBLIC_URL whatever the Host', async () => {
    const signup = buildSignup();
    expect(
      (await browser(app.t, 'korrigo.schule.example', publicUrl).post('/api/signup', signup)).statusCode,
    ).toBe(201);
    const asked = await browser(app.t, '127.0.0.1:3000', publicUrl).post('/api/auth/request-password-reset', {
      email: signup.email,
      redirectTo: '/reset-password',
    });
    expect(asked.statusCode).toBe(200);
    expect(app.linkTo(signup.email)).toMatch(
      /^https:\/\/korrigo\.schule\.example\/api\/auth\/reset-password\//,
    );
  });
});
