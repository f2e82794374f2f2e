import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoLimits,
  gradeHoldingFlags,
  type AnalysisDetail,
  type ClassEvaluationDetail,
  type ClassEvaluationSummary,
  type Course,
  type Dashboard,
} from '@korrigo/domain';
import {
  aiRuns,
  analyses,
  classes,
  classEvaluations,
  courseExams,
  courses,
  creditCharges,
  gradeRecords,
  tests,
  user,
} from '../src/db/schema';
import { demoAccounts, seedDemoAccounts } from '../src/modules/demo/demo-accounts';
import { createDemoRepository } from '../src/modules/demo/demo.repository';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { cookiesFrom, createUser, nextAddress } from './support/factories';
import { multipartBody } from './support/multipart';

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
      // a visitor tries the whole product, class sets included (ADR 0018)
      plan: 'premium_teacher',
      credits: null,
      remainingCredits: null,
    });
    // every visit gets its own account
    const second = await start();
    expect(second.json().email).not.toBe(response.json().email);
  });

  /** Until no analysis of any demo account is still being graded by the queue. */
  async function allGraded() {
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const open = await t.context.database.db
        .select({ id: analyses.id })
        .from(analyses)
        .where(eq(analyses.status, 'processing'));
      if (open.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the demo content was not graded');
  }

  it('removes demo accounts older than their lifetime when a new one is opened', async () => {
    const old = await start();
    const oldCookie = cookiesFrom(old.headers);
    // an account past its lifetime (hours) has long been graded; removing one whose papers are still being
    // graded can deadlock with the grading job on PostgreSQL, which is not what this test is about
    await allGraded();
    clock = new Date(clock.getTime() + (demoLimits.lifetimeHours + 1) * 60 * 60 * 1000);
    // the demo account's own createdAt comes from the database clock, so move the row back in time
    const { user } = await import('../src/db/schema');
    await t.context.database.db
      .update(user)
      .set({ createdAt: new Date(clock.getTime() - (demoLimits.lifetimeHours + 1) * 60 * 60 * 1000) })
      .where(eq(user.email, old.json().email));
    const fresh = await start();
    expect(fresh.statusCode, fresh.body).toBe(201);
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

  it(`counts the uploads of demo accounts by address: ${demoLimits.uploadsPerHour} an hour, whichever demo account`, async () => {
    const address = nextAddress();
    const [first, second] = await Promise.all([start(address), start(address)]);
    const recognise = (cookie: string, remoteAddress = address) => {
      const upload = multipartBody([{ name: 'aufsatz.txt', data: Buffer.from('Der Hund bellt.') }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/extract-text',
        remoteAddress,
        payload: upload.payload,
        headers: { ...upload.headers, origin: TEST_ORIGIN, cookie },
      });
    };
    const [one, two] = [cookiesFrom(first!.headers), cookiesFrom(second!.headers)];
    for (let i = 0; i < demoLimits.uploadsPerHour - 1; i++)
      expect((await recognise(one)).statusCode).toBe(200);
    expect((await recognise(two)).statusCode).toBe(200);
    // a new demo account from the same address gets no new budget
    const refused = await recognise(two);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect((await recognise(one)).statusCode).toBe(429);
    // a teacher of her own behind the same address is not a demo
    const teacher = await createUser(t, { accountType: 'teacher' });
    expect((await recognise(teacher.cookie)).statusCode).toBe(200);
    // and the same demo account from another address has that address's budget
    expect((await recognise(one, nextAddress())).statusCode).toBe(200);
  }, 60_000);

  /** The demo teacher's class set, followed until every paper is graded by the queue. */
  async function gradedSet(cookie: string): Promise<ClassEvaluationDetail> {
    const list = await t.app.inject({ url: '/api/class-evaluations', headers: { cookie } });
    expect(list.statusCode, list.body).toBe(200);
    const sets = list.json().classEvaluations as ClassEvaluationSummary[];
    expect(sets).toHaveLength(1);
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const detail = await t.app.inject({
        url: `/api/class-evaluations/${sets[0]!.id}`,
        headers: { cookie },
      });
      const set = detail.json() as ClassEvaluationDetail;
      if (set.status === 'done' || set.status === 'failed') return set;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the demo class set was not graded');
  }

  it('gives the demo teacher a class, a course with a timetable, a saved test, a graded class set and analyses', async () => {
    const response = await start();
    expect(response.statusCode).toBe(201);
    const cookie = cookiesFrom(response.headers);

    const courseList = await t.app.inject({ url: '/api/courses', headers: { cookie } });
    const [course, ...more] = courseList.json() as Course[];
    expect(more).toEqual([]);
    expect(course).toMatchObject({ name: 'Deutsch 7b', subject: 'Deutsch', classNames: ['7b'] });
    expect(course!.schedule.length).toBeGreaterThan(0);
    expect(course!.students).toHaveLength(8);

    const profile = (await t.app.inject({ url: '/api/profile', headers: { cookie } })).json();
    const saved = await t.app.inject({ url: `/api/tests/${profile.id}`, headers: { cookie } });
    expect(saved.json().map((test: { title: string }) => test.title)).toEqual(['Wortarten und Satzglieder']);
    // a planned lesson in the course, shown in its details
    const plans = await t.app.inject({
      url: `/api/lesson-plans?courseId=${course!.id}`,
      headers: { cookie },
    });
    expect(plans.json()).toMatchObject([
      { title: 'Satzglieder bestimmen', status: 'planned', courseId: course!.id, durationMinutes: 45 },
    ]);

    const set = await gradedSet(cookie);
    expect(set).toMatchObject({
      status: 'done',
      testName: 'Wortarten und Satzglieder',
      courseId: course!.id,
      answerKeyTestId: saved.json()[0].id,
      progress: { papers: 8, done: 8, failed: 0 },
    });
    // graded by the engine: different papers earn different points, each paper has its run and its charge
    expect(set.papers.every((paper) => paper.achievedPoints !== null)).toBe(true);
    // a grade wherever the engine can carry it; otherwise the result says why (ADR 0023, 0035)
    for (const paper of set.papers) {
      const detail = await t.app.inject({ url: `/api/analyses/${paper.analysisId}`, headers: { cookie } });
      const flags = (detail.json() as AnalysisDetail).result!.review_flags.map((flag) => flag.code);
      expect(paper.grade === null).toBe(flags.some((code) => gradeHoldingFlags.includes(code)));
    }
    expect(set.papers.some((paper) => paper.grade !== null)).toBe(true);
    expect(new Set(set.papers.map((paper) => paper.achievedPoints)).size).toBeGreaterThan(2);
    const ids = set.papers.map((paper) => paper.analysisId!);
    const db = t.context.database.db;
    expect(await db.select().from(aiRuns).where(inArray(aiRuns.analysisId, ids))).toHaveLength(8);
    const charges = await db.select().from(creditCharges).where(inArray(creditCharges.analysisId, ids));
    expect(charges.filter((charge) => charge.confirmed)).toHaveLength(8);

    // single analyses besides the set: the dashboard is not empty
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const rows = await db.select().from(analyses).where(eq(analyses.userId, profile.id));
      if (rows.every((row) => row.status === 'done')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const dashboard = (
      await t.app.inject({ url: '/api/dashboard', headers: { cookie } })
    ).json() as Dashboard;
    expect(dashboard.totalAnalyses).toBe(11);
    expect(dashboard.recent.length).toBeGreaterThan(0);
    const single = await db.select().from(analyses).where(eq(analyses.userId, profile.id));
    expect(single.filter((row) => row.classStudentId === null).map((row) => row.status)).toEqual([
      'done',
      'done',
      'done',
    ]);
    // the demo teacher's plan is Premium Lehrer: the content costs the visitor nothing of her own tries
    const after = (await t.app.inject({ url: '/api/profile', headers: { cookie } })).json();
    expect(after).toMatchObject({ plan: 'premium_teacher', usedCredits: 11, remainingCredits: null });
  });

  it('seeds the demo accounts with the content once, the demo student in the class', async () => {
    const deps = {
      auth: t.context.auth,
      profiles: t.context.services.profiles,
      repository: createDemoRepository(t.context.database.db),
      content: t.context.services.demoContent,
    };
    await seedDemoAccounts(deps);
    await seedDemoAccounts(deps);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: demoAccounts[0]!.email, password: demoAccounts[0]!.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = cookiesFrom(login.headers);
    const teacherId = (await t.app.inject({ url: '/api/profile', headers: { cookie } })).json().id;
    const db = t.context.database.db;
    expect(await db.select().from(classes).where(eq(classes.createdBy, teacherId))).toHaveLength(1);
    expect(await db.select().from(courses).where(eq(courses.createdBy, teacherId))).toHaveLength(1);
    expect(await db.select().from(tests).where(eq(tests.userId, teacherId))).toHaveLength(1);
    expect(
      await db.select().from(classEvaluations).where(eq(classEvaluations.userId, teacherId)),
    ).toHaveLength(1);
    const set = await gradedSet(cookie);
    expect(set.progress).toMatchObject({ papers: 8, done: 8 });
    expect(set.students.filter((student) => student.hasAccount).map((student) => student.name)).toEqual([
      demoAccounts[1]!.name,
    ]);

    // once graded, the set is confirmed and returned: the demo student has her grade and was told
    await t.context.services.demoContent.releaseWhenGraded(teacherId, { intervalMs: 100 });
    const returned = (
      await t.app.inject({ url: `/api/class-evaluations/${set.id}`, headers: { cookie } })
    ).json();
    expect(returned.progress).toMatchObject({ papers: 8, confirmed: 8, released: 1 });
    const studentId = (await db.select().from(user).where(eq(user.email, demoAccounts[1]!.email)))[0]!.id;
    const records = await db.select().from(gradeRecords).where(eq(gradeRecords.userId, studentId));
    expect(records.map((record) => record.title)).toContain('Wortarten und Satzglieder');
    // and her course has an exam behind and one ahead
    const [course] = await db.select().from(courses).where(eq(courses.createdBy, teacherId));
    const exams = await db.select().from(courseExams).where(eq(courseExams.courseId, course!.id));
    expect(exams.map((exam) => exam.name).sort()).toEqual([
      'Diktat',
      'Klassenarbeit: Satzglieder und Kommasetzung',
    ]);
  });
});
