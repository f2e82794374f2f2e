import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@korrigo/domain';
import { createUser } from './support/factories';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';

/** What the settings section „Lernplattform (LTI)“ reads and sends (issue 35 §2). */
describe.each(databaseKinds)('[LTI] the teacher’s settings for a manual registration (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t?.close());

  const valid = {
    name: 'Moodle der Schule',
    issuer: 'https://moodle.schule.example',
    clientId: 'Xy12AbCd',
    authUrl: 'https://moodle.schule.example/mod/lti/auth.php',
    tokenUrl: 'https://moodle.schule.example/mod/lti/token.php',
    jwksUrl: 'https://moodle.schule.example/mod/lti/certs.php',
    deploymentIds: ['3'],
  };

  it('gives a teacher the tool’s addresses from the public URL, and refuses a pupil in German', async () => {
    const teacher = await createUser(t, { accountType: 'teacher' });
    const tool = await t.app.inject({ url: '/api/lti/tool', headers: { cookie: teacher.cookie } });
    expect(tool.statusCode, tool.body).toBe(200);
    expect(tool.json()).toEqual({
      launchUrl: `${TEST_ORIGIN}/lti/launch`,
      loginUrl: `${TEST_ORIGIN}/lti/login`,
      jwksUrl: `${TEST_ORIGIN}/lti/jwks`,
      redirectUrl: `${TEST_ORIGIN}/lti/launch`,
      registrationUrl: expect.stringMatching(new RegExp(`^${TEST_ORIGIN}/lti/register\\?k=[\\w.-]+$`)),
      registrationUrlExpiresAt: expect.any(String),
      publicUrlSet: true,
    });
    // the registration URL lasts a day
    const expiresIn = Date.parse(tool.json().registrationUrlExpiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(23.9 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600_000);
    // the JWKS address is the tool's key set indeed
    const jwks = await t.app.inject({ url: new URL(tool.json().jwksUrl).pathname });
    expect(jwks.json().keys).toHaveLength(1);

    const pupil = await createUser(t, { accountType: 'student', classLevel: '7' });
    const refused = await t.app.inject({ url: '/api/lti/tool', headers: { cookie: pupil.cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(messages.lti.teachersOnly);
    expect((await t.app.inject({ url: '/api/lti/tool' })).statusCode).toBe(401);
  });

  it('answers a bad registration with German messages at its fields, and lists a good one', async () => {
    const teacher = await createUser(t, { accountType: 'teacher' });
    const send = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/lti/registrations',
        headers: { cookie: teacher.cookie, origin: TEST_ORIGIN },
        payload,
      });
    const bad = await send({
      ...valid,
      name: '  ',
      issuer: 'moodle.schule.example',
      tokenUrl: 'ftp://moodle.schule.example/token',
      deploymentIds: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      name: 'Bitte einen Namen eingeben, z. B. „Moodle der Schule“.',
      issuer: 'Bitte eine vollständige Adresse eingeben, die mit https:// beginnt.',
      tokenUrl: 'Bitte eine vollständige Adresse eingeben, die mit https:// beginnt.',
      deploymentIds: 'Bitte mindestens eine Deployment-ID eingeben.',
    });

    const created = await send(valid);
    expect(created.statusCode, created.body).toBe(201);
    const list = await t.app.inject({ url: '/api/lti/registrations', headers: { cookie: teacher.cookie } });
    expect(list.json()).toEqual([
      expect.objectContaining({ id: created.json().id, name: valid.name, clientId: valid.clientId }),
    ]);
    const again = await send(valid);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(messages.lti.duplicateRegistration);
  });
});
