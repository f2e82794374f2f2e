import { eq, inArray } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExportFields, privacyMessages } from '@korrigo/domain';
import {
  ltiContexts,
  ltiDeployments,
  ltiNonces,
  ltiRegistrations,
  ltiUserLinks,
  user,
} from '../src/db/schema';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { cookiesFrom, createUser } from './support/factories';
import { role, startLtiPlatform, type LtiPlatform } from './support/lti-platform';

type User = Awaited<ReturnType<typeof createUser>>;

/** Every key of the export's rows (its groups are followed; lernplattformen.json stores no JSON values). */
function keysOf(value: unknown, keys = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, keys);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      keys.add(key);
      keysOf(inner, keys);
    }
  return keys;
}

describe.each(databaseKinds)('[PRIVACY] LMS connections in the export and the erasure on %s', (kind) => {
  let t: TestApp;
  let moodle: LtiPlatform;
  let otherSchool: LtiPlatform;
  let teacher: User;
  let colleague: User;
  /** the session cookies of the accounts the launches made: an LMS teacher and an LMS pupil */
  const launched: Record<string, { cookie: string; id: string }> = {};

  const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });
  const post = (cookie: string, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie, origin: TEST_ORIGIN }, payload });

  /** The third-party login as the platform's link starts it (LTI 1.3 Core §5.1.1). */
  const loginUrl = (platform: LtiPlatform, sub: string) =>
    `/lti/login?${new URLSearchParams({
      iss: platform.issuer,
      login_hint: platform.hintFor(sub),
      target_link_uri: `${TEST_ORIGIN}/lti/launch`,
      client_id: platform.clientId,
    })}`;

  /** A whole launch as the browser follows the platform's link: login, the platform's form, the launch. */
  async function launch(platform: LtiPlatform, sub: string) {
    const login = await t.app.inject({ url: loginUrl(platform, sub) });
    expect(login.statusCode, login.body).toBe(302);
    const page = await (await fetch(login.headers.location as string)).text();
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(page)![1]!;
    const response = await t.app.inject({
      method: 'POST',
      url: '/lti/launch',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: cookiesFrom(login.headers),
        origin: platform.issuer,
      },
      payload: new URLSearchParams({ id_token: field('id_token'), state: field('state') }).toString(),
    });
    expect(response.statusCode, response.body).toBe(303);
    const cookie = cookiesFrom(response.headers);
    return { cookie, id: (await get(cookie, '/api/profile')).json().id as string };
  }

  /** The export's lernplattformen.json, built by its job, and the keys of every JSON file beside it. */
  async function exportOf(cookie: string) {
    const started = await post(cookie, '/api/privacy/exports');
    expect(started.statusCode, started.body).toBe(202);
    let current = started.json();
    for (let attempt = 0; attempt < 200 && current.status !== 'done'; attempt += 1) {
      expect(current.status).not.toBe('failed');
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = (await get(cookie, `/api/privacy/exports/${started.json().id}`)).json();
    }
    const download = await get(cookie, current.downloadUrl);
    const zip = unzipSync(new Uint8Array(download.rawPayload));
    const lms = JSON.parse(strFromU8(zip['lernplattformen.json']!));
    expect([...keysOf(lms)].filter((key) => !(key in dataExportFields))).toEqual([]);
    return lms;
  }

  beforeAll(async () => {
    t = await buildTestApp(kind, { jobs: { pollingIntervalSeconds: 0.5 } });
    const users = [
      { sub: 'teacher-1', name: 'Frau Berg', roles: [role.instructor] },
      { sub: 'pupil-1', name: 'Anna Schmidt', roles: [role.learner] },
    ];
    moodle = await startLtiPlatform({ toolUrl: TEST_ORIGIN, users });
    otherSchool = await startLtiPlatform({ toolUrl: TEST_ORIGIN, users });
    teacher = await createUser(t, { accountType: 'teacher' });
    colleague = await createUser(t, { accountType: 'teacher' });
    expect((await post(teacher.cookie, '/api/lti/registrations', moodle.registration())).statusCode).toBe(
      201,
    );
    expect(
      (await post(colleague.cookie, '/api/lti/registrations', otherSchool.registration())).statusCode,
    ).toBe(201);
    launched.lmsTeacher = await launch(moodle, 'teacher-1');
    launched.lmsPupil = await launch(moodle, 'pupil-1');
    launched.otherPupil = await launch(otherSchool, 'pupil-1');
    // a login begun and never finished leaves its nonce
    await t.app.inject({ url: loginUrl(moodle, 'pupil-1') });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([t?.close(), moodle?.close(), otherSchool?.close()]);
  });

  it('exports the platforms a teacher connected, and an LMS pupil’s link to her LMS account', async () => {
    const teachers = await exportOf(teacher.cookie);
    expect(teachers.lmsAccounts).toEqual([]);
    expect(teachers.registrations).toEqual([
      expect.objectContaining({
        name: 'Stand-in Moodle',
        issuer: moodle.issuer,
        clientId: moodle.clientId,
        jwksUrl: `${moodle.issuer}/jwks`,
      }),
    ]);
    const [registration] = teachers.registrations as Array<{ id: string }>;
    expect(teachers.deployments).toEqual([{ registrationId: registration!.id, deploymentId: '1' }]);
    expect(teachers.lmsCourses).toEqual([
      expect.objectContaining({
        registrationId: registration!.id,
        contextId: 'course-1',
        title: 'Mathematik 7b',
      }),
    ]);

    const pupils = await exportOf(launched.lmsPupil!.cookie);
    expect(pupils).toEqual({
      lmsAccounts: [
        {
          platform: 'Stand-in Moodle',
          issuer: moodle.issuer,
          lmsUserId: 'pupil-1',
          createdAt: expect.any(String),
        },
      ],
      registrations: [],
      deployments: [],
      lmsCourses: [],
      gradesSentToLms: [],
    });
  }, 60_000);

  it('erases an LMS pupil’s link with her account, and the platform a teacher connected with hers', async () => {
    const { db } = t.context.database;
    const linksOf = (userId: string) => db.select().from(ltiUserLinks).where(eq(ltiUserLinks.userId, userId));

    // the pupil who came from the LMS has neither a password nor an address she knows: she types „LÖSCHEN“
    const info = await t.app.inject({
      url: '/api/privacy/account-deletion',
      headers: { cookie: launched.lmsPupil!.cookie },
    });
    expect(info.json()).toMatchObject({ confirmWith: 'phrase' });
    const [pupilRow] = await db.select().from(user).where(eq(user.id, launched.lmsPupil!.id));
    const byAddress = await post(launched.lmsPupil!.cookie, '/api/privacy/account-deletion', {
      email: pupilRow!.email,
    });
    expect(byAddress.statusCode).toBe(400);
    expect(byAddress.json().error.fields).toEqual({ phrase: privacyMessages.phraseMismatch });
    const pupilErased = await post(launched.lmsPupil!.cookie, '/api/privacy/account-deletion', {
      phrase: ' löschen ',
    });
    expect(pupilErased.statusCode, pupilErased.body).toBe(200);
    expect(await linksOf(launched.lmsPupil!.id)).toEqual([]);
    // the platform and the others' links stay
    expect(await linksOf(launched.lmsTeacher!.id)).toHaveLength(1);
    // her next launch from the LMS makes a new account: nothing of the erased one is found again
    const again = await launch(moodle, 'pupil-1');
    expect(again.id).not.toBe(launched.lmsPupil!.id);

    const [registration] = await db
      .select()
      .from(ltiRegistrations)
      .where(eq(ltiRegistrations.ownerId, teacher.id));
    const erased = await post(teacher.cookie, '/api/privacy/account-deletion', {
      password: teacher.password,
    });
    expect(erased.statusCode, erased.body).toBe(200);
    // her platform goes with everything that hangs on it: deployments, nonces, LMS courses and links
    const gone = [registration!.id];
    expect(await db.select().from(ltiRegistrations).where(inArray(ltiRegistrations.id, gone))).toEqual([]);
    for (const table of [ltiDeployments, ltiNonces, ltiContexts, ltiUserLinks])
      expect(await db.select().from(table).where(inArray(table.registrationId, gone))).toEqual([]);
    // a launch from it finds nothing any more
    const refused = await t.app.inject({ url: loginUrl(moodle, 'teacher-1') });
    expect(refused.statusCode).toBe(400);

    // the colleague's platform and the link through it are untouched
    const kept = await db.select().from(ltiRegistrations).where(eq(ltiRegistrations.ownerId, colleague.id));
    expect(kept).toHaveLength(1);
    expect(await linksOf(launched.otherPupil!.id)).toEqual([
      expect.objectContaining({ registrationId: kept[0]!.id, subject: 'pupil-1' }),
    ]);
  }, 60_000);
});
