import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import {
  dataExportFields,
  messages,
  type AnalysisDetail,
  type ClassEvaluationDetail,
  type LtiDeliveries,
} from '@korrigo/domain';
import {
  classStudents,
  gradeRecords,
  ltiContexts,
  ltiGradeDeliveries,
  notifications,
  profiles,
} from '../src/db/schema';
import { enrolInClassCourses } from '../src/modules/classes/classes.repository';
import { agsScopes, scoresUrlOf } from '../src/modules/lti/lti.grades';
import { resolveToolKey } from '../src/modules/lti/lti.service';
import { createLtiTokenClient } from '../src/modules/lti/lti.token';
import { createPlans } from '../src/modules/plans/plans.service';
import { buildSavedTest, cookiesFrom, createUser, postAnalysis, waitForAnalysis } from './support/factories';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { role, startLtiPlatform, type LtiPlatform } from './support/lti-platform';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
type Who = { cookie: string };

/** A whole launch through the platform's auth endpoint, as a browser follows Moodle's link. */
async function launch(t: TestApp, platform: LtiPlatform, sub: string) {
  const login = await t.app.inject({
    method: 'POST',
    url: '/lti/login',
    headers: { ...form, origin: platform.issuer },
    payload: new URLSearchParams({
      iss: platform.issuer,
      login_hint: platform.hintFor(sub),
      target_link_uri: `${TEST_ORIGIN}/lti/launch`,
      client_id: platform.clientId,
      lti_deployment_id: platform.deploymentId,
    }).toString(),
  });
  expect(login.statusCode, login.body).toBe(302);
  const page = await (await fetch(login.headers.location as string)).text();
  const idToken = /name="id_token" value="([^"]+)"/.exec(page)![1]!;
  const state = /name="state" value="([^"]+)"/.exec(page)![1]!;
  const launched = await t.app.inject({
    method: 'POST',
    url: '/lti/launch',
    headers: { ...form, cookie: cookiesFrom(login.headers), origin: platform.issuer },
    payload: new URLSearchParams({ id_token: idToken, state }).toString(),
  });
  expect(launched.statusCode, launched.body).toBe(303);
  const cookie = cookiesFrom(launched.headers);
  const profile = await t.app.inject({ url: '/api/profile', headers: { cookie } });
  return { cookie, id: (profile.json() as { id: string }).id, location: launched.headers.location as string };
}

/**
 * Grades back (issue 35 §2, ADR 0031 "AGS"): a class set's „Ergebnisse zurückgeben“ and a single release send
 * each LMS-linked pupil's points and grade to the stand-in's gradebook; a change confirmed later sends the
 * update; an outage leaves the rows failed with the German reason until „Erneut senden“.
 */
