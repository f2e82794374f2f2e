import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysisMessages,
  classEvaluationMessages,
  lessonPlanMessages,
  testCreatorMessages,
} from '@korrigo/domain';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { buildAnalysis, buildClass, buildCourse, createUser, lessonPlanInput } from './support/factories';

type User = Awaited<ReturnType<typeof createUser>>;

/**
 * Roles as the spec's table says (issue 33 §5; spec 001 §2 and §6): the teacher's tools answer a student with
 * a German 403 that says whose they are, while what is hers (her own result, her classes and courses, her
 * learning profile) stays readable.
 */
describe.each(databaseKinds)("[ROLES] a student and the teacher's tools on %s", (kind) => {
  let t: TestApp;
  let teacher: User;
  let pupil: User;
  let courseId: string;
  let ownAnalysisId: string;

  const request = (user: User, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    teacher = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
    pupil = await createUser(t, { accountType: 'student', classLevel: '7' });
    const schoolClass = await buildClass(t, { ownerId: teacher.id, roster: [{ name: 'Lena Schmidt' }] });
    courseId = (await buildCourse(t, { ownerId: teacher.id, schoolClass, studentUserIds: [pupil.id] })).id;
    // her own self-check, graded and open: what a teacher would review
    ownAnalysisId = (await buildAnalysis(t, { ownerId: pupil.id, reviewState: 'suggested' })).id;
  }, 120_000);
  afterAll(() => t?.close());

  it('refuses her the review of her own result: changing points, dismissing errors, confirming, reopening', async () => {
    for (const [method, url, payload] of [
      [
        'PATCH',
        `/api/analyses/${ownAnalysisId}/review`,
        { changes: [{ type: 'set_points', taskIndex: 0, subtaskIndex: 0, points: 20 }] },
      ],
      [
        'PATCH',
        `/api/analyses/${ownAnalysisId}/review`,
        { changes: [{ type: 'dismiss_error', taskIndex: 0, subtaskIndex: 0, errorIndex: 0 }] },
      ],
      ['POST', `/api/analyses/${ownAnalysisId}/confirm`],
      ['POST', `/api/analyses/${ownAnalysisId}/reopen`],
    ] as const) {
      const response = await request(pupil, method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
      expect(response.json().error.message).toBe(analysisMessages.reviewTeachersOnly);
    }
    // she still reads it, unchanged
    const own = await request(pupil, 'GET', `/api/analyses/${ownAnalysisId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ status: 'done', reviewState: 'suggested', achieved_points: 15 });
  });

  it("answers another's analysis as missing, not as forbidden", async () => {
    const teachers = await buildAnalysis(t, { ownerId: teacher.id });
    const response = await request(pupil, 'POST', `/api/analyses/${teachers.id}/confirm`);
    expect(response.statusCode).toBe(404);
  });

  it('refuses her a class set, the test creator and the lesson plans, each saying so in German', async () => {
    const classSet = await request(pupil, 'POST', '/api/class-evaluations', {
      courseId,
      testName: 'Diktat',
      teacherContent: 'Der Hund läuft.',
      studentData: [],
    });
    expect(classSet.statusCode, classSet.body).toBe(403);
    expect(classSet.json().error.message).toBe(classEvaluationMessages.teachersOnly);

    const tests = await request(pupil, 'GET', `/api/tests/${pupil.id}`);
    expect(tests.statusCode).toBe(403);
    expect(tests.json().error.message).toBe(testCreatorMessages.teachersOnly);

    const plans = await request(pupil, 'POST', '/api/lesson-plans', lessonPlanInput());
    expect(plans.statusCode).toBe(403);
    expect(plans.json().error.message).toBe(lessonPlanMessages.teachersOnly);
  });

  it('leaves her own classes, courses and learning profile readable', async () => {
    const mine = await request(pupil, 'GET', '/api/my-classes');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().classes.map((item: { name: string }) => item.name)).toEqual(['7b']);
    const profile = await request(pupil, 'GET', '/api/learning-profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json().courses.map((course: { id: string }) => course.id)).toEqual([courseId]);
  });

  it('keeps the review for the teacher', async () => {
    const own = await buildAnalysis(t, { ownerId: teacher.id, reviewState: 'suggested' });
    const confirmed = await request(teacher, 'POST', `/api/analyses/${own.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
});
