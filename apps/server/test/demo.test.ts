import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLimits } from '@korrigo/domain';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { cookiesFrom, nextAddress } from './support/factories';

describe.each(databaseKinds)('[DEMO] demo access on %s', (kind) => {
  let t: TestApp;
  let clock = new Date('2025-05-01T10:00:00Z');
  beforeAll(async () => {
    t = await buildTestApp(kind, { now: () => clock });
  });
  afterAll(() => t.close());

  const start = (remoteAddress = nextAddress()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/demo/session',
      headers: { origin: TEST_ORIGIN },
      remoteAddress,
    });

  it('opens a fresh, signed-in demo teacher with a complete profile, without a sign-up', async () => {
    const response = await start();
    expect(response.statusCode).toBe(201);
    const cookie = cookiesFrom(response.headers);
    expect(cookie).toContain('session_token');
    const profile = await t.app.inject({ url: '/api/profile', headers: { cookie } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      email: response.json().email,
      emailVerified: true,
      accountType: 'teacher',
      bundesland: 'Thüringen',
      school: 'Demo-Gymnasium Jena',
      plan: 'free',
      credits: 5,
    });
    // every visit gets its own account
    const second = await start();
    expect(second.json().email).not.toBe(response.json().email);
  });

  it('removes demo accounts older than their lifetime when a new one is opened', async () => {
    const old = await start();
    const oldCookie = cookiesFrom(old.headers);
    clock = new Date(clock.getTime() + (demoLimits.lifetimeHours + 1) * 60 * 60 * 1000);
    // the demo account's own createdAt comes from the database clock, so move the row back in time
    const { user } = await import('../src/db/schema');
    const { eq } = await import('drizzle-orm');
    await t.context.database.db
      .update(user)
      .set({ createdAt: new Date(clock.getTime() - (demoLimits.lifetimeHours + 1) * 60 * 60 * 1000) })
      .where(eq(user.email, old.json().email));
    expect((await start()).statusCode).toBe(201);
    const profile = await t.app.inject({ url: '/api/profile', headers: { cookie: oldCookie } });
    expect(profile.statusCode).toBe(401);
  });

  it(`is rate-limited: ${demoLimits.perHour} demo accounts per address and hour`, async () => {
    const address = nextAddress();
    for (let i = 0; i < demoLimits.perHour; i++) expect((await start(address)).statusCode).toBe(201);
    const limited = await start(address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
  });
});
