import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { generateKeyPair } from 'jose';
import { messages } from '@korrigo/domain';
import {
  classEvaluations,
  classStudents,
  ltiContexts,
  ltiNonces,
  ltiRosterEntries,
  ltiUserLinks,
  profiles,
  user,
} from '../src/db/schema';
import { createLtiNonceSweep } from '../src/modules/lti/lti.nonces';
import { resolveToolKey } from '../src/modules/lti/lti.service';
import { createSignedTokens } from '../src/modules/lti/lti.signed';
import { resolveAuthSecret } from '../src/platform/secret';
import { createLtiTokenClient } from '../src/modules/lti/lti.token';
import { buildCourse, buildSavedTest, cookiesFrom, createUser, savedTestValues } from './support/factories';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { role, startLtiPlatform, type LtiPlatform } from './support/lti-platform';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const nrpsScope = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';

/** Registers the platform for `teacher` as a manual „LMS-Verbindung“ would. */
async function register(t: TestApp, platform: LtiPlatform, cookie: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/lti/registrations',
    headers: { cookie, origin: TEST_ORIGIN },
    payload: platform.registration(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

/** The third-party login as the platform starts it: where the tool sends the browser, and its state cookie. */
async function login(
  t: TestApp,
  platform: LtiPlatform,
  sub: string,
  courseId?: string,
  messageHint?: string,
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/lti/login',
    headers: { ...form, origin: platform.issuer },
    payload: new URLSearchParams({
      iss: platform.issuer,
      login_hint: platform.hintFor(sub, courseId),
      target_link_uri: `${TEST_ORIGIN}/lti/launch`,
      client_id: platform.clientId,
      lti_deployment_id: platform.deploymentId,
      ...(messageHint ? { lti_message_hint: messageHint } : {}),
    }).toString(),
  });
  expect(response.statusCode, response.body).toBe(302);
  const location = new URL(response.headers.location as string);
  return {
    location,
    state: location.searchParams.get('state')!,
    nonce: location.searchParams.get('nonce')!,
    cookie: cookiesFrom(response.headers),
  };
}

async function postLaunch(t: TestApp, platform: LtiPlatform, idToken: string, state: string, cookie: string) {
  return t.app.inject({
    method: 'POST',
    url: '/lti/launch',
    headers: { ...form, cookie, origin: platform.issuer },
    payload: new URLSearchParams({ id_token: idToken, state }).toString(),
  });
}

/** A whole launch through the platform's auth endpoint, as a browser follows Moodle's link. */
async function launch(
  t: TestApp,
  platform: LtiPlatform,
  sub: string,
  courseId?: string,
  messageHint?: string,
) {
  const started = await login(t, platform, sub, courseId, messageHint);
  const page = await (await fetch(started.location)).text();
  const idToken = /name="id_token" value="([^"]+)"/.exec(page)?.[1];
  const state = /name="state" value="([^"]+)"/.exec(page)?.[1];
  if (!idToken || !state) throw new Error(`no launch form: ${page.slice(0, 300)}`);
  return postLaunch(t, platform, idToken, state, started.cookie);
}

/** The course a teacher's launch lands on: the classes screen with the course's dialog open. */
function courseIdOf(location: string) {
  const match = /^\/dashboard\/classes\?courseId=([0-9a-f-]{36})$/.exec(location);
  if (!match) throw new Error(`not a course page: ${location}`);
  return match[1]!;
}

async function me(t: TestApp, cookie: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
  return response.statusCode === 200 ? (response.json() as { id: string; accountType: string }) : null;
}

