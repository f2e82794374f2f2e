import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@korrigo/domain';
import type { Mail } from '../src/platform/mail';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { buildSignup, cookiesFrom, createUser, nextAddress } from './support/factories';

describe.each(databaseKinds)('[AUTH ROUTES] better-auth behind our routes on %s', (kind) => {
  let t: TestApp;
  const mails: Mail[] = [];
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      mailer: {
        send: async (mail) => {
          mails.push(mail);
        },
      },
    });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: nextAddress(),
      headers: { origin: TEST_ORIGIN, ...headers },
    });
  const profileWith = async (cookie: string) =>
    (await t.app.inject({ url: '/api/profile', headers: { cookie } })).statusCode;

  describe('the session cache', () => {
    it('keeps other users’ sessions through anonymous requests and other users’ sign-outs', async () => {
      const teacher = await createUser(t);
      const other = await createUser(t);
      const getSession = vi.spyOn(t.context.auth.api, 'getSession');
      try {
        expect(await profileWith(teacher.cookie)).toBe(200);
        expect(getSession).toHaveBeenCalledTimes(1);

        // what anybody can send without an account
        await post('/api/auth/sign-in/email', { email: teacher.email, password: 'Falsch123' });
        await post('/api/auth/sign-in/email', { email: 'niemand@example.de', password: 'Falsch123' });
        await post('/api/auth/request-password-reset', {
          email: teacher.email,
          redirectTo: '/reset-password',
        });
        await post('/api/auth/reset-password', { token: 'geraten', newPassword: 'NeuesPasswort9' });
        await post('/api/auth/sign-out', {});
        await t.app.inject({ url: '/api/auth/get-session' });
        const signup = buildSignup();
        await post('/api/auth/sign-up/email', {
          name: signup.name,
          email: signup.email,
          password: signup.password,
        });
        // another user signing in, and out
        const signedIn = await post('/api/auth/sign-in/email', {
          email: other.email,
          password: other.password,
        });
        expect(signedIn.statusCode).toBe(200);
        expect(
          (await post('/api/auth/sign-out', {}, { cookie: cookiesFrom(signedIn.headers) })).statusCode,
        ).toBe(200);

        expect(await profileWith(teacher.cookie)).toBe(200);
        expect(getSession).toHaveBeenCalledTimes(1);
      } finally {
        getSession.mockRestore();
      }
      // and what the user herself ends is forgotten at once
      expect((await post('/api/auth/sign-out', {}, { cookie: teacher.cookie })).statusCode).toBe(200);
      expect(await profileWith(teacher.cookie)).toBe(401);
      expect(await profileWith(other.cookie)).toBe(200);
    });

    it('forgets a user whose password was reset by mail, though that request had no session', async () => {
      const user = await createUser(t);
      expect(await profileWith(user.cookie)).toBe(200);
      await post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
      const token = mails.findLast((m) => m.to === user.email)!.text.match(/reset-password\/([\w-]+)/)![1]!;
      const reset = await post('/api/auth/reset-password', { token, newPassword: 'NeuesPasswort9' });
      expect(reset.statusCode).toBe(200);
      expect(await profileWith(user.cookie)).toBe(401);
    });
  });

  describe('the reset answers are German', () => {
    /** one of our German texts for better-auth's codes (which one is the password rule's business) */
    const expectGerman = (response: Awaited<ReturnType<typeof post>>) =>
      expect(Object.values(messages.authErrors)).toContain(response.json().message);

    it('for the request, for the new password and for every refusal', async () => {
      const user = await createUser(t);
      const asked = await post('/api/auth/request-password-reset', {
        email: user.email,
        redirectTo: '/reset-password',
      });
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toEqual({ status: true, message: messages.passwordReset.requested });
      const unknown = await post('/api/auth/request-password-reset', {
        email: 'unbekannt@example.de',
        redirectTo: '/reset-password',
      });
      expect(unknown.json()).toEqual(asked.json());

      const token = mails.findLast((m) => m.to === user.email)!.text.match(/reset-password\/([\w-]+)/)![1]!;
      const tooShort = await post('/api/auth/reset-password', { token, newPassword: 'kurz' });
      expect(tooShort.statusCode).toBe(400);
      expectGerman(tooShort);
      const missing = await post('/api/auth/reset-password', { token });
      expect(missing.statusCode).toBe(400);
      expectGerman(missing);

      const done = await post('/api/auth/reset-password', { token, newPassword: 'NeuesPasswort9' });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ status: true, message: messages.passwordReset.done });
      const again = await post('/api/auth/reset-password', { token, newPassword: 'NeuesPasswort9' });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(messages.authErrors.INVALID_TOKEN);

      const badEmail = await post('/api/auth/request-password-reset', { email: 'kein-at-zeichen' });
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json().message).not.toMatch(/[Ee]mail|Invalid|invalid/);
    });
  });
});
