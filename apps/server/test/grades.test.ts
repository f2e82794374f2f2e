import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysisMessages,
  classEvaluationMessages,
  gradeMessages,
  gradeNotificationMessages,
  gradeRecordTypes,
  gradeReleaseMessages,
  type AnalysisDetail,
  type LearningProfile,
} from '@korrigo/domain';
import {
  classStudents,
  courseExams,
  courses,
  courseTeachers,
  gradeRecords,
  notifications,
  profiles,
  user,
} from '../src/db/schema';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { buildAnalysis, buildClass, buildCourse, createUser, waitForAnalysis } from './support/factories';

type User = Awaited<ReturnType<typeof createUser>>;

describe.each(databaseKinds)('[GRADES] grade records on %s', (kind) => {
  let t: TestApp;
  let teacher: User;
  let stranger: User;
  let pupil: User;
  let otherPupil: User;
  let course: Awaited<ReturnType<typeof buildCourse>>;
  let roster: { id: string; name: string }[];
  let analysisId: string;

  const entry = (name: string) => roster.find((student) => student.name === name)!;

  beforeAll(async () => {
    t = await buildTestApp(kind, { jobs: { pollingIntervalSeconds: 0.5 } });
    teacher = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
    stranger = await createUser(t, { accountType: 'teacher' });
    pupil = await createUser(t, { accountType: 'student', classLevel: '7' });
    otherPupil = await createUser(t, { accountType: 'student', classLevel: '7' });
    const schoolClass = await buildClass(t, {
      ownerId: teacher.id,
      roster: [{ name: 'Lena Schmidt' }, { name: 'Ali Demir' }],
    });
    roster = schoolClass.students;
    // Lena's roster entry is taken over by the pupil's account; Ali has none
    course = await buildCourse(t, {
      ownerId: teacher.id,
      schoolClass,
      name: 'Deutsch 7b',
      subject: 'Deutsch',
      studentUserIds: [pupil.id],
    });
    await t.context.database.db
      .update(profiles)
      .set({ credits: 10, usedCredits: 0 })
      .where(eq(profiles.userId, teacher.id));
    const analysis = await buildAnalysis(t, {
      ownerId: teacher.id,
      title: 'Erörterung',
      subject: 'Deutsch',
      achievedPoints: 15,
      totalPoints: 20,
      reviewState: 'suggested',
      row: {
        courseId: course.id,
        courseName: course.name,
        classStudentId: entry('Lena Schmidt').id,
        schoolId: course.schoolId,
        classId: schoolClass.id,
      },
    });
    analysisId = analysis.id;
  }, 120_000);
  afterAll(() => t?.close());

  function get(who: User, url: string) {
    return t.app.inject({ url, headers: { cookie: who.cookie } });
  }
  function send(who: User, method: 'POST' | 'PATCH', url: string, payload: object = {}) {
    return t.app.inject({ method, url, headers: { cookie: who.cookie, origin: TEST_ORIGIN }, payload });
  }
  const profileOf = async (who: User) => {
    const response = await get(who, '/api/learning-profile');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as LearningProfile;
  };
  const notesOf = (who: User) =>
    t.context.database.db.select().from(notifications).where(eq(notifications.userId, who.id));

  it('refuses to release a result that is not confirmed (409)', async () => {
    const response = await send(teacher, 'POST', `/api/analyses/${analysisId}/release`);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.message).toBe(gradeReleaseMessages.notConfirmed);
    const detail = (await get(teacher, `/api/analyses/${analysisId}`)).json() as AnalysisDetail;
    expect(detail.release).toEqual({ possible: false, studentName: 'Lena Schmidt', releasedAt: null });
  });

  it('refuses a confirmed result without a pupil with an account (409)', async () => {
    const unlinked = await buildAnalysis(t, { ownerId: teacher.id, reviewState: 'confirmed' });
    const withoutAccount = await buildAnalysis(t, {
      ownerId: teacher.id,
      reviewState: 'confirmed',
      row: {
        courseId: course.id,
        courseName: course.name,
        classStudentId: entry('Ali Demir').id,
        schoolId: course.schoolId,
      },
    });
    for (const id of [unlinked.id, withoutAccount.id]) {
      const response = await send(teacher, 'POST', `/api/analyses/${id}/release`);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().error.message).toBe(gradeReleaseMessages.noStudent);
    }
    const detail = (await get(teacher, `/api/analyses/${withoutAccount.id}`)).json() as AnalysisDetail;
    expect(detail.release).toEqual({ possible: false, studentName: 'Ali Demir', releasedAt: null });
  });

  it("answers 404 for another teacher's analysis", async () => {
    const response = await send(stranger, 'POST', `/api/analyses/${analysisId}/release`);
    expect(response.statusCode, response.body).toBe(404);
  });

  it('releases a confirmed analysis once: one record and one notification for the pupil', async () => {
    const confirmed = await send(teacher, 'POST', `/api/analyses/${analysisId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((confirmed.json() as AnalysisDetail).release).toEqual({
      possible: true,
      studentName: 'Lena Schmidt',
      releasedAt: null,
    });
    const first = await send(teacher, 'POST', `/api/analyses/${analysisId}/release`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ studentName: 'Lena Schmidt' });
    const second = await send(teacher, 'POST', `/api/analyses/${analysisId}/release`);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual(first.json());

    const records = await t.context.database.db
      .select()
      .from(gradeRecords)
      .where(eq(gradeRecords.analysisId, analysisId));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      userId: pupil.id,
      releasedBy: teacher.id,
      type: gradeRecordTypes.teacherCheck,
      courseId: course.id,
      courseName: 'Deutsch 7b',
      subject: 'Deutsch',
      title: 'Erörterung',
      achievedPoints: 15,
      totalPoints: 20,
    });
    const notes = (await notesOf(pupil)).filter(
      (note) => note.title === classEvaluationMessages.releasedTitle,
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]!.metadata).toMatchObject({
      relativeLink: expect.stringMatching(/^\/dashboard\/mytests\?note=[0-9a-f-]{36}$/),
      category: 'grade',
    });

    const detail = (await get(teacher, `/api/analyses/${analysisId}`)).json() as AnalysisDetail;
    expect(detail.release.releasedAt).toBe(first.json().releasedAt);

    const profile = await profileOf(pupil);
    const grade = profile.grades.find((record) => record.analysisId === analysisId)!;
    expect(grade).toMatchObject({
      type: gradeRecordTypes.teacherCheck,
      selfCheck: false,
      resultAvailable: true,
      grade: records[0]!.grade,
      courseName: 'Deutsch 7b',
    });
    expect(grade.gradeValue).toBeGreaterThan(0);
    expect(profile.courses.map((entry) => entry.name)).toEqual(['Deutsch 7b']);
  });

  it('shows the record to the pupil herself and to nobody else (404)', async () => {
    for (const path of [`/grades/${analysisId}`, `/api/grades/${analysisId}`]) {
      const own = await get(pupil, path);
      expect(own.statusCode, own.body).toBe(200);
      const body = own.json();
      expect(JSON.parse(body.ai_analysis)).toMatchObject({ title: 'Erörterung' });
      expect(body.test).toContain('Photosynthese');
      expect(body.record).toMatchObject({ analysisId, type: gradeRecordTypes.teacherCheck });
      for (const other of [teacher, otherPupil, stranger]) {
        const response = await get(other, path);
        expect(response.statusCode, `${path} as another user`).toBe(404);
        expect(response.json().error.message).toBe(gradeMessages.notFound);
      }
    }
    const notAnId = await get(pupil, '/api/grades/kein-uuid');
    expect(notAnId.statusCode).toBe(404);
  });

  it("gives the pupil her graded work as a PDF attachment, nobody else's", async () => {
    const pdf = await get(pupil, `/api/grades/${analysisId}/pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9._-]+\.pdf"$/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    for (const other of [teacher, otherPupil]) {
      expect((await get(other, `/api/grades/${analysisId}/pdf`)).statusCode).toBe(404);
    }
  });

  it('updates the record when the teacher changes the released result, and tells the pupil each time', async () => {
    expect((await send(teacher, 'POST', `/api/analyses/${analysisId}/reopen`)).statusCode).toBe(200);
    const reviewed = await send(teacher, 'PATCH', `/api/analyses/${analysisId}/review`, {
      changes: [{ type: 'set_points', taskIndex: 0, subtaskIndex: 0, points: 8 }],
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    // not confirmed yet: the pupil still sees what was confirmed
    const [before] = await t.context.database.db
      .select()
      .from(gradeRecords)
      .where(eq(gradeRecords.analysisId, analysisId));
    expect(before!.achievedPoints).toBe(15);
    const confirmed = await send(teacher, 'POST', `/api/analyses/${analysisId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const newGrade = (confirmed.json() as AnalysisDetail).grade;
    const [after] = await t.context.database.db
      .select()
      .from(gradeRecords)
      .where(eq(gradeRecords.analysisId, analysisId));
    expect(after).toMatchObject({ achievedPoints: 8, totalPoints: 20, grade: newGrade });
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
    expect(after!.createdAt).toEqual(before!.createdAt);
    let updates = (await notesOf(pupil)).filter(
      (note) => note.title === gradeNotificationMessages.updatedTitle,
    );
    expect(updates).toHaveLength(1);
    // from what to what (issue 33 §4)
    expect(updates[0]).toMatchObject({
      type: 'info',
      message: gradeNotificationMessages.updatedMessage(
        'Erörterung',
        { from: before!.grade, to: newGrade },
        { from: '15 von 20', to: '8 von 20' },
      ),
    });
    expect(updates[0]!.message).toContain(`von ${before!.grade} auf ${newGrade}`);
    expect(updates[0]!.metadata).toMatchObject({
      relativeLink: expect.stringMatching(/^\/dashboard\/mytests\?note=[0-9a-f-]{36}$/),
    });

    // a second change is news again
    expect((await send(teacher, 'POST', `/api/analyses/${analysisId}/reopen`)).statusCode).toBe(200);
    await send(teacher, 'PATCH', `/api/analyses/${analysisId}/review`, {
      changes: [{ type: 'set_points', taskIndex: 0, subtaskIndex: 0, points: 18 }],
    });
    expect((await send(teacher, 'POST', `/api/analyses/${analysisId}/confirm`)).statusCode).toBe(200);
    updates = (await notesOf(pupil)).filter((note) => note.title === gradeNotificationMessages.updatedTitle);
    expect(updates).toHaveLength(2);

    // reopened and confirmed again without a change: nothing to tell
    expect((await send(teacher, 'POST', `/api/analyses/${analysisId}/reopen`)).statusCode).toBe(200);
    expect((await send(teacher, 'POST', `/api/analyses/${analysisId}/confirm`)).statusCode).toBe(200);
    updates = (await notesOf(pupil)).filter((note) => note.title === gradeNotificationMessages.updatedTitle);
    expect(updates).toHaveLength(2);
    const profile = await profileOf(pupil);
    expect(profile.grades.find((record) => record.analysisId === analysisId)).toMatchObject({
      achieved_points: 18,
    });
  });

  it("lists the course's records for its teacher, 404 for anyone else", async () => {
    const list = await get(teacher, `/api/courses/${course.id}/grades`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ analysisId, studentName: 'Lena Schmidt', achieved_points: 18 }),
    ]);
    for (const other of [stranger, pupil]) {
      expect((await get(other, `/api/courses/${course.id}/grades`)).statusCode).toBe(404);
    }
  });

  it('answers the learning profile to students only (403 for a teacher)', async () => {
    const response = await get(teacher, '/api/learning-profile');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(gradeMessages.studentsOnly);
  });

  it("makes a student's own analysis her self-check, follows her edit of its details, and leaves the review to teachers", async () => {
    const created = await send(pupil, 'POST', '/api/analyses', {
      text: 'Die Photosynthese braucht Licht, Wasser und Kohlenstoffdioxid.',
      title: 'Übung Bio',
      options: { subject: 'Biologie' },
    });
    expect(created.statusCode, created.body).toBe(202);
    const id = created.json().id as string;
    const done = await waitForAnalysis(t, pupil, id);
    expect(done.status).toBe('done');
    const [record] = await t.context.database.db
      .select()
      .from(gradeRecords)
      .where(eq(gradeRecords.analysisId, id));
    expect(record).toMatchObject({
      userId: pupil.id,
      type: gradeRecordTypes.selfCheck,
      subject: 'Biologie',
      achievedPoints: done.achieved_points,
      grade: done.grade,
    });
    // her result speaks to her, not to a teacher who would set the points (ADR 0013)
    expect(done.result?.audience).toBe('student');
    expect(JSON.stringify(done.result)).not.toMatch(/legen Sie|prüfen Sie/);
    const profile = await profileOf(pupil);
    expect(profile.grades[0]).toMatchObject({ analysisId: id, selfCheck: true });
    const notes = await notesOf(pupil);
    expect(notes.filter((note) => note.title === classEvaluationMessages.releasedTitle)).toHaveLength(1);

    // her result is hers to read, not to review (issue 33 §5): no points changed, no error dismissed
    const reviewed = await send(pupil, 'PATCH', `/api/analyses/${id}/review`, {
      changes: [{ type: 'set_points', taskIndex: 0, points: 0, maxPoints: 10 }],
    });
    expect(reviewed.statusCode, reviewed.body).toBe(403);
    expect(reviewed.json().error.message).toBe(analysisMessages.reviewTeachersOnly);
    // her own edit of the details (the history's) too
    const edited = await send(pupil, 'PATCH', `/api/analyses/${id}`, { title: 'Photosynthese', grade: '1' });
    expect(edited.statusCode, edited.body).toBe(200);
    const [renamed] = await t.context.database.db
      .select()
      .from(gradeRecords)
      .where(eq(gradeRecords.analysisId, id));
    expect(renamed).toMatchObject({ title: 'Photosynthese', grade: '1' });
    expect((await send(pupil, 'POST', `/api/analyses/${id}/confirm`)).statusCode).toBe(403);
    const updates = (await notesOf(pupil)).filter(
      (note) => note.title === gradeNotificationMessages.updatedTitle,
    );
    expect(updates).toHaveLength(2);
  });

  it("makes no record of a teacher's own analysis", async () => {
    const created = await send(teacher, 'POST', '/api/analyses', { text: 'Licht und Wasser.' });
    const id = created.json().id as string;
    await waitForAnalysis(t, teacher, id);
    const records = await t.context.database.db
      .select()
      .from(gradeRecords)
      .where(eq(gradeRecords.analysisId, id));
    expect(records).toEqual([]);
  });

  it("releases a class set's confirmed paper into the learning profile; a per-paper re-confirm updates it", async () => {
    const set = await send(teacher, 'POST', '/api/class-evaluations', {
      courseId: course.id,
      testName: 'Diktat',
      teacherContent: 'Der Hund läuft schnell über die Wiese.',
      options: { subject: 'Deutsch' },
      studentData: [{ studentId: entry('Lena Schmidt').id, text: 'Der Hund leuft schnell über die Wiese.' }],
    });
    expect(set.statusCode, set.body).toBe(202);
    const setId = set.json().evaluationId as string;
    let detail = (await get(teacher, `/api/class-evaluations/${setId}`)).json();
    for (let attempt = 0; attempt < 600 && detail.status !== 'done'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      detail = (await get(teacher, `/api/class-evaluations/${setId}`)).json();
    }
    expect(detail.status).toBe('done');
    const paperAnalysis = detail.papers[0].analysisId as string;
    const confirm = () =>
      send(teacher, 'POST', `/api/class-evaluations/${setId}/confirm`, { analysisIds: [paperAnalysis] });
    expect((await confirm()).statusCode).toBe(200);
    const released = await send(teacher, 'POST', `/api/class-evaluations/${setId}/release`);
    expect(released.json()).toMatchObject({ released: 1 });
    // the same paper released on its own stays the class test it is, and adds nothing
    const single = await send(teacher, 'POST', `/api/analyses/${paperAnalysis}/release`);
    expect(single.statusCode, single.body).toBe(200);
    let profile = await profileOf(pupil);
    expect(profile.grades.filter((record) => record.analysisId === paperAnalysis)).toHaveLength(1);
    expect(profile.grades.find((record) => record.analysisId === paperAnalysis)).toMatchObject({
      type: gradeRecordTypes.classTest,
      title: 'Diktat',
      courseName: 'Deutsch 7b',
      selfCheck: false,
    });

    expect((await send(teacher, 'POST', `/api/analyses/${paperAnalysis}/reopen`)).statusCode).toBe(200);
    const reviewed = await send(teacher, 'PATCH', `/api/analyses/${paperAnalysis}/review`, {
      changes: [{ type: 'set_feedback', target: 'overall', text: 'Bitte Dehnungen üben.' }],
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const before = (await notesOf(pupil)).length;
    expect((await confirm()).statusCode).toBe(200);
    const notes = await notesOf(pupil);
    // only the feedback changed: grade and points are what she was told, so she is not told again (issue 33 §4)
    expect(notes.length).toBe(before);
    profile = await profileOf(pupil);
    const record = profile.grades.find((entry) => entry.analysisId === paperAnalysis)!;
    expect(record.updatedAt > record.createdAt).toBe(true);
  }, 120_000);

  it("keeps a record's course name and subject when the course is deleted", async () => {
    await t.context.database.db.delete(courses).where(eq(courses.id, course.id));
    const profile = await profileOf(pupil);
    expect(profile.courses).toEqual([]);
    expect(profile.grades.find((record) => record.analysisId === analysisId)).toMatchObject({
      courseId: null,
      courseName: 'Deutsch 7b',
      subject: 'Deutsch',
    });
  });
});

describe.each(databaseKinds)('[GRADES] learning profile courses on %s', (kind) => {
  let t: TestApp;
  // 00:30 in Berlin on 25 November while it is still the 24th in UTC
  const clock = { now: new Date('2026-11-24T23:30:00Z') };

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: () => clock.now });
  }, 60_000);
  afterAll(() => t?.close());

  it('derives status, progress, next exam and the upcoming exams from the dates, in Berlin', async () => {
    const teacher = await createUser(t, { accountType: 'teacher', name: 'Frau Berg' });
    const colleague = await createUser(t, { accountType: 'teacher' });
    const pupil = await createUser(t, { accountType: 'student', classLevel: '7' });
    const { db } = t.context.database;
    await db.update(user).set({ name: '' }).where(eq(user.id, colleague.id));
    const schoolClass = await buildClass(t, { ownerId: teacher.id, roster: [{ name: 'Lena Schmidt' }] });
    await db
      .update(classStudents)
      .set({ userId: pupil.id })
      .where(eq(classStudents.id, schoolClass.students[0]!.id));
    const make = (name: string) => buildCourse(t, { ownerId: teacher.id, schoolClass, name });
    const active = await make('Bio 7');
    const ended = await make('Chemie 7');
    const archived = await make('Physik 7');
    const notHers = await buildCourse(t, { ownerId: teacher.id, name: 'Kunst 8' });
    await db.insert(courseTeachers).values({ courseId: active.id, userId: colleague.id });
    await db.update(courses).set({ endDate: '2026-11-24' }).where(eq(courses.id, ended.id));
    await db.update(courses).set({ endDate: '2026-11-25' }).where(eq(courses.id, active.id));
    await db.update(courses).set({ archivedAt: clock.now }).where(eq(courses.id, archived.id));
    const exam = (courseId: string, name: string, date: string) => ({
      courseId,
      name,
      date,
      status: 'geplant',
      createdBy: teacher.id,
    });
    await db.insert(courseExams).values([
      exam(active.id, 'Zelle', '2026-11-01'),
      exam(active.id, 'Photosynthese', '2026-11-25'),
      exam(active.id, 'Genetik', '2026-12-10'),
      exam(archived.id, 'Optik', '2026-11-24'),
      // a completed course's exam still dated ahead is not ahead of her
      exam(archived.id, 'Akustik', '2026-12-01'),
      exam(notHers.id, 'Farben', '2026-11-30'),
    ]);

    const response = await t.app.inject({ url: '/api/learning-profile', headers: { cookie: pupil.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    const profile = response.json() as LearningProfile;
    expect(profile.today).toBe('2026-11-25');
    expect(profile.courses.map((entry) => [entry.name, entry.status])).toEqual([
      ['Bio 7', 'active'],
      ['Chemie 7', 'completed'],
      ['Physik 7', 'completed'],
    ]);
    const bio = profile.courses[0]!;
    expect(bio).toMatchObject({
      instructor: 'Frau Berg, Kein Name',
      classNames: ['7b'],
      schoolName: 'Gesamtschule Am Park',
      endDate: '2026-11-25',
      progress: { done: 2, total: 3 },
      nextExam: { name: 'Photosynthese', date: '2026-11-25' },
    });
    expect(profile.courses[1]).toMatchObject({ progress: null, nextExam: null });
    expect(profile.courses[2]).toMatchObject({ progress: { done: 1, total: 2 }, nextExam: null });
    expect(profile.upcomingExams.map((entry) => [entry.name, entry.date, entry.courseName])).toEqual([
      ['Photosynthese', '2026-11-25', 'Bio 7'],
      ['Genetik', '2026-12-10', 'Bio 7'],
    ]);
    expect(profile.grades).toEqual([]);
  });
});
