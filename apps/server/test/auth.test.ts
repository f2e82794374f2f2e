import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@korrigo/domain';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { buildSignup, cookiesFrom, createUser, nextAddress } from './support/factories';
import { startSmtpServer } from './support/smtp';

describe.each(databaseKinds)('[AUTH] accounts on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(kind, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      remoteAddress: nextAddress(),
      headers: { origin: TEST_ORIGIN, ...headers },
    });

  describe('sign-up', () => {
    it('creates the account with the spec defaults and signs the user in', async () => {
      const signup = buildSignup({
        accountType: 'student',
        bundesland: '',
        school: '',
        subjects: [],
        classLevel: '10. Klasse',
      });
      const response = await post('/api/signup', signup);
      expect(response.statusCode).toBe(201);
      const { profile } = response.json();
      expect(profile).toMatchObject({
        email: signup.email,
        displayName: signup.name,
        accountType: 'student',
        classLevel: '10. Klasse',
        // the FAQ's free student tier (ADR 0018); a teacher starts with the plan table's 5
        credits: 10,
        usedCredits: 0,
        remainingCredits: 10,
        plan: 'free',
        subscription: null,
        team: null,
      });
      const nextReset = new Date(profile.nextReset);
      const inAMonth = new Date();
      inAMonth.setMonth(inAMonth.getMonth() + 1);
      expect(Math.abs(nextReset.getTime() - inAMonth.getTime())).toBeLessThan(60_000);

      const session = await t.app.inject({
        url: '/api/profile',
        headers: { cookie: cookiesFrom(response.headers) },
      });
      expect(session.statusCode).toBe(200);
      expect(session.json().email).toBe(signup.email);
      const stored = await t.context.database.db.query.profiles.findFirst({
        where: (p, { eq }) => eq(p.userId, profile.id),
      });
      expect(stored?.termsAcceptedAt).toBeInstanceOf(Date);
    });

    it.each([
      [{ name: '  ', termsAccepted: false }, messages.signup.nameRequired],
      [{ termsAccepted: false, bundesland: '' }, messages.signup.termsRequired],
      [{ bundesland: '', school: '' }, messages.signup.bundeslandRequired],
      [{ school: '' }, messages.signup.schoolRequired],
      [{ accountType: 'student' as const, classLevel: '' }, messages.signup.classLevelRequired],
      [{ email: '' }, messages.signup.credentialsRequired],
      [{ password: 'kurz' }, messages.signup.passwordInvalid],
      [{ password: 'alleklein123' }, messages.signup.passwordInvalid],
    ])('checks step 1 and 2 in the spec order: %j', async (overrides, message) => {
      const response = await post('/api/signup', buildSignup(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    });

    it('answers a used e-mail with the spec message', async () => {
      const user = await createUser(t);
      const response = await post('/api/signup', buildSignup({ email: user.email }));
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({
        code: 'email-already-in-use',
        message: 'Diese E-Mail-Adresse wird bereits verwendet.',
      });
    });

    it('rejects an invalid e-mail with the spec message', async () => {
      const response = await post('/api/signup', buildSignup({ email: 'kein-at-zeichen' }));
      expect(response.json().error).toEqual({ code: 'invalid-email', message: 'Ungültige E-Mail-Adresse.' });
    });

    it('stores passwords as argon2id hashes', async () => {
      const user = await createUser(t);
      const rows = await t.context.database.db.query.account.findMany();
      const hash = rows.find((r) => r.userId === user.id)?.password;
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });
  });

  describe('sign-in and sign-out', () => {
    /** A second session of the user, as a sign-in on another device makes it. */
    const signInOnAnotherDevice = async (user: { email: string; password: string }) =>
      cookiesFrom(
        (await post('/api/auth/sign-in/email', { email: user.email, password: user.password })).headers,
      );
    const profileWith = async (cookie: string) =>
      (await t.app.inject({ url: '/api/profile', headers: { cookie } })).statusCode;

    it('gives the same German answer for a wrong password and an unknown e-mail', async () => {
      const user = await createUser(t);
      const wrong = await post('/api/auth/sign-in/email', { email: user.email, password: 'Falsch123' });
      const unknown = await post('/api/auth/sign-in/email', {
        email: 'niemand@example.de',
        password: 'Falsch123',
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json().message).toBe(messages.authErrors.INVALID_EMAIL_OR_PASSWORD);
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('remember-me keeps the cookie; without it the session ends with the browser', async () => {
      const user = await createUser(t);
      const remembered = await post('/api/auth/sign-in/email', {
        email: user.email,
        password: user.password,
        rememberMe: true,
      });
      const browserOnly = await post('/api/auth/sign-in/email', {
        email: user.email,
        password: user.password,
        rememberMe: false,
      });
      const sessionCookie = (headers: Record<string, unknown>) =>
        ([] as string[])
          .concat(headers['set-cookie'] as string[])
          .find((c) => c.startsWith('better-auth.session_token='))!;
      expect(sessionCookie(remembered.headers)).toMatch(/Max-Age=\d+/);
      expect(sessionCookie(browserOnly.headers)).not.toMatch(/Max-Age|Expires/);
      expect(sessionCookie(remembered.headers)).toMatch(/HttpOnly/);
      expect(sessionCookie(remembered.headers)).toMatch(/SameSite=Lax/);
    });

    it('signs out: the old cookie no longer opens the profile', async () => {
      const user = await createUser(t);
      expect((await t.app.inject({ url: '/api/profile', headers: { cookie: user.cookie } })).statusCode).toBe(
        200,
      );
      const out = await post('/api/auth/sign-out', {}, { cookie: user.cookie });
      expect(out.statusCode).toBe(200);
      const after = await t.app.inject({ url: '/api/profile', headers: { cookie: user.cookie } });
      expect(after.statusCode).toBe(401);
      expect(after.json().error.message).toBe(messages.auth.notSignedIn);
    });

    it('checks a session once for repeated requests, yet sign-out everywhere ends a just-checked one at once', async () => {
      const user = await createUser(t);
      const otherDevice = await signInOnAnotherDevice(user);
      const getSession = vi.spyOn(t.context.auth.api, 'getSession');
      try {
        for (let i = 0; i < 3; i += 1) expect(await profileWith(otherDevice)).toBe(200);
        expect(await profileWith(user.cookie)).toBe(200);
        // the session cache (platform/session-cache.ts): one database check per session, not per request
        expect(getSession).toHaveBeenCalledTimes(2);
      } finally {
        getSession.mockRestore();
      }
      expect((await post('/api/auth/revoke-sessions', {}, { cookie: user.cookie })).statusCode).toBe(200);
      expect(await profileWith(otherDevice)).toBe(401);
      expect(await profileWith(user.cookie)).toBe(401);
    });

    it('signing out one device leaves the other signed in', async () => {
      const user = await createUser(t);
      const otherDevice = await signInOnAnotherDevice(user);
      expect(await profileWith(user.cookie)).toBe(200);
      expect(await profileWith(otherDevice)).toBe(200);
      expect((await post('/api/auth/sign-out', {}, { cookie: otherDevice })).statusCode).toBe(200);
      expect(await profileWith(otherDevice)).toBe(401);
      expect(await profileWith(user.cookie)).toBe(200);
    });

    it('accepts the session as a Bearer token for API clients', async () => {
      const user = await createUser(t);
      const signIn = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
      const token = signIn.headers['set-auth-token'] as string;
      expect(token).toBeTruthy();
      const profile = await t.app.inject({
        url: '/api/profile',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(profile.statusCode).toBe(200);
      expect(profile.json().id).toBe(user.id);
    });
  });

  describe('password reset and e-mail verification', () => {
    it('mails a link, sets the new password and ends every old session', async () => {
      const user = await createUser(t);
      // a session that was just used (and so is remembered by the session cache) must end all the same
      expect((await t.app.inject({ url: '/api/profile', headers: { cookie: user.cookie } })).statusCode).toBe(
        200,
      );
      const same = await post('/api/auth/request-password-reset', {
        email: 'unbekannt@example.de',
        redirectTo: '/reset-password',
      });
      const response = await post('/api/auth/request-password-reset', {
        email: user.email,
        redirectTo: '/reset-password',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(same.json());

      const mail = smtp.lastMailTo(user.email);
      expect(mail).toContain('ein neues Passwort f');
      const link = mail!.match(/https?:\/\/\S+\/api\/auth\/reset-password\/([A-Za-z0-9_-]+)\S*/);
      expect(link).not.toBeNull();
      const token = link![1]!;

      const follow = await t.app.inject({ url: new URL(link![0]).pathname + new URL(link![0]).search });
      expect(follow.statusCode).toBe(302);
      expect(follow.headers.location).toContain(`/reset-password?token=${token}`);

      const reset = await post('/api/auth/reset-password', { token, newPassword: 'NeuesPasswort9' });
      expect(reset.statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/profile', headers: { cookie: user.cookie } })).statusCode).toBe(
        401,
      );
      const oldLogin = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
      expect(oldLogin.statusCode).toBe(401);
      const newLogin = await post('/api/auth/sign-in/email', {
        email: user.email,
        password: 'NeuesPasswort9',
      });
      expect(newLogin.statusCode).toBe(200);

      const reused = await post('/api/auth/reset-password', { token, newPassword: 'NochEins99' });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().message).toBe(messages.authErrors.INVALID_TOKEN);
    });

    it('sends a verification mail whose link verifies the address', async () => {
      const user = await createUser(t);
      const response = await post(
        '/api/auth/send-verification-email',
        { email: user.email, callbackURL: '/profile' },
        { cookie: user.cookie },
      );
      expect(response.statusCode).toBe(200);
      const link = smtp.lastMailTo(user.email)!.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)![0];
      const verify = await t.app.inject({ url: new URL(link).pathname + new URL(link).search });
      expect(verify.statusCode).toBe(302);
      const profile = await t.app.inject({ url: '/api/profile', headers: { cookie: user.cookie } });
      expect(profile.json().emailVerified).toBe(true);
    });
  });

  describe("our rules on better-auth's own routes", () => {
    const termsAcceptedAt = async (userId: string) =>
      (await t.context.database.db.query.profiles.findFirst({ where: (p, { eq }) => eq(p.userId, userId) }))
        ?.termsAcceptedAt;
    const direct = (overrides: object = {}) => {
      const { name, email, password } = buildSignup();
      return { name, email, password, termsAccepted: true, ...overrides };
    };

    it('sign-up/email needs the terms and a password by the spec rule', async () => {
      const noTerms = await post('/api/auth/sign-up/email', direct({ termsAccepted: undefined }));
      expect(noTerms.statusCode).toBe(400);
      expect(noTerms.json()).toMatchObject({
        code: 'TERMS_NOT_ACCEPTED',
        message: messages.signup.termsRequired,
      });
      expect((await post('/api/auth/sign-up/email', direct({ termsAccepted: 'ja' }))).statusCode).toBe(400);
      const weakAccount = direct();
      for (const password of ['abcdefgh', '12345678', 'Kurz1', 'OHNEZIFFER']) {
        const weak = await post('/api/auth/sign-up/email', { ...weakAccount, password });
        expect(weak.statusCode).toBe(400);
        expect(weak.json()).toMatchObject({
          code: 'PASSWORD_INVALID',
          message: messages.signup.passwordInvalid,
        });
        expect((await post('/api/auth/sign-in/email', { ...weakAccount, password })).statusCode).toBe(401);
      }
      const account = direct();
      const created = await post('/api/auth/sign-up/email', account);
      expect(created.statusCode).toBe(200);
      expect(await termsAcceptedAt(created.json().user.id)).toBeInstanceOf(Date);
      expect(
        (await post('/api/auth/sign-in/email', { email: account.email, password: account.password }))
          .statusCode,
      ).toBe(200);
    });

    it('a sign-up that loses its address between the check and the insert hears that it is taken', async () => {
      // the address became another account's (an e-mail change confirmed) just after better-auth looked
      const owner = await createUser(t);
      const adapter = (await t.context.auth.$context).internalAdapter;
      const lookedTooEarly = vi.spyOn(adapter, 'findUserByEmail').mockResolvedValueOnce(null);
      try {
        const direct = await post('/api/auth/sign-up/email', {
          name: 'Zu Spät',
          email: owner.email,
          password: 'Geheim123!',
          termsAccepted: true,
        });
        expect(direct.statusCode).toBe(422);
        expect(direct.json()).toMatchObject({
          code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
          message: messages.providerErrors['email-already-in-use'],
        });
        lookedTooEarly.mockResolvedValueOnce(null);
        const wizard = await post('/api/signup', buildSignup({ email: owner.email }));
        expect(wizard.statusCode).toBe(409);
        expect(wizard.json().error.message).toBe(messages.providerErrors['email-already-in-use']);
      } finally {
        lookedTooEarly.mockRestore();
      }
    });

    it('change-password and change-email are refused in favour of the profile, whatever the password', async () => {
      const user = await createUser(t);
      for (const newPassword of ['12345678', 'GanzNeu2025']) {
        const response = await post(
          '/api/auth/change-password',
          { currentPassword: user.password, newPassword, revokeOtherSessions: false },
          { cookie: user.cookie },
        );
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({
          code: 'CHANGE_IN_PROFILE',
          message: messages.authErrors.CHANGE_IN_PROFILE,
        });
      }
      const changeEmail = await post(
        '/api/auth/change-email',
        { newEmail: `umweg-${Date.now()}@example.de` },
        { cookie: user.cookie },
      );
      expect(changeEmail.statusCode).toBe(403);
      const updateUser = await post(
        '/api/auth/update-user',
        { email: `umweg2-${Date.now()}@example.de` },
        { cookie: user.cookie },
      );
      expect(updateUser.statusCode).toBe(400);
      const profile = await t.app.inject({ url: '/api/profile', headers: { cookie: user.cookie } });
      expect(profile.json()).toMatchObject({ email: user.email, pendingEmail: null });
      expect(
        (await post('/api/auth/sign-in/email', { email: user.email, password: user.password })).statusCode,
      ).toBe(200);
    });

    it('reset-password refuses a weak password, and a reset drops a pending e-mail change', async () => {
      const user = await createUser(t);
      const newEmail = `geplant-${Date.now()}@example.de`;
      const change = await t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: { cookie: user.cookie, origin: TEST_ORIGIN },
        payload: {
          displayName: user.name,
          email: newEmail,
          accountType: 'teacher',
          currentPassword: user.password,
        },
      });
      expect(change.json().profile.pendingEmail).toBe(newEmail);
      const confirmation = smtp
        .lastMailTo(newEmail)!
        .match(/https?:\/\/\S+\/api\/profile\/email-change\?\S+/)![0];

      await post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
      const token = smtp.lastMailTo(user.email)!.match(/\/api\/auth\/reset-password\/([A-Za-z0-9_-]+)/)![1]!;
      const weak = await post('/api/auth/reset-password', { token, newPassword: '12345678' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({
        code: 'PASSWORD_INVALID',
        message: messages.signup.passwordInvalid,
      });
      expect(
        (await post('/api/auth/sign-in/email', { email: user.email, password: user.password })).statusCode,
      ).toBe(200);

      expect(
        (await post('/api/auth/reset-password', { token, newPassword: 'NeuesPasswort9' })).statusCode,
      ).toBe(200);
      const follow = await t.app.inject({
        url: new URL(confirmation).pathname + new URL(confirmation).search,
      });
      expect(follow.headers.location).toBe('/login?emailChange=invalid');
      expect(
        (await post('/api/auth/sign-in/email', { email: user.email, password: 'NeuesPasswort9' })).statusCode,
      ).toBe(200);
    });
  });

  describe('abuse protection', () => {
    it('rate-limits sign-in attempts with a German 429', async () => {
      const attempt = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: '192.0.2.77',
          headers: { origin: TEST_ORIGIN },
          payload: { email: 'x@example.de', password: 'Falsch123' },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await attempt()).statusCode);
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.message).toBe(messages.http.rateLimited);
    });

    it('refuses state-changing requests from a foreign origin', async () => {
      const user = await createUser(t);
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: { cookie: user.cookie, origin: 'https://evil.example' },
        payload: { displayName: 'Gehackt', email: user.email, accountType: 'teacher' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(messages.http.foreignOrigin);
    });
  });
});