describe.each(databaseKinds)('[LTI-AGS] released results to the LMS gradebook (%s)', (kind) => {
  let t: TestApp;
  let moodle: LtiPlatform;
  let teacher: Who & { id: string };
  let anna: Who & { id: string };
  let courseId: string;
  let setId: string;
  let testId: string;
  let detail: ClassEvaluationDetail;
  const paperOf = (name: string) => detail.papers.find((paper) => paper.studentName === name)!;

  const get = (who: Who, url: string) => t.app.inject({ url, headers: { cookie: who.cookie } });
  const send = (who: Who, method: 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: who.cookie, origin: TEST_ORIGIN },
      ...(payload ? { payload } : {}),
    });

  /** the state of the deliveries once none is pending any more (the job's tries are seconds apart here) */
  async function settled(who: Who, query: string) {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const response = await get(who, `/api/lti/deliveries?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const state = response.json() as LtiDeliveries;
      if (state.total > 0 && state.pending === 0) return state;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`deliveries of ${query} still pending`);
  }

  /** every scored unit of the analysis to `share` of its maximum, as the review's form sends it */
  async function review(analysisId: string, share: number) {
    const analysis = (await get(teacher, `/api/analyses/${analysisId}`)).json() as AnalysisDetail;
    const changes: object[] = [];
    analysis.result!.tasks.forEach((task, taskIndex) => {
      if (task.subtasks.length === 0)
        changes.push({ type: 'set_points', taskIndex, points: share * (task.max_points ?? 0) });
      task.subtasks.forEach((subtask, subtaskIndex) =>
        changes.push({
          type: 'set_points',
          taskIndex,
          subtaskIndex,
          points: share * (subtask.max_points ?? 0),
        }),
      );
    });
    const changed = await send(teacher, 'PATCH', `/api/analyses/${analysisId}/review`, { changes });
    expect(changed.statusCode, changed.body).toBe(200);
  }

  const recordOf = async (analysisId: string) =>
    (
      await t.context.database.db.select().from(gradeRecords).where(eq(gradeRecords.analysisId, analysisId))
    )[0]!;

  beforeAll(async () => {
    // one try and one retry a second later: an outage settles in seconds, not in a quarter of an hour
    t = await buildTestApp(kind, {
      jobs: { pollingIntervalSeconds: 0.5 },
      ltiGrades: { retryLimit: 1, retryDelaySeconds: 1 },
    });
    const toolJwksUrl = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/lti/jwks`;
    moodle = await startLtiPlatform({
      toolUrl: TEST_ORIGIN,
      toolJwksUrl,
      users: [
        { sub: 'teacher-1', name: 'Frau Berg', roles: [role.instructor] },
        { sub: 'pupil-1', name: 'Anna Schmidt', roles: [role.learner] },
        { sub: 'pupil-2', name: 'Ben Yilmaz', roles: [role.learner] },
      ],
    });
    const owner = await createUser(t, { accountType: 'teacher' });
    const registered = await send(owner, 'POST', '/api/lti/registrations', moodle.registration());
    expect(registered.statusCode, registered.body).toBe(201);

    // the teacher's first launch makes the course; the pupils' launches put them into its LMS class
    const started = await launch(t, moodle, 'teacher-1');
    teacher = started;
    courseId = /courseId=([0-9a-f-]{36})/.exec(started.location)![1]!;
    await createPlans(t.context.database.db).applyPlan(t.context.database.db, teacher.id, 'premium_teacher');
    await t.context.database.db
      .update(profiles)
      .set({ credits: 20, usedCredits: 0 })
      .where(eq(profiles.userId, teacher.id));
    anna = await launch(t, moodle, 'pupil-1');
    await launch(t, moodle, 'pupil-2');
    const [context] = await t.context.database.db
      .select()
      .from(ltiContexts)
      .where(eq(ltiContexts.courseId, courseId));
    // Clara has a Korrigo account but none in the LMS: her result stays in Korrigo
    const clara = await createUser(t, { accountType: 'student', classLevel: '7', name: 'Clara Wolf' });
    const [entry] = await t.context.database.db
      .insert(classStudents)
      .values({ classId: context!.classId!, name: 'Clara Wolf', userId: clara.id })
      .returning();
    await enrolInClassCourses(t.context.database.db, [entry!.id]);
    const roster = await t.context.database.db
      .select()
      .from(classStudents)
      .where(eq(classStudents.classId, context!.classId!));
    const entryOf = (name: string) => roster.find((row) => row.name === name)!.id;

    const test = await buildSavedTest(t, { ownerId: teacher.id });
    testId = test.id;
    const created = await send(teacher, 'POST', '/api/class-evaluations', {
      courseId,
      testName: 'Brüche kürzen',
      selectedTestId: test.id,
      options: { subject: 'Mathematik', gradeLevel: 'Mittelstufe' },
      studentData: ['Anna Schmidt', 'Ben Yilmaz', 'Clara Wolf'].map((name) => ({
        studentId: entryOf(name),
        text: '1. a\n2. Man teilt Zähler und Nenner durch dieselbe Zahl.',
      })),
    });
    expect(created.statusCode, created.body).toBe(202);
    setId = created.json().evaluationId as string;
    for (let attempt = 0; attempt < 600; attempt += 1) {
      detail = (await get(teacher, `/api/class-evaluations/${setId}`)).json() as ClassEvaluationDetail;
      if (detail.status === 'done' || detail.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(detail.status).toBe('done');
    const confirmed = await send(teacher, 'POST', `/api/class-evaluations/${setId}/confirm`, {
      analysisIds: detail.papers.map((paper) => paper.analysisId!),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([t?.close(), moodle?.close()]);
  });

  it("sends each LMS pupil's points and grade of a class set's release, and nothing for a pupil without an LMS account", async () => {
    const released = await send(teacher, 'POST', `/api/class-evaluations/${setId}/release`);
    expect(released.json()).toMatchObject({ released: 3 });
    const state = await settled(teacher, `classEvaluationId=${setId}`);
    expect(state).toMatchObject({ total: 2, sent: 2, failed: 0, lastError: null });
    expect(state.summary).toBe('An die Lernplattform übertragen: 2 von 2');

    const [lineItem, ...others] = moodle.gradebook('course-1');
    expect(others).toEqual([]);
    expect(lineItem).toMatchObject({
      label: 'Brüche kürzen',
      resourceId: `korrigo:classset:${setId}`,
      tag: 'korrigo',
    });
    const anna = await recordOf(paperOf('Anna Schmidt').analysisId!);
    expect(lineItem!.scoreMaximum).toBe(anna.totalPoints);
    expect(Object.keys(lineItem!.scores).sort()).toEqual(['pupil-1', 'pupil-2']);
    expect(lineItem!.scores['pupil-1']).toMatchObject({
      scoreGiven: anna.achievedPoints,
      scoreMaximum: anna.totalPoints,
      comment: `Note ${anna.grade}`,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    });
    const clara = paperOf('Clara Wolf').analysisId!;
    expect(
      await t.context.database.db
        .select()
        .from(ltiGradeDeliveries)
        .where(eq(ltiGradeDeliveries.analysisId, clara)),
    ).toEqual([]);
    // the course page of the LMS shows the gradebook
    const page = await (await fetch(`${moodle.issuer}/course/course-1`)).text();
    expect(page).toContain('Brüche kürzen');
    expect(page).toContain(`Note ${anna.grade}`);
  });

  it('sends a change confirmed after the release to the same line item', async () => {
    const analysisId = paperOf('Anna Schmidt').analysisId!;
    const before = moodle.gradebook('course-1')[0]!.scores['pupil-1']!;
    expect((await send(teacher, 'POST', `/api/analyses/${analysisId}/reopen`)).statusCode).toBe(200);
    await review(analysisId, 0.5);
    const confirmed = await send(teacher, 'POST', `/api/class-evaluations/${setId}/confirm`, {
      analysisIds: [analysisId],
    });
    expect(confirmed.json()).toMatchObject({ confirmed: 1 });
    const record = await recordOf(analysisId);
    expect(record.achievedPoints).not.toBe(before.scoreGiven);
    for (let attempt = 0; attempt < 200; attempt += 1) {
      if (moodle.gradebook('course-1')[0]!.scores['pupil-1']!.scoreGiven !== before.scoreGiven) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const gradebook = moodle.gradebook('course-1');
    expect(gradebook).toHaveLength(1);
    expect(gradebook[0]!.scores['pupil-1']).toMatchObject({
      scoreGiven: record.achievedPoints,
      comment: `Note ${record.grade}`,
    });
    expect(Date.parse(gradebook[0]!.scores['pupil-1']!.timestamp)).toBeGreaterThan(
      Date.parse(before.timestamp),
    );
    expect(await settled(teacher, `classEvaluationId=${setId}`)).toMatchObject({ total: 2, sent: 2 });
  });

  it('keeps what an outage refused as failed with its German reason, tells the teacher once, and sends it again on „Erneut senden“', async () => {
    moodle.failAgs(503);
    try {
      const released = await send(teacher, 'POST', `/api/class-evaluations/${setId}/release`);
      expect(released.statusCode).toBe(200);
      const state = await settled(teacher, `classEvaluationId=${setId}`);
      expect(state).toMatchObject({
        total: 2,
        sent: 0,
        failed: 2,
        lastError: messages.lti.gradesRejected(503),
        summary: 'An die Lernplattform übertragen: 0 von 2 · 2 fehlgeschlagen',
      });
      const rows = await t.context.database.db
        .select()
        .from(ltiGradeDeliveries)
        .where(eq(ltiGradeDeliveries.classEvaluationId, setId));
      // the first try and the one retry
      expect(rows.map((row) => row.attempts)).toEqual([2, 2]);
      // the job writes the teacher's notification after the deliveries' failed state, in a statement of its
      // own: wait for it as for the state
      const toldOf = () =>
        t.context.database.db
          .select()
          .from(notifications)
          .where(
            and(
              eq(notifications.userId, teacher.id),
              eq(notifications.title, messages.lti.deliveriesFailedTitle),
            ),
          );
      let told = await toldOf();
      for (let attempt = 0; attempt < 200 && told.length === 0; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        told = await toldOf();
      }
      expect(told).toHaveLength(1);
      expect(told[0]!.message).toContain('2 Ergebnisse von „Brüche kürzen“');
    } finally {
      moodle.failAgs(null);
    }
    const retried = await send(teacher, 'POST', '/api/lti/deliveries/retry', { classEvaluationId: setId });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await settled(teacher, `classEvaluationId=${setId}`)).toMatchObject({ sent: 2, failed: 0 });
  });

  it("answers another teacher's list and retry with 404, and a pupil's too", async () => {
    const stranger = await createUser(t, { accountType: 'teacher' });
    const pupil = await launch(t, moodle, 'pupil-2');
    for (const who of [stranger, pupil]) {
      expect((await get(who, `/api/lti/deliveries?classEvaluationId=${setId}`)).statusCode).toBe(404);
      const retry = await send(who, 'POST', '/api/lti/deliveries/retry', { classEvaluationId: setId });
      expect(retry.statusCode).toBe(404);
    }
    const both = await get(teacher, `/api/lti/deliveries?classEvaluationId=${setId}&analysisId=${setId}`);
    expect(both.statusCode).toBe(400);
  });

  it("sends a single analysis's release to a line item of its own", async () => {
    const anna = detail.papers.find((paper) => paper.studentName === 'Anna Schmidt')!;
    const created = await postAnalysis(t, teacher, {
      payload: {
        text: '1. a\n2. Man teilt Zähler und Nenner durch dieselbe Zahl.',
        title: 'Hausaufgabe Brüche',
        selectedTestId: testId,
        courseId,
        studentId: anna.studentId!,
        options: { subject: 'Mathematik' },
      },
    });
    expect(created.statusCode, created.body).toBe(202);
    const analysisId = created.json().id as string;
    expect((await waitForAnalysis(t, teacher, analysisId)).status).toBe('done');
    expect((await send(teacher, 'POST', `/api/analyses/${analysisId}/confirm`)).statusCode).toBe(200);
    const released = await send(teacher, 'POST', `/api/analyses/${analysisId}/release`);
    expect(released.statusCode, released.body).toBe(200);
    expect(await settled(teacher, `analysisId=${analysisId}`)).toMatchObject({ total: 1, sent: 1 });
    const record = await recordOf(analysisId);
    const item = moodle
      .gradebook('course-1')
      .find((entry) => entry.resourceId === `korrigo:analysis:${analysisId}`);
    expect(item).toMatchObject({ label: record.title, scoreMaximum: record.totalPoints });
    expect(item!.scores['pupil-1']).toMatchObject({ scoreGiven: record.achievedPoints });
  });

  it("sends a class set's scores to its test's line item when the LMS has that one (a deep link's)", async () => {
    const deepLinked = moodle.addLineItem({
      label: 'Brüche kürzen (Moodle)',
      scoreMaximum: 6,
      resourceId: `korrigo:test:${testId}`,
    });
    const anna = paperOf('Anna Schmidt');
    const created = await send(teacher, 'POST', '/api/class-evaluations', {
      courseId,
      testName: 'Brüche kürzen, Nachschreibtermin',
      selectedTestId: testId,
      options: { subject: 'Mathematik', gradeLevel: 'Mittelstufe' },
      studentData: [{ studentId: anna.studentId!, text: '1. b\n2. Man teilt nur den Zähler.' }],
    });
    expect(created.statusCode, created.body).toBe(202);
    const secondId = created.json().evaluationId as string;
    let second = detail;
    for (let attempt = 0; attempt < 600; attempt += 1) {
      second = (await get(teacher, `/api/class-evaluations/${secondId}`)).json() as ClassEvaluationDetail;
      if (second.status === 'done' || second.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(second.status).toBe('done');
    const analysisId = second.papers[0]!.analysisId!;
    await send(teacher, 'POST', `/api/class-evaluations/${secondId}/confirm`, { analysisIds: [analysisId] });
    expect((await send(teacher, 'POST', `/api/class-evaluations/${secondId}/release`)).statusCode).toBe(200);
    expect(await settled(teacher, `classEvaluationId=${secondId}`)).toMatchObject({ total: 1, sent: 1 });
    const record = await recordOf(analysisId);
    const item = moodle.gradebook('course-1').find((entry) => entry.id === deepLinked)!;
    expect(item.scores['pupil-1']).toMatchObject({ scoreGiven: record.achievedPoints });
    expect(moodle.gradebook('course-1').map((entry) => entry.resourceId)).not.toContain(
      `korrigo:classset:${secondId}`,
    );
  });

  it("puts what was sent to the LMS about her into the pupil's export", async () => {
    const started = await send(anna, 'POST', '/api/privacy/exports');
    expect(started.statusCode, started.body).toBe(202);
    let current = started.json();
    for (let attempt = 0; attempt < 200 && current.status !== 'done'; attempt += 1) {
      expect(current.status).not.toBe('failed');
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = (await get(anna, `/api/privacy/exports/${started.json().id}`)).json();
    }
    const download = await get(anna, current.downloadUrl);
    const zip = unzipSync(new Uint8Array(download.rawPayload));
    const lms = JSON.parse(strFromU8(zip['lernplattformen.json']!)) as {
      gradesSentToLms: Array<Record<string, unknown>>;
    };
    const record = await recordOf(paperOf('Anna Schmidt').analysisId!);
    expect(lms.gradesSentToLms).toContainEqual(
      expect.objectContaining({
        platform: 'Stand-in Moodle',
        lmsUserId: 'pupil-1',
        title: 'Brüche kürzen',
        scoreGiven: record.achievedPoints,
        comment: `Note ${record.grade}`,
        deliveryStatus: 'sent',
      }),
    );
    // every field is explained in the LIESMICH
    const keys = new Set(lms.gradesSentToLms.flatMap((row) => Object.keys(row)));
    expect([...keys].filter((key) => !(key in dataExportFields))).toEqual([]);
  });

  it('has a stand-in that checks scores as Moodle does: scope, media type, member, range, timestamp', async () => {
    const client = createLtiTokenClient({ toolKey: resolveToolKey(undefined, t.dataDir) });
    const registration = { clientId: moodle.clientId, tokenUrl: `${moodle.issuer}/token` };
    const scoreToken = await client.accessToken(registration, [agsScopes.score]);
    const lineItemToken = await client.accessToken(registration, [agsScopes.lineitem]);
    const item = moodle.addLineItem({ label: 'Probe', scoreMaximum: 10, resourceId: 'probe' });
    const score = {
      userId: 'pupil-2',
      scoreGiven: 7,
      scoreMaximum: 10,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      timestamp: '2026-11-28T10:00:00.000Z',
    };
    const post = (body: object, token = scoreToken, type = 'application/vnd.ims.lis.v1.score+json') =>
      fetch(scoresUrlOf(item), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': type },
        body: JSON.stringify(body),
      }).then((response) => response.status);
    expect(await post(score, lineItemToken)).toBe(403);
    expect(await post(score, 'forged')).toBe(401);
    expect(await post(score, scoreToken, 'application/json')).toBe(415);
    expect(await post({ ...score, userId: 'stranger' })).toBe(400);
    expect(await post({ ...score, scoreGiven: 11 })).toBe(400);
    expect(await post({ ...score, timestamp: undefined })).toBe(400);
    expect(await post(score)).toBe(204);
    expect(await post({ ...score, scoreGiven: 3, timestamp: '2026-11-28T09:00:00.000Z' })).toBe(409);
    expect(moodle.gradebook('course-1').find((entry) => entry.id === item)!.scores['pupil-2']).toMatchObject({
      scoreGiven: 7,
    });
    // the line items need their own scope
    const container = await fetch(`${moodle.issuer}/ags/course-1/lineitems?resource_id=probe`, {
      headers: {
        authorization: `Bearer ${scoreToken}`,
        accept: 'application/vnd.ims.lis.v2.lineitemcontainer+json',
      },
    });
    expect(container.status).toBe(403);
  });

  it('posts scores into the path of a line item URL that carries a query', () => {
    expect(scoresUrlOf('https://lms.example/mod/lti/services.php/2/lineitems/5/lineitem?type_id=1')).toBe(
      'https://lms.example/mod/lti/services.php/2/lineitems/5/lineitem/scores?type_id=1',
    );
  });
});
