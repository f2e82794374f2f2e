import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisMessages, type AnalysisDetail, type HistoryPage } from '@korrigo/domain';
import { analyses } from '../src/db/schema';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { buildClass, buildCourse, createUser, postAnalysis, waitForAnalysis } from './support/factories';

type User = Awaited<ReturnType<typeof createUser>>;

const text = 'Aufgabe 1: 3 + 4 = 7';

describe.each(databaseKinds)('[ANALYSIS] the Analysis record (course and pupil) on %s', (kind) => {
  let t: TestApp;
  let teacher: User;
  let colleague: User;
  let schoolClass: Awaited<ReturnType<typeof buildClass>>;
  let otherClass: Awaited<ReturnType<typeof buildClass>>;
  let course: Awaited<ReturnType<typeof buildCourse>>;
  let colleagueCourse: Awaited<ReturnType<typeof buildCourse>>;

  beforeAll(async () => {
    t = await buildTestApp(kind, { jobs: { pollingIntervalSeconds: 0.5 } });
    teacher = await createUser(t, { accountType: 'teacher' });
    colleague = await createUser(t, { accountType: 'teacher' });
    schoolClass = await buildClass(t, { ownerId: teacher.id, roster: [{ name: 'Mia Kowalski' }] });
    otherClass = await buildClass(t, { ownerId: teacher.id, name: '8c', roster: [{ name: 'Tom Berg' }] });
    course = await buildCourse(t, { ownerId: teacher.id, schoolClass, name: 'Mathe 7b' });
    const colleagueClass = await buildClass(t, { ownerId: colleague.id, roster: [{ name: 'Ida' }] });
    colleagueCourse = await buildCourse(t, { ownerId: colleague.id, schoolClass: colleagueClass });
  }, 60_000);
  afterAll(() => t?.close());

  const post = (user: User, payload: object) => postAnalysis(t, user, { payload: { text, ...payload } });
  const pupil = () => schoolClass.students[0]!;

  it('stores course and pupil with the analysis; the roster name is the student name everywhere', async () => {
    const created = await post(teacher, {
      studentName: 'getippt',
      courseId: course.id,
      studentId: pupil().id,
    });
    expect(created.statusCode, created.body).toBe(202);
    const id = created.json().id as string;
    const detail = await waitForAnalysis(t, teacher, id);
    const link = {
      courseId: course.id,
      courseName: 'Mathe 7b',
      studentId: pupil().id,
      studentName: 'Mia Kowalski',
      schoolId: schoolClass.schoolId,
      classId: schoolClass.id,
    };
    expect(detail.status).toBe('done');
    expect(detail.courseLink).toEqual(link);
    expect(detail.student_name).toBe('Mia Kowalski');
    // the course knows her class: the result, the history and every export say it (issue 34 §8)
    expect(detail.result?.metadata.grade_level).toBe('7b');
    expect(detail.grade_level).toBe('7b');

    const history = await t.app.inject({ url: '/api/analyses/history', headers: { cookie: teacher.cookie } });
    expect(history.statusCode).toBe(200);
    const item = (history.json() as HistoryPage).analyses.find((entry) => entry.id === id);
    expect(item?.courseLink).toEqual(link);
    expect(item?.grade_level).toBe('7b');

    const dashboard = await t.app.inject({ url: '/api/dashboard', headers: { cookie: teacher.cookie } });
    expect(dashboard.statusCode).toBe(200);
    const recent = (dashboard.json() as { recent: AnalysisDetail[] }).recent.find((entry) => entry.id === id);
    expect(recent?.courseLink).toEqual(link);
  });

  it('leaves an analysis without course unlinked', async () => {
    const created = await post(teacher, { studentName: 'Lena' });
    expect(created.statusCode).toBe(202);
    const detail = await waitForAnalysis(t, teacher, created.json().id as string);
    expect(detail.courseLink).toBeNull();
    expect(detail.student_name).toBe('Lena');
  });

  it("answers 404 for another teacher's course and stores nothing", async () => {
    const before = await t.context.database.db.select().from(analyses);
    for (const courseId of [colleagueCourse.id, crypto.randomUUID()]) {
      const response = await post(teacher, { courseId, studentId: pupil().id });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(analysisMessages.courseNotFound);
    }
    expect(await t.context.database.db.select().from(analyses)).toHaveLength(before.length);
  });

  it('refuses a pupil who is not a participant of the course, and one half of the pair', async () => {
    const outsider = await post(teacher, { courseId: course.id, studentId: otherClass.students[0]!.id });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().error.message).toBe(analysisMessages.studentNotInCourse);

    const noStudent = await post(teacher, { courseId: course.id });
    expect(noStudent.statusCode).toBe(400);
    expect(noStudent.json().error.message).toBe(analysisMessages.courseAndStudent);

    const badId = await post(teacher, { courseId: 'kein-kurs', studentId: pupil().id });
    expect(badId.statusCode).toBe(400);
  });

  it('maps the fields of POST /generate-response; the payload cannot name the course itself', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/generate-response',
      headers: { cookie: teacher.cookie, origin: TEST_ORIGIN },
      payload: {
        userMessage: text,
        courseId: course.id,
        courseName: 'Falscher Name',
        studentId: pupil().id,
        studentName: 'Falsch',
        schoolId: 'x',
        classId: 'y',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = await waitForAnalysis(t, teacher, response.json().analysisId as string);
    expect(detail.courseLink).toMatchObject({ courseName: 'Mathe 7b', studentName: 'Mia Kowalski' });

    const foreign = await t.app.inject({
      method: 'POST',
      url: '/generate-response',
      headers: { cookie: teacher.cookie, origin: TEST_ORIGIN },
      payload: { userMessage: text, courseId: 'nicht-uuid', studentId: 'x' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('a course made through POST /api/courses takes its classes’ pupils as participants', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: { cookie: teacher.cookie, origin: TEST_ORIGIN },
      payload: {
        classIds: [otherClass.id],
        name: 'Deutsch 8c',
        subject: 'Deutsch',
        schedule: [{ day: 'Monday', startTime: '08:00', endTime: '09:30' }],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const created = await post(teacher, { courseId: made.json().id, studentId: otherClass.students[0]!.id });
    expect(created.statusCode, created.body).toBe(202);
    await waitForAnalysis(t, teacher, created.json().id as string);
  });

  it('keeps the names when the course and the roster entry are deleted', async () => {
    const created = await post(teacher, { courseId: course.id, studentId: pupil().id });
    const id = created.json().id as string;
    await waitForAnalysis(t, teacher, id);
    // no delete route for courses yet: the database does what one would
    await t.context.database.db.execute(sql`delete from courses where id = ${course.id}`);
    await t.context.database.db.execute(sql`delete from class_students where id = ${pupil().id}`);
    const detail = await waitForAnalysis(t, teacher, id);
    expect(detail.courseLink).toEqual({
      courseId: null,
      courseName: 'Mathe 7b',
      studentId: null,
      studentName: 'Mia Kowalski',
      schoolId: schoolClass.schoolId,
      classId: schoolClass.id,
    });
    const [row] = await t.context.database.db.select().from(analyses).where(eq(analyses.id, id));
    expect(row?.courseName).toBe('Mathe 7b');
  });
});