describe.each(databaseKinds)('[LTI] Korrigo as an LTI 1.3 tool (issue 35 §2, %s)', (kind) => {
  let t: TestApp;
  let moodle: LtiPlatform;
  let otherSchool: LtiPlatform;
  /** the tool's and the first platform's clock for service tokens: a test moves both */
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    t = await buildTestApp(kind);
    const users = [
      { sub: 'teacher-1', name: 'Frau Berg', roles: [role.instructor], email: 'berg@example.org' },
      { sub: 'teacher-2', name: 'Herr Kaya', roles: [role.instructor] },
      { sub: 'pupil-1', name: 'Anna Schmidt', roles: [role.learner] },
      { sub: 'pupil-2', name: 'Ben Yilmaz', roles: [role.learner] },
      { sub: 'pupil-3', name: 'Clara Wolf', roles: [role.learner] },
      { sub: 'teacher-3', name: 'Frau Lang', roles: [role.instructor] },
      { sub: 'pupil-4', name: 'Dana Öztürk', roles: [role.learner] },
      { sub: 'pupil-5', name: 'Emil Fischer', roles: [role.learner] },
      { sub: 'pupil-6', name: 'Fatma Demir', roles: [role.learner] },
      { sub: 'pupil-7', name: 'Gül Aydin', roles: [role.learner] },
      { sub: 'pupil-8', name: 'Hanna Berg', roles: [role.learner] },
      { sub: 'guest-1', name: 'Gast', roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor'] },
    ];
    const courses = [
      { id: 'course-1', title: 'Mathematik 7b' },
      { id: 'course-2', title: 'Deutsch 8a' },
      // three NRPS pages of two: a teacher, a mentor and four learners
      {
        id: 'course-3',
        title: 'Biologie 9c',
        members: ['teacher-3', 'guest-1', 'pupil-4', 'pupil-5', 'pupil-6', 'pupil-7'],
      },
      { id: 'course-4', title: 'Chemie 10a', members: ['teacher-3', 'pupil-6', 'pupil-7', 'pupil-8'] },
    ];
    // the platforms fetch the tool's public keyset over HTTP, as Moodle does for service tokens
    const toolJwksUrl = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/lti/jwks`;
    moodle = await startLtiPlatform({ toolUrl: TEST_ORIGIN, users, courses, toolJwksUrl, now: clock });
    otherSchool = await startLtiPlatform({ toolUrl: TEST_ORIGIN, users, courses, toolJwksUrl });
    const owner = await createUser(t, { accountType: 'teacher' });
    await register(t, moodle, owner.cookie);
    const otherOwner = await createUser(t, { accountType: 'teacher' });
    await register(t, otherSchool, otherOwner.cookie);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), moodle?.close(), otherSchool?.close()]);
  });

  it("lists a teacher's own LMS connections only, and refuses a pupil's", async () => {
    const stranger = await createUser(t, { accountType: 'teacher' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/lti/registrations',
      headers: { cookie: stranger.cookie },
    });
    expect(list.json()).toEqual([]);
    const pupil = await createUser(t, { accountType: 'student', classLevel: '7' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/lti/registrations',
      headers: { cookie: pupil.cookie, origin: TEST_ORIGIN },
      payload: { ...moodle.registration(), clientId: 'another' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(messages.lti.teachersOnly);
  });

  it('serves the tool key as a JWKS', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/lti/jwks' });
    const { keys } = response.json() as { keys: Array<Record<string, string>> };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('signs in a teacher and a pupil from the LMS, with the account type from the roles claim', async () => {
    const teacher = await launch(t, moodle, 'teacher-1');
    expect(teacher.statusCode, teacher.body).toBe(303);
    expect(teacher.headers.location).toMatch(/^\/dashboard\/classes\?courseId=[0-9a-f-]{36}$/);
    const teacherMe = await me(t, cookiesFrom(teacher.headers));
    expect(teacherMe?.accountType).toBe('teacher');
    // the LMS's e-mail is not a verified claim: the account is pseudonymous and linked by sub only
    const [teacherRow] = await t.context.database.db.select().from(user).where(eq(user.id, teacherMe!.id));
    expect(teacherRow!.email).toMatch(/@schulkonto\.invalid$/);

    const pupil = await launch(t, moodle, 'pupil-1');
    expect(pupil.statusCode, pupil.body).toBe(303);
    const pupilMe = await me(t, cookiesFrom(pupil.headers));
    expect(pupilMe?.accountType).toBe('student');

    // the second launch finds the same account
    const again = await launch(t, moodle, 'pupil-1');
    expect((await me(t, cookiesFrom(again.headers)))?.id).toBe(pupilMe!.id);
    const [profile] = await t.context.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, pupilMe!.id));
    expect(profile?.accountType).toBe('student');
  });

  it("records the LMS course's grade service endpoint (AGS) from the launch", async () => {
    await launch(t, moodle, 'teacher-1');
    const contexts = await t.context.database.db
      .select()
      .from(ltiContexts)
      .where(eq(ltiContexts.contextId, 'course-1'));
    const context = contexts.find((candidate) => candidate.agsLineitems?.startsWith(moodle.issuer));
    expect(context).toMatchObject({
      agsLineitems: `${moodle.issuer}/ags/course-1/lineitems`,
      agsLineitem: `${moodle.issuer}/ags/course-1/lineitems/link-course-1`,
      agsScopes: [
        'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
        'https://purl.imsglobal.org/spec/lti-ags/scope/score',
      ],
    });
  });

  it("links the LMS course to a Korrigo course of the instructor's, and lands her there again", async () => {
    const first = await launch(t, moodle, 'teacher-2', 'course-2');
    expect(first.statusCode, first.body).toBe(303);
    const courseId = courseIdOf(first.headers.location as string);
    const cookie = cookiesFrom(first.headers);
    const course = await t.app.inject({ url: `/api/courses/${courseId}`, headers: { cookie } });
    expect(course.statusCode, course.body).toBe(200);
    const teacherMe = await me(t, cookie);
    expect(course.json()).toMatchObject({
      name: 'Deutsch 8a',
      classNames: ['Deutsch 8a'],
      teachers: [{ id: teacherMe!.id, name: 'Herr Kaya' }],
      students: [],
      lms: { title: 'Deutsch 8a' },
    });
    const [context] = await t.context.database.db
      .select()
      .from(ltiContexts)
      .where(and(eq(ltiContexts.contextId, 'course-2'), eq(ltiContexts.courseId, courseId)));
    expect(context?.classId).toBe(course.json().classIds[0]);

    // her next launch from the same LMS course lands in the same course; nothing new is made
    const again = await launch(t, moodle, 'teacher-2', 'course-2');
    expect(again.headers.location).toBe(first.headers.location);
    const list = await t.app.inject({ url: '/api/courses', headers: { cookie } });
    expect((list.json() as Array<{ id: string }>).map((item) => item.id)).toEqual([courseId]);

    // the LMS renames its course: the link shows the new title, the Korrigo course keeps the teacher's name
    const started = await login(t, moodle, 'teacher-2', 'course-2');
    const renamed = await moodle.idToken(
      { sub: 'teacher-2', courseId: 'course-2', nonce: started.nonce },
      {
        'https://purl.imsglobal.org/spec/lti/claim/context': {
          id: 'course-2',
          title: 'Deutsch 8a (Gruppe B)',
        },
      },
    );
    const relaunched = await postLaunch(t, moodle, renamed, started.state, started.cookie);
    expect(relaunched.headers.location).toBe(first.headers.location);
    expect(
      (await t.app.inject({ url: `/api/courses/${courseId}`, headers: { cookie } })).json(),
    ).toMatchObject({
      name: 'Deutsch 8a',
      lms: { title: 'Deutsch 8a (Gruppe B)' },
    });
  });

  it("puts a learner's launch on the course's roster once, as joining its class does", async () => {
    const teacher = await launch(t, moodle, 'teacher-2', 'course-2');
    const courseId = courseIdOf(teacher.headers.location as string);
    const pupil = await launch(t, moodle, 'pupil-2', 'course-2');
    expect(pupil.statusCode, pupil.body).toBe(303);
    expect(pupil.headers.location).toBe('/dashboard/mytests');
    await launch(t, moodle, 'pupil-2', 'course-2');
    const course = await t.app.inject({
      url: `/api/courses/${courseId}`,
      headers: { cookie: cookiesFrom(teacher.headers) },
    });
    expect(course.json().students).toEqual([{ id: expect.any(String), name: 'Ben Yilmaz' }]);
    // she sees the course among her own
    const mine = await t.app.inject({
      url: '/api/my-classes',
      headers: { cookie: cookiesFrom(pupil.headers) },
    });
    expect(mine.json().courses).toMatchObject([{ id: courseId, name: 'Deutsch 8a' }]);
  });

  it("never lets another school's LMS reach the course, with the same course id and subs", async () => {
    const here = await launch(t, moodle, 'teacher-2', 'course-2');
    const hereCourse = courseIdOf(here.headers.location as string);
    const there = await launch(t, otherSchool, 'teacher-2', 'course-2');
    const thereCourse = courseIdOf(there.headers.location as string);
    expect(thereCourse).not.toBe(hereCourse);
    const foreign = await t.app.inject({
      url: `/api/courses/${hereCourse}`,
      headers: { cookie: cookiesFrom(there.headers) },
    });
    expect(foreign.statusCode).toBe(404);
    // the other platform's learner with the same sub joins the other course only
    await launch(t, otherSchool, 'pupil-3', 'course-2');
    const students = async (cookie: string, courseId: string) =>
      (
        (await t.app.inject({ url: `/api/courses/${courseId}`, headers: { cookie } })).json() as {
          students: Array<{ name: string }>;
        }
      ).students.map((student) => student.name);
    expect(await students(cookiesFrom(here.headers), hereCourse)).not.toContain('Clara Wolf');
    expect(await students(cookiesFrom(there.headers), thereCourse)).toEqual(['Clara Wolf']);
  });

  it('gets a service token with a signed assertion and keeps it until shortly before it ends', async () => {
    const client = createLtiTokenClient({ toolKey: resolveToolKey(undefined, t.dataDir), now: clock });
    const before = moodle.tokenRequests;
    const token = await client.accessToken(moodle.registration(), [nrpsScope]);
    expect(moodle.scopesOf(token)).toEqual([nrpsScope]);
    expect(await client.accessToken(moodle.registration(), [nrpsScope])).toBe(token);
    expect(moodle.tokenRequests).toBe(before + 1);
    // other scopes are another token
    const scoreScope = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
    const grades = await client.accessToken(moodle.registration(), [scoreScope]);
    expect(moodle.scopesOf(grades)).toEqual([scoreScope]);
    try {
      // a minute before its hour is up the token is not handed out again
      offsetMs = (3600 - 59) * 1000;
      const renewed = await client.accessToken(moodle.registration(), [nrpsScope]);
      expect(renewed).not.toBe(token);
      expect(moodle.scopesOf(renewed)).toEqual([nrpsScope]);
      expect(moodle.tokenRequests).toBe(before + 3);
    } finally {
      offsetMs = 0;
    }
  });

  it('answers a German 502 when the platform refuses the assertion or cannot be reached', async () => {
    const toolKey = resolveToolKey(undefined, t.dataDir);
    const forged = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    // signed by another key under the tool's key id: the platform's check against /lti/jwks fails
    const impostor = createLtiTokenClient({ toolKey: { ...toolKey, privateKey: forged } });
    await expect(impostor.accessToken(moodle.registration(), [nrpsScope])).rejects.toMatchObject({
      status: 502,
      code: 'lms_unavailable',
      message: messages.lti.tokenRefused,
    });
    // another platform's client id is not ours there
    const client = createLtiTokenClient({ toolKey });
    await expect(
      client.accessToken({ ...moodle.registration(), clientId: otherSchool.clientId }, [nrpsScope]),
    ).rejects.toMatchObject({ status: 502, message: messages.lti.tokenRefused });
    const closed = await startLtiPlatform({ toolUrl: TEST_ORIGIN });
    await closed.close();
    await expect(client.accessToken(closed.registration(), [nrpsScope])).rejects.toMatchObject({
      status: 502,
      message: messages.lti.platformUnreachable,
    });
  });

  /** „Teilnehmende aus der Lernplattform übernehmen“ as the signed-in user */
  const syncRoster = (cookie: string, courseId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/lti/courses/${courseId}/roster-sync`,
      headers: { cookie, origin: TEST_ORIGIN },
    });
  const courseOf = async (cookie: string, courseId: string) =>
    (await t.app.inject({ url: `/api/courses/${courseId}`, headers: { cookie } })).json() as {
      classIds: string[];
      students: Array<{ id: string; name: string }>;
    };

  it("fills the course's roster from the LMS (NRPS, every page) and merges a pupil's first launch", async () => {
    const teacher = await launch(t, moodle, 'teacher-3', 'course-3');
    const courseId = courseIdOf(teacher.headers.location as string);
    const cookie = cookiesFrom(teacher.headers);
    // Dana opened Korrigo from the LMS before the sync: she is there already
    await launch(t, moodle, 'pupil-4', 'course-3');

    const synced = await syncRoster(cookie, courseId);
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json()).toEqual({
      added: 3,
      alreadyThere: 1,
      message: messages.lti.rosterSynced(3, 1),
    });
    expect(synced.json().message).toBe(
      '3 Schülerinnen und Schüler neu in den Kurs übernommen, 1 war schon darin.',
    );
    const course = await courseOf(cookie, courseId);
    // the learners only: neither the teacher nor the mentor
    expect(course.students.map((student) => student.name).sort()).toEqual([
      'Dana Öztürk',
      'Emil Fischer',
      'Fatma Demir',
      'Gül Aydin',
    ]);
    const db = t.context.database.db;
    const entries = await db
      .select()
      .from(classStudents)
      .where(eq(classStudents.classId, course.classIds[0]!));
    // no accounts are made for the roster: only Dana's entry has one
    expect(entries.filter((entry) => entry.userId !== null).map((entry) => entry.name)).toEqual([
      'Dana Öztürk',
    ]);

    // Emil's first launch takes over his entry: no second one
    const emil = await launch(t, moodle, 'pupil-5', 'course-3');
    const emilMe = await me(t, cookiesFrom(emil.headers));
    const after = await db.select().from(classStudents).where(eq(classStudents.classId, course.classIds[0]!));
    expect(after).toHaveLength(4);
    expect(after.find((entry) => entry.name === 'Emil Fischer')?.userId).toBe(emilMe!.id);
    const mine = await t.app.inject({
      url: '/api/my-classes',
      headers: { cookie: cookiesFrom(emil.headers) },
    });
    expect(mine.json().courses).toMatchObject([{ id: courseId, name: 'Biologie 9c' }]);

    const again = await syncRoster(cookie, courseId);
    expect(again.json()).toMatchObject({ added: 0, alreadyThere: 4 });
    expect((await courseOf(cookie, courseId)).students).toHaveLength(4);
  });

  it('answers a German 502 when the LMS fails in the middle of its list, and writes nothing', async () => {
    const teacher = await launch(t, moodle, 'teacher-3', 'course-4');
    const courseId = courseIdOf(teacher.headers.location as string);
    const cookie = cookiesFrom(teacher.headers);
    moodle.failNrps({ fromPage: 2, status: 503 });
    try {
      const failed = await syncRoster(cookie, courseId);
      expect(failed.statusCode).toBe(502);
      expect(failed.json().error).toMatchObject({
        code: 'lms_unavailable',
        message: messages.lti.platformFailed,
      });
      expect((await courseOf(cookie, courseId)).students).toEqual([]);
      const [context] = await t.context.database.db
        .select()
        .from(ltiContexts)
        .where(eq(ltiContexts.courseId, courseId));
      expect(
        await t.context.database.db
          .select()
          .from(ltiRosterEntries)
          .where(eq(ltiRosterEntries.contextId, context!.id)),
      ).toEqual([]);
    } finally {
      moodle.failNrps(null);
    }
    const synced = await syncRoster(cookie, courseId);
    expect(synced.json()).toMatchObject({ added: 3, alreadyThere: 0 });
  });

  it("lets only the course's owner take over the roster; others find no course", async () => {
    const teacher = await launch(t, moodle, 'teacher-3', 'course-3');
    const courseId = courseIdOf(teacher.headers.location as string);
    const stranger = await createUser(t, { accountType: 'teacher' });
    const colleague = await launch(t, moodle, 'teacher-1', 'course-3');
    const pupil = await launch(t, moodle, 'pupil-6', 'course-3');
    const foreign = await launch(t, otherSchool, 'teacher-3', 'course-3');
    for (const cookie of [
      stranger.cookie,
      cookiesFrom(colleague.headers),
      cookiesFrom(pupil.headers),
      cookiesFrom(foreign.headers),
    ]) {
      const response = await syncRoster(cookie, courseId);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error.message).toBe(messages.http.notFound);
    }
    // her own course that no LMS is linked to: nothing to take over
    const own = await buildCourse(t, { ownerId: stranger.id });
    const ownCourse = await t.app.inject({
      url: `/api/courses/${own.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(ownCourse.json().lms).toBeNull();
    const unlinked = await syncRoster(stranger.cookie, own.id);
    expect(unlinked.statusCode).toBe(404);

    // an LMS course whose latest launch offered no roster service: the teacher is told what to check
    const started = await login(t, moodle, 'teacher-2', 'course-2');
    const withoutNrps = await moodle.idToken(
      { sub: 'teacher-2', courseId: 'course-2', nonce: started.nonce },
      { 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': undefined },
    );
    const launched = await postLaunch(t, moodle, withoutNrps, started.state, started.cookie);
    const refused = await syncRoster(
      cookiesFrom(launched.headers),
      courseIdOf(launched.headers.location as string),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(messages.lti.noRosterService);
  });

  it('sweeps the nonces of logins whose launch never came, once they expired, and no open one', async () => {
    const { db } = t.context.database;
    const noncesNow = async () => (await db.select({ nonce: ltiNonces.nonce }).from(ltiNonces)).length;
    const before = await noncesNow();
    // a login whose launch never comes (the tab was closed): its nonce stays until the sweep
    await login(t, moodle, 'pupil-1');
    expect(await noncesNow()).toBe(before + 1);
    const sweepAt = (minutes: number) =>
      createLtiNonceSweep({
        db,
        log: { info: () => undefined },
        now: () => new Date(Date.now() + minutes * 60_000),
      }).sweep();
    // within its ten minutes the login is still open
    await sweepAt(5);
    expect(await noncesNow()).toBe(before + 1);
    expect(await sweepAt(11)).toBeGreaterThanOrEqual(1);
    expect(await noncesNow()).toBe(0);
    // the queue runs the sweep every hour
    expect(await t.context.analysis.jobs.boss.getSchedules()).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'lti-nonce-sweep', cron: '17 * * * *' })]),
    );
  });

  it('refuses a role that is neither teaching nor learning', async () => {
    const response = await launch(t, moodle, 'guest-1');
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain(messages.lti.unknownRole);
  });

  it('refuses a forged token, a wrong deployment, a replayed nonce, a wrong audience or issuer, an expired token', async () => {
    const forger = await generateKeyPair('RS256');
    const cases: Array<{
      name: string;
      token: (nonce: string) => Promise<string>;
      status: number;
      message: string;
    }> = [
      {
        name: 'forged',
        token: (nonce) =>
          moodle.idToken({ sub: 'pupil-1', courseId: 'course-1', nonce }, {}, { key: forger.privateKey }),
        status: 401,
        message: messages.lti.badToken,
      },
      {
        name: 'deployment',
        token: (nonce) =>
          moodle.idToken(
            { sub: 'pupil-1', courseId: 'course-1', nonce },
            { 'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'someone-elses' },
          ),
        status: 403,
        message: messages.lti.unknownDeployment,
      },
      {
        name: 'audience',
        token: (nonce) =>
          moodle.idToken({ sub: 'pupil-1', courseId: 'course-1', nonce }, { aud: 'another-tool' }),
        status: 400,
        message: messages.lti.unknownPlatform,
      },
      {
        name: 'several audiences without azp for us',
        token: (nonce) =>
          moodle.idToken(
            { sub: 'pupil-1', courseId: 'course-1', nonce },
            { aud: [moodle.clientId, 'another-tool'], azp: 'another-tool' },
          ),
        status: 400,
        message: messages.lti.unknownPlatform,
      },
      {
        name: 'issuer',
        token: (nonce) =>
          moodle.idToken({ sub: 'pupil-1', courseId: 'course-1', nonce }, { iss: 'https://evil.example' }),
        status: 400,
        message: messages.lti.unknownPlatform,
      },
      {
        name: 'expired',
        token: (nonce) =>
          moodle.idToken(
            { sub: 'pupil-1', courseId: 'course-1', nonce },
            {},
            { issuedAt: Math.floor(Date.now() / 1000) - 3600, expiresInSeconds: 300 },
          ),
        status: 401,
        message: messages.lti.expired,
      },
      {
        name: 'version',
        token: (nonce) =>
          moodle.idToken(
            { sub: 'pupil-1', courseId: 'course-1', nonce },
            { 'https://purl.imsglobal.org/spec/lti/claim/version': '1.1' },
          ),
        status: 400,
        message: messages.lti.badToken,
      },
    ];
    for (const example of cases) {
      const started = await login(t, moodle, 'pupil-1');
      const response = await postLaunch(
        t,
        moodle,
        await example.token(started.nonce),
        started.state,
        started.cookie,
      );
      expect(response.statusCode, example.name).toBe(example.status);
      expect(response.body, example.name).toContain(example.message);
      expect(response.headers['set-cookie']?.toString() ?? '', example.name).not.toContain('session_token');
    }

    // a nonce is used once: the same token a second time is refused
    const started = await login(t, moodle, 'pupil-1');
    const token = await moodle.idToken({ sub: 'pupil-1', courseId: 'course-1', nonce: started.nonce });
    expect((await postLaunch(t, moodle, token, started.state, started.cookie)).statusCode).toBe(303);
    const replayed = await postLaunch(t, moodle, token, started.state, started.cookie);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.body).toContain(messages.lti.replayed);

    // without the browser's state cookie (another browser, or a form posted from elsewhere) nobody signs in
    const fresh = await login(t, moodle, 'pupil-1');
    const unbound = await postLaunch(
      t,
      moodle,
      await moodle.idToken({ sub: 'pupil-1', courseId: 'course-1', nonce: fresh.nonce }),
      fresh.state,
      '',
    );
    expect(unbound.statusCode).toBe(400);
    expect(unbound.body).toContain(messages.lti.stateMismatch);
  });

  it("keeps a second school's LMS apart: the same sub and course id are another account and context", async () => {
    const here = await launch(t, moodle, 'teacher-1');
    const there = await launch(t, otherSchool, 'teacher-1');
    const hereMe = await me(t, cookiesFrom(here.headers));
    const thereMe = await me(t, cookiesFrom(there.headers));
    expect(hereMe && thereMe).toBeTruthy();
    expect(thereMe!.id).not.toBe(hereMe!.id);
    const links = await t.context.database.db
      .select()
      .from(ltiUserLinks)
      .where(eq(ltiUserLinks.subject, 'teacher-1'));
    expect(new Set(links.map((link) => link.registrationId)).size).toBe(2);
    const contexts = await t.context.database.db
      .select()
      .from(ltiContexts)
      .where(eq(ltiContexts.contextId, 'course-1'));
    expect(new Set(contexts.map((context) => context.registrationId)).size).toBe(2);

    // a token of the second platform's key claiming to be the first platform is refused
    const started = await login(t, moodle, 'teacher-1');
    const crossed = await otherSchool.idToken(
      { sub: 'teacher-1', courseId: 'course-1', nonce: started.nonce },
      { iss: moodle.issuer, aud: moodle.clientId },
    );
    const response = await postLaunch(t, moodle, crossed, started.state, started.cookie);
    expect(response.statusCode).toBe(401);
  });

  // ---- Deep Linking 2.0 (ADR 0031, "Deep linking") ----

  /** The teacher's deep linking launch from the course page: signed in, on the selection page with its token. */
  async function deepLinkingLaunch(sub: string) {
    const response = await launch(t, moodle, sub, 'course-1', moodle.deepLinkingHintFor('course-1'));
    expect(response.statusCode, response.body).toBe(303);
    const location = new URL(response.headers.location as string, TEST_ORIGIN);
    expect(location.pathname).toBe('/lti/auswahl');
    return { token: location.searchParams.get('t')!, cookie: cookiesFrom(response.headers) };
  }

  /** Her choice as the page's form posts it; the answer page's form (action and JWT) when it is one. */
  async function place(cookie: string, token: string, kind: 'test' | 'classset', id: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/lti/deep-linking',
      headers: { ...form, cookie, origin: TEST_ORIGIN },
      payload: new URLSearchParams({ token, kind, id }).toString(),
    });
    const action = /<form id="f" method="post" action="([^"]+)">/.exec(response.body)?.[1];
    const jwt = /name="JWT" value="([^"]+)"/.exec(response.body)?.[1];
    return { response, action: action?.replace(/&#38;/g, '&'), jwt };
  }

  /** The browser's auto-post of the answer to the LMS. */
  const postToPlatform = (action: string, jwt: string) =>
    fetch(action, { method: 'POST', headers: form, body: new URLSearchParams({ JWT: jwt }) });

  it('places her saved test into the LMS course with its maximum points, signed so the platform accepts it', async () => {
    const { token, cookie } = await deepLinkingLaunch('teacher-1');
    const teacher = await me(t, cookie);
    expect(teacher?.accountType).toBe('teacher');
    const test = await buildSavedTest(t, { ownerId: teacher!.id, title: 'Brüche Lernkontrolle' });
    const [classSet] = await t.context.database.db
      .insert(classEvaluations)
      .values({
        userId: teacher!.id,
        testName: 'Klassenarbeit Brüche',
        courseName: 'Mathematik 7b',
        answerKey: savedTestValues(teacher!.id),
        options: {
          subject: 'Mathematik',
          gradeLevel: '7',
          depth: 'Auto',
          feedback: [],
          temperature: 0.1,
          customInstructions: '',
        },
        failingShareThreshold: 1 / 3,
      })
      .returning();

    const selection = await t.app.inject({
      method: 'GET',
      url: `/api/lti/deep-linking?t=${encodeURIComponent(token)}`,
      headers: { cookie },
    });
    expect(selection.statusCode, selection.body).toBe(200);
    expect(selection.json()).toMatchObject({
      platformName: 'Stand-in Moodle',
      tests: [{ kind: 'test', id: test.id, title: 'Brüche Lernkontrolle', scoreMaximum: 6 }],
      classSets: [{ kind: 'classset', id: classSet!.id, title: 'Klassenarbeit Brüche', scoreMaximum: 6 }],
    });

    const placed = await place(cookie, token, 'test', test.id);
    expect(placed.response.statusCode, placed.response.body).toBe(200);
    // the page's own policy: its one script by hash, and the form may go to the LMS only
    const policy = String(placed.response.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).toContain(`form-action ${moodle.issuer}`);
    expect(placed.action).toBe(`${moodle.issuer}/deep-link-return`);
    const accepted = await postToPlatform(placed.action!, placed.jwt!);
    expect(accepted.status, await accepted.text()).toBe(200);

    const [link] = moodle.placedLinks('course-1');
    expect(link).toMatchObject({
      title: 'Brüche Lernkontrolle',
      url: `${TEST_ORIGIN}/lti/launch`,
      custom: { korrigo_target: `test:${test.id}` },
      lineItem: {
        scoreMaximum: 6,
        label: 'Brüche Lernkontrolle',
        resourceId: `korrigo:test:${test.id}`,
        tag: 'korrigo',
      },
    });
    expect(moodle.placedLineItems('course-1')).toContainEqual(
      expect.objectContaining({
        resourceLinkId: link!.id,
        scoreMaximum: 6,
        resourceId: `korrigo:test:${test.id}`,
      }),
    );

    // the class set too, with the resourceId the grade delivery looks for
    const second = await deepLinkingLaunch('teacher-1');
    const setPlaced = await place(second.cookie, second.token, 'classset', classSet!.id);
    expect((await postToPlatform(setPlaced.action!, setPlaced.jwt!)).status).toBe(200);
    expect(moodle.placedLinks('course-1').at(-1)).toMatchObject({
      custom: { korrigo_target: `classset:${classSet!.id}` },
      lineItem: { scoreMaximum: 6, resourceId: `korrigo:classset:${classSet!.id}` },
    });

    // the placed link opens the test for her, and for a pupil her start page; another teacher of the LMS
    // course is not shown her colleague's test
    const opened = await launch(t, moodle, 'teacher-1', 'course-1', moodle.placedLinkHintFor(link!.id));
    expect(opened.headers.location).toBe(`/dashboard/testgen?testId=${test.id}`);
    const setOpened = await launch(
      t,
      moodle,
      'teacher-1',
      'course-1',
      moodle.placedLinkHintFor(moodle.placedLinks('course-1').at(-1)!.id),
    );
    expect(setOpened.headers.location).toBe(`/dashboard/class-evaluations/${classSet!.id}`);
    const pupil = await launch(t, moodle, 'pupil-1', 'course-1', moodle.placedLinkHintFor(link!.id));
    expect(pupil.headers.location).toBe('/dashboard/mytests');
    const colleague = await launch(t, moodle, 'teacher-2', 'course-1', moodle.placedLinkHintFor(link!.id));
    expect(colleague.statusCode).toBe(303);
    expect(colleague.headers.location).not.toContain(test.id);
  });

  it('lets the LMS frame the selection page (Moodle shows it in a dialog), and nothing else of the app', async () => {
    const selection = await t.app.inject({ method: 'GET', url: '/lti/auswahl?t=x' });
    expect(String(selection.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(selection.headers['x-frame-options']).toBeUndefined();
    // its „Einfügen“ form posts to us with our Origin (under no-referrer a browser sends `Origin: null`)
    expect(selection.headers['referrer-policy']).toBe('same-origin');
    const profile = await t.app.inject({ method: 'GET', url: '/profile' });
    expect(String(profile.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(profile.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(profile.headers['referrer-policy']).toBe('no-referrer');
  });

  it("refuses a learner's deep linking request, and makes her no account", async () => {
    const before = await t.context.database.db
      .select()
      .from(ltiUserLinks)
      .where(eq(ltiUserLinks.subject, 'pupil-8'));
    const response = await launch(t, moodle, 'pupil-8', 'course-1', moodle.deepLinkingHintFor('course-1'));
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(messages.lti.deepLinkingTeachersOnly);
    expect(response.headers['set-cookie'] ?? '').not.toContain('session_token');
    const after = await t.context.database.db
      .select()
      .from(ltiUserLinks)
      .where(eq(ltiUserLinks.subject, 'pupil-8'));
    expect(after).toHaveLength(before.length);
  });

  it("places only her own objects: another teacher's test is not found, and so is another's selection", async () => {
    const { token, cookie } = await deepLinkingLaunch('teacher-1');
    const stranger = await createUser(t, { accountType: 'teacher' });
    const foreign = await buildSavedTest(t, { ownerId: stranger.id });
    const refused = await place(cookie, token, 'test', foreign.id);
    expect(refused.response.statusCode).toBe(404);
    expect(refused.jwt).toBeUndefined();
    expect(refused.response.body).toContain(messages.http.notFound);
    const noSet = await place(cookie, token, 'classset', crypto.randomUUID());
    expect(noSet.response.statusCode).toBe(404);
    // her selection token in another teacher's session finds nothing
    const own = await buildSavedTest(t, { ownerId: stranger.id });
    const theirs = await place(stranger.cookie, token, 'test', own.id);
    expect(theirs.response.statusCode).toBe(404);
    expect(theirs.response.body).toContain(messages.lti.deepLinkingExpired);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/lti/deep-linking?t=${encodeURIComponent(token)}`,
      headers: { cookie: stranger.cookie },
    });
    expect(list.statusCode).toBe(404);
    // a post from another site is refused
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/lti/deep-linking',
      headers: { ...form, cookie, origin: 'https://evil.example' },
      payload: new URLSearchParams({ token, kind: 'test', id: own.id }).toString(),
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('is verified by the stand-in: a forged or altered deep linking answer is rejected', async () => {
    const { token, cookie } = await deepLinkingLaunch('teacher-1');
    const teacher = await me(t, cookie);
    const test = await buildSavedTest(t, { ownerId: teacher!.id, title: 'Echt' });
    const placed = await place(cookie, token, 'test', test.id);
    const countBefore = moodle.placedLinks('course-1').length;
    // signed with another key under the tool's kid
    const { privateKey } = await generateKeyPair('RS256');
    const [header, payload] = placed.jwt!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const { SignJWT } = await import('jose');
    const forged = await new SignJWT(claims)
      .setProtectedHeader(JSON.parse(Buffer.from(header!, 'base64url').toString()) as { alg: string })
      .sign(privateKey);
    expect((await postToPlatform(placed.action!, forged)).status).toBe(400);
    // the tool's signature with a changed payload
    const altered = [
      header,
      Buffer.from(JSON.stringify({ ...claims, aud: 'x' })).toString('base64url'),
      placed.jwt!.split('.')[2],
    ].join('.');
    expect((await postToPlatform(placed.action!, altered)).status).toBe(400);
    expect(moodle.placedLinks('course-1')).toHaveLength(countBefore);
    // the genuine answer is accepted once
    expect((await postToPlatform(placed.action!, placed.jwt!)).status).toBe(200);
    expect(moodle.placedLinks('course-1')).toHaveLength(countBefore + 1);
  });

  it('asks for a maximum before placing a class set none of whose papers is graded', async () => {
    const { token, cookie } = await deepLinkingLaunch('teacher-1');
    const teacher = await me(t, cookie);
    const [classSet] = await t.context.database.db
      .insert(classEvaluations)
      .values({
        userId: teacher!.id,
        testName: 'Ohne Schlüssel',
        courseName: 'Mathematik 7b',
        options: {
          subject: 'Mathematik',
          gradeLevel: '7',
          depth: 'Auto',
          feedback: [],
          temperature: 0.1,
          customInstructions: '',
        },
        failingShareThreshold: 1 / 3,
      })
      .returning();
    const placed = await place(cookie, token, 'classset', classSet!.id);
    expect(placed.response.statusCode).toBe(409);
    expect(placed.response.body).toContain(messages.lti.deepLinkingNoMaximum);
  });

  // ---- Dynamic Registration 1.0 (ADR 0031, "Dynamic registration") ----

  /** A teacher's registration URL, as her settings section shows it. */
  async function registrationUrlOf(cookie: string) {
    const tool = await t.app.inject({ method: 'GET', url: '/api/lti/tool', headers: { cookie } });
    expect(tool.statusCode, tool.body).toBe(200);
    return (tool.json() as { registrationUrl: string }).registrationUrl;
  }
  const open = (url: string) => {
    const parsed = new URL(url);
    return t.app.inject({ method: 'GET', url: `${parsed.pathname}${parsed.search}` });
  };

  it('registers itself at a platform from the registration URL, and then that platform launches', async () => {
    const fresh = await startLtiPlatform({
      toolUrl: TEST_ORIGIN,
      users: [
        { sub: 'dr-teacher', name: 'Frau Neu', roles: [role.instructor] },
        { sub: 'dr-pupil', name: 'Paul Neu', roles: [role.learner] },
      ],
      courses: [{ id: 'dr-course', title: 'Physik 9a' }],
    });
    try {
      const teacher = await createUser(t, { accountType: 'teacher' });
      const registrationUrl = await registrationUrlOf(teacher.cookie);
      expect(registrationUrl).toMatch(new RegExp(`^${TEST_ORIGIN}/lti/register\\?k=`));
      const response = await open(fresh.registrationStartUrl(registrationUrl));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).toContain("subject: 'org.imsglobal.lti.close'");
      expect(response.body).toContain(
        messages.lti.registrationDone('Moodle (' + new URL(fresh.issuer).host + ')'),
      );
      expect(String(response.headers['content-security-policy'])).toContain(
        `frame-ancestors ${fresh.issuer}`,
      );

      // what the tool asked for
      const registered = fresh.registeredTool!;
      expect(registered).toMatchObject({
        application_type: 'web',
        response_types: ['id_token'],
        grant_types: ['implicit', 'client_credentials'],
        initiate_login_uri: `${TEST_ORIGIN}/lti/login`,
        redirect_uris: [`${TEST_ORIGIN}/lti/launch`],
        jwks_uri: `${TEST_ORIGIN}/lti/jwks`,
        token_endpoint_auth_method: 'private_key_jwt',
        client_name: 'Korrigo',
      });
      expect(String(registered.scope).split(' ')).toEqual(
        expect.arrayContaining([nrpsScope, 'https://purl.imsglobal.org/spec/lti-ags/scope/score']),
      );
      const toolConfiguration = registered['https://purl.imsglobal.org/spec/lti-tool-configuration'] as {
        messages: Array<{ type: string }>;
        domain: string;
      };
      expect(toolConfiguration.messages.map((message) => message.type)).toContain('LtiDeepLinkingRequest');
      expect(toolConfiguration.domain).toBe(new URL(TEST_ORIGIN).host);

      // recorded as hers, as the manual registration would
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/lti/registrations',
        headers: { cookie: teacher.cookie },
      });
      expect(list.json()).toEqual([
        expect.objectContaining({
          issuer: fresh.issuer,
          clientId: fresh.clientId,
          authUrl: `${fresh.issuer}/auth`,
          tokenUrl: `${fresh.issuer}/token`,
          jwksUrl: `${fresh.issuer}/jwks`,
        }),
      ]);
      const launched = await launch(t, fresh, 'dr-pupil', 'dr-course');
      expect(launched.statusCode, launched.body).toBe(303);
      expect((await me(t, cookiesFrom(launched.headers)))?.accountType).toBe('student');

      // the same platform again: already there, a German page
      const again = await open(fresh.registrationStartUrl(await registrationUrlOf(teacher.cookie)));
      expect(again.statusCode).toBe(409);
      expect(again.body).toContain(messages.lti.duplicateRegistration);
    } finally {
      await fresh.close();
    }
  });

  it('refuses an expired or forged registration URL, a lying issuer and a platform that is down', async () => {
    const fresh = await startLtiPlatform({ toolUrl: TEST_ORIGIN });
    try {
      const teacher = await createUser(t, { accountType: 'teacher' });
      const secret = resolveAuthSecret(t.context.config.AUTH_SECRET, t.context.config.DATA_DIR);
      const yesterday = createSignedTokens(secret, () => new Date(Date.now() - 25 * 3600_000));
      const expired = await yesterday.sign('registration', { sub: teacher.id }, 24 * 3600);
      const forged = await createSignedTokens('another secret').sign(
        'registration',
        { sub: teacher.id },
        3600,
      );
      // a deep linking selection is no registration URL
      const otherPurpose = await createSignedTokens(secret).sign('deep-linking', { sub: teacher.id }, 3600);
      for (const k of [expired, forged, otherPurpose, 'nonsense']) {
        const response = await open(fresh.registrationStartUrl(`${TEST_ORIGIN}/lti/register?k=${k}`));
        expect(response.statusCode).toBe(400);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.body).toContain(escapeForHtml(messages.lti.registrationLinkInvalid));
      }
      expect(fresh.registeredTool).toBeNull();

      const url = await registrationUrlOf(teacher.cookie);
      fresh.reportIssuer('http://127.0.0.1:1');
      const lying = await open(fresh.registrationStartUrl(url));
      expect(lying.statusCode).toBe(400);
      expect(lying.body).toContain(escapeForHtml(messages.lti.registrationIssuerMismatch));
      fresh.reportIssuer(null);

      const gone = await startLtiPlatform({ toolUrl: TEST_ORIGIN });
      const goneStart = gone.registrationStartUrl(url);
      await gone.close();
      const down = await open(goneStart);
      expect(down.statusCode).toBe(502);
      expect(down.body).toContain(escapeForHtml(messages.lti.registrationUnreachable));

      const incomplete = await open(url);
      expect(incomplete.statusCode).toBe(400);
      expect(incomplete.body).toContain(escapeForHtml(messages.lti.registrationIncomplete));
      expect(fresh.registeredTool).toBeNull();
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/lti/registrations',
        headers: { cookie: teacher.cookie },
      });
      expect(list.json()).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

/** The refusal page escapes quotes and angle brackets as numeric entities. */
const escapeForHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
