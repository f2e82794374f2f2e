import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@korrigo/domain';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { buildSignup, createUser, nextAddress } from './support/factories';

/** One text file as a browser's form upload. */
function textUpload(text: string) {
  const boundary = '----korrigo-limits';
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="aufsatz.txt"\r\n` +
        `Content-Type: text/plain\r\n\r\n${text}\r\n--${boundary}--\r\n`,
    ),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const limits = {
  AUTH_RATE_LIMIT_PER_MINUTE: '10',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '10',
  SIGNUP_RATE_LIMIT_PER_HOUR: '3',
  UPLOAD_RATE_LIMIT_PER_10_MINUTES: '2',
};

const send = (
  t: TestApp,
  url: string,
  payload: object,
  from: { address: string; forwardedFor?: string; cookie?: string },
) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: from.address,
    headers: {
      origin: TEST_ORIGIN,
      ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}),
      ...(from.cookie ? { cookie: from.cookie } : {}),
    },
  });

const signIn = (t: TestApp, email: string, password: string, from: Parameters<typeof send>[3]) =>
  send(t, '/api/auth/sign-in/email', { email, password }, from);

function expectRateLimited(response: Awaited<ReturnType<typeof send>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json().error).toEqual({ code: 'rate_limited', message: messages.http.rateLimited });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe.each(databaseKinds)('[RATE LIMITS] sign-in, sign-up, reset and uploads on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: limits });
  });
  afterAll(() => t.close());

  it('lets 30 pupils behind one address sign in, but stops password guessing from it', async () => {
    const school = nextAddress();
    const pupils = await Promise.all(Array.from({ length: 30 }, () => createUser(t)));
    for (const pupil of pupils) {
      expect((await signIn(t, pupil.email, pupil.password, { address: school })).statusCode).toBe(200);
    }
    const guesses: number[] = [];
    for (let i = 0; i < 10; i++) {
      // a different account each time: the per-account limit is not what stops this
      guesses.push((await signIn(t, pupils[i]!.email, 'Falsch123', { address: school })).statusCode);
    }
    expect(guesses.every((status) => status === 401)).toBe(true);
    expectRateLimited(await signIn(t, pupils[10]!.email, 'Falsch123', { address: school }));
    // now the address is blocked for everyone behind it until the minute is over, the right password too
    expectRateLimited(await signIn(t, pupils[11]!.email, pupils[11]!.password, { address: school }));
  });

  it('limits failed sign-ins per account across addresses', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 10; i++) {
      expect((await signIn(t, user.email, 'Falsch123', { address: nextAddress() })).statusCode).toBe(401);
    }
    // an eleventh address gets no further guess, not even the right one
    expectRateLimited(await signIn(t, user.email, 'Falsch123', { address: nextAddress() }));
    expectRateLimited(await signIn(t, user.email, user.password, { address: nextAddress() }));
    // the same e-mail however written
    expectRateLimited(await signIn(t, ` ${user.email.toUpperCase()} `, 'x', { address: nextAddress() }));
    // another account is not affected
    const other = await createUser(t);
    expect((await signIn(t, other.email, other.password, { address: nextAddress() })).statusCode).toBe(200);
  });

  it('counts parallel guesses before they are answered', async () => {
    const address = nextAddress();
    const statuses = await Promise.all(
      Array.from({ length: 15 }, (_, i) => signIn(t, `niemand${i}@example.de`, 'Falsch123', { address })),
    ).then((responses) => responses.map((r) => r.statusCode));
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: a made-up address per request changes nothing', async () => {
    const address = nextAddress();
    for (let i = 0; i < 10; i++) {
      const response = await signIn(t, `niemand${i}@example.de`, 'Falsch123', {
        address,
        forwardedFor: nextAddress(),
      });
      expect(response.statusCode).toBe(401);
    }
    expectRateLimited(
      await signIn(t, 'noch-jemand@example.de', 'Falsch123', { address, forwardedFor: nextAddress() }),
    );
  });

  it('counts a path written another way as the route better-auth reads from it', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 10; i++) {
      expect((await signIn(t, user.email, 'Falsch123', { address: nextAddress() })).statusCode).toBe(401);
    }
    // over a real socket: inject() would resolve the dot segments before the app sees them
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    for (const path of [
      '/api/auth/./sign-in/email',
      '/api/auth/x/../sign-in/email',
      '/api/auth/%2e/sign-in/email',
    ]) {
      const status = await new Promise<number>((resolve, reject) => {
        const request = http.request(
          { host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json' } },
          (response) => {
            response.resume();
            resolve(response.statusCode!);
          },
        );
        request.on('error', reject);
        request.end(JSON.stringify({ email: user.email, password: user.password }));
      });
      expect(status, path).toBe(429);
    }
  });

  it('limits every sign-up per address, through our route and better-auth’s own alike', async () => {
    const address = nextAddress();
    for (let i = 0; i < 3; i++) {
      expect((await send(t, '/api/signup', buildSignup(), { address })).statusCode).toBe(201);
    }
    expectRateLimited(await send(t, '/api/signup', buildSignup(), { address }));
    const signup = buildSignup();
    expectRateLimited(
      await send(
        t,
        '/api/auth/sign-up/email',
        { name: signup.name, email: signup.email, password: signup.password },
        { address },
      ),
    );
    expect((await send(t, '/api/signup', buildSignup(), { address: nextAddress() })).statusCode).toBe(201);
  });

  it('limits reset mails per address and per e-mail address', async () => {
    const user = await createUser(t);
    const ask = (email: string, address: string) =>
      send(t, '/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }, { address });
    for (let i = 0; i < 5; i++) expect((await ask(user.email, nextAddress())).statusCode).toBe(200);
    expectRateLimited(await ask(user.email, nextAddress()));

    const address = nextAddress();
    for (let i = 0; i < 10; i++) {
      expect((await ask(`niemand-${i}-${Date.now()}@example.de`, address)).statusCode).toBe(200);
    }
    expectRateLimited(await ask(`noch-niemand-${Date.now()}@example.de`, address));
  });

  it('limits failed reset tokens per address', async () => {
    const address = nextAddress();
    for (let i = 0; i < 10; i++) {
      const response = await send(
        t,
        '/api/auth/reset-password',
        { token: `geraten-${i}`, newPassword: 'NeuesPasswort9' },
        { address },
      );
      expect(response.statusCode).toBe(400);
    }
    expectRateLimited(
      await send(t, '/api/auth/reset-password', { token: 'x', newPassword: 'NeuesPasswort9' }, { address }),
    );
  });

  it("better-auth's change routes, refused in favour of the profile, cost no budget", async () => {
    const user = await createUser(t);
    const address = nextAddress();
    const from = { address, cookie: user.cookie };
    for (let i = 0; i < 12; i++) {
      const password = send(
        t,
        '/api/auth/change-password',
        { currentPassword: 'Falsch123', newPassword: 'Neu2025!' },
        from,
      );
      expect((await password).statusCode).toBe(403);
      const email = send(t, '/api/auth/change-email', { newEmail: `neu${i}@example.de` }, from);
      expect((await email).statusCode).toBe(403);
    }
    // neither the address's nor the account's sign-in budget was touched
    expect((await signIn(t, user.email, 'Falsch123', { address })).statusCode).toBe(401);
    expect((await signIn(t, user.email, user.password, { address })).statusCode).toBe(200);
  });

  it('limits text recognition and analyses together, per user and per address', async () => {
    const text = textUpload('Der Hund bellt.');
    const upload = (url: string, user: { cookie: string }, address: string) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: address,
        payload: text.payload,
        headers: { ...text.headers, origin: TEST_ORIGIN, cookie: user.cookie },
      });

    const teacher = await createUser(t);
    expect((await upload('/api/extract-text', teacher, nextAddress())).statusCode).toBe(200);
    expect((await upload('/api/analyses', teacher, nextAddress())).statusCode).toBe(202);
    expectRateLimited(await upload('/api/extract-text', teacher, nextAddress()));
    expectRateLimited(await upload('/api/analyses', teacher, nextAddress()));

    // one address: five times a user's budget, whoever the users are
    const school = nextAddress();
    const pupils = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    for (const pupil of pupils.slice(0, 5)) {
      for (let i = 0; i < 2; i++)
        expect((await upload('/api/extract-text', pupil, school)).statusCode).toBe(200);
    }
    expectRateLimited(await upload('/api/extract-text', pupils[5]!, school));
  });
});

describe.each(databaseKinds)('[RATE LIMITS] behind a proxy named in TRUST_PROXY on %s', (kind) => {
  let t: TestApp;
  const proxy = '10.200.0.1';
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { ...limits, TRUST_PROXY: `${proxy}, 10.201.0.0/16` } });
  });
  afterAll(() => t.close());

  it('counts the client the proxy reports, and nobody else’s claim', async () => {
    const client = nextAddress();
    for (let i = 0; i < 10; i++) {
      const from = { address: proxy, forwardedFor: client };
      expect((await signIn(t, `niemand${i}@example.de`, 'Falsch123', from)).statusCode).toBe(401);
    }
    expectRateLimited(
      await signIn(t, 'x@example.de', 'Falsch123', { address: '10.201.3.4', forwardedFor: client }),
    );
    // another client behind the same proxy is not affected
    const other = { address: proxy, forwardedFor: nextAddress() };
    expect((await signIn(t, 'y@example.de', 'Falsch123', other)).statusCode).toBe(401);

    // a client that is not a named proxy cannot choose its address
    const direct = nextAddress();
    for (let i = 0; i < 10; i++) {
      const from = { address: direct, forwardedFor: nextAddress() };
      expect((await signIn(t, `keiner${i}@example.de`, 'Falsch123', from)).statusCode).toBe(401);
    }
    expectRateLimited(
      await signIn(t, 'z@example.de', 'Falsch123', { address: direct, forwardedFor: nextAddress() }),
    );
  });
});
