import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseMessages, type Course } from '@korrigo/domain';
import { eq } from 'drizzle-orm';
import { classStudents, courseMaterialFiles, courseMaterials } from '../src/db/schema';
import { buildClass, createUser } from './support/factories';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';

type User = Awaited<ReturnType<typeof createUser>>;

describe.each(databaseKinds)('[COURSES] courses of classes on %s', (kind) => {
  let t: TestApp;
  let teacher: User;
  let colleague: User;
  let student: User;
  let classA: Awaited<ReturnType<typeof buildClass>>;
  let classB: Awaited<ReturnType<typeof buildClass>>;

  const call = (user: User, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      ...(payload ? { payload } : {}),
    });

  const schedule = [{ day: 'Monday', startTime: '08:00', endTime: '09:30' }];

  beforeAll(async () => {
    t = await buildTestApp(kind);
    teacher = await createUser(t, { accountType: 'teacher', name: 'Frau Berger' });
    colleague = await createUser(t, { accountType: 'teacher' });
    student = await createUser(t, { accountType: 'student', subjects: [], classLevel: '7' });
    classA = await buildClass(t, {
      ownerId: teacher.id,
      name: '7a',
      roster: [{ name: 'Anna' }, { name: 'Ben' }],
    });
    classB = await buildClass(t, {
      ownerId: teacher.id,
      schoolId: classA.schoolId,
      roster: [{ name: 'Carla' }],
    });
  }, 60_000);
  afterAll(() => t?.close());

  it("answers the spec's messages in the spec's order for an incomplete course", async () => {
    const response = await call(teacher, 'POST', '/api/courses', {
      classIds: [],
      name: '',
      subject: '',
      schedule: [{ day: '', startTime: '', endTime: '' }],
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().error.fields as Record<string, string>;
    expect(Object.values(fields)[0]).toBe(courseMessages.classRequired);
    expect(fields).toMatchObject({
      name: courseMessages.requiredFields,
      subject: courseMessages.requiredFields,
      'schedule.0.day': courseMessages.requiredFields,
    });
  });

  it('creates a course of two classes with its schedule; participants are their students', async () => {
    const created = await call(teacher, 'POST', '/api/courses', {
      classIds: [classA.id, classB.id],
      name: 'Bio 7',
      subject: 'Biologie',
      classroom: 'R 204',
      schedule: [...schedule, { day: 'Thursday', startTime: '10:00', endTime: '10:45' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const course = created.json() as Course;
    expect(course).toMatchObject({
      name: 'Bio 7',
      subject: 'Biologie',
      classroom: 'R 204',
      description: '',
      classNames: ['7a', '7b'],
      archived: false,
      startDate: null,
      teachers: [{ id: teacher.id, name: 'Frau Berger' }],
    });
    expect(course.students.map((s) => s.name)).toEqual(['Anna', 'Ben', 'Carla']);
    expect(course.schedule).toHaveLength(2);

    const stats = (await call(teacher, 'GET', '/api/classes')).json().stats;
    expect(stats.courses).toBe(1);

    const edited = await call(teacher, 'PATCH', `/api/courses/${course.id}`, {
      schedule: [{ day: 'Saturday', startTime: '09:00', endTime: '10:00' }],
      startDate: '2099-09-01',
      archived: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ archived: true, startDate: '2099-09-01' });
    expect(edited.json().schedule).toEqual([{ day: 'Saturday', startTime: '09:00', endTime: '10:00' }]);
    const blank = await call(teacher, 'PATCH', `/api/courses/${course.id}`, { subject: '' });
    expect(blank.json().error.fields.subject).toBe(courseMessages.requiredFields);
    const backwards = await call(teacher, 'PATCH', `/api/courses/${course.id}`, {
      schedule: [{ day: 'Monday', startTime: '10:00', endTime: '09:00' }],
    });
    expect(backwards.statusCode).toBe(400);
  });

  it('counts a pupil with an account on two rosters once on the stat cards', async () => {
    const other = await createUser(t, { accountType: 'teacher' });
    const pupil = await createUser(t, { accountType: 'student', subjects: [], classLevel: '7' });
    const first = await buildClass(t, { ownerId: other.id, roster: [{ name: 'Lea' }] });
    const second = await buildClass(t, {
      ownerId: other.id,
      schoolId: first.schoolId,
      roster: [{ name: 'Lea M.' }, { name: 'Tom' }],
    });
    const db = t.context.database.db;
    for (const entry of [first.students[0]!, second.students[0]!]) {
      await db.update(classStudents).set({ userId: pupil.id }).where(eq(classStudents.id, entry.id));
    }
    expect((await call(other, 'GET', '/api/classes')).json().stats.students).toBe(2);
  });

  it("keeps other teachers' classes and courses out of reach and students out of writes", async () => {
    const course = (
      await call(teacher, 'POST', '/api/courses', {
        classIds: [classA.id],
        name: 'Mathe 7',
        subject: 'Mathematik',
        schedule,
      })
    ).json() as Course;
    expect(
      (
        await call(colleague, 'POST', '/api/courses', {
          classIds: [classA.id],
          name: 'Fremd',
          subject: 'Kunst',
          schedule,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(colleague, 'GET', `/api/courses/${course.id}`)).statusCode).toBe(404);
    expect((await call(colleague, 'GET', '/api/courses')).json()).toEqual([]);
    expect((await call(student, 'GET', '/api/courses')).statusCode).toBe(403);
    expect((await call(student, 'PATCH', `/api/courses/${course.id}`, { name: 'x' })).statusCode).toBe(403);
  });

  it('keeps its own participant list: roster adds enrol, PATCH replaces it within the rules', async () => {
    const course = (
      await call(teacher, 'POST', '/api/courses', {
        classIds: [classA.id],
        name: 'Deutsch 7a',
        subject: 'Deutsch',
        schedule,
      })
    ).json() as Course;
    expect(course.students.map((s) => s.name)).toEqual(['Anna', 'Ben']);

    // a pupil added to the class joins its active courses
    const added = await call(teacher, 'POST', `/api/classes/${classA.id}/students`, {
      students: [{ name: 'Dana' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    let current = (await call(teacher, 'GET', `/api/courses/${course.id}`)).json() as Course;
    expect(current.students.map((s) => s.name)).toEqual(['Anna', 'Ben', 'Dana']);

    const options = (await call(teacher, 'GET', `/api/courses/${course.id}/member-options`)).json();
    expect(options.students.map((s: { name: string }) => s.name)).toEqual(['Anna', 'Ben', 'Dana']);
    expect(options.teachers.map((p: { id: string }) => p.id)).toEqual([teacher.id]);

    const anna = current.students.find((s) => s.name === 'Anna')!;
    const carla = classB.students[0]!;
    const outsider = await call(teacher, 'PATCH', `/api/courses/${course.id}`, {
      studentIds: [anna.id, carla.id],
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().error.message).toBe(courseMessages.studentNotInClasses);
    const foreignTeacher = await call(teacher, 'PATCH', `/api/courses/${course.id}`, {
      teacherIds: [teacher.id, colleague.id],
    });
    expect(foreignTeacher.json().error.message).toBe(courseMessages.teacherNotInSchool);
    const none = await call(teacher, 'PATCH', `/api/courses/${course.id}`, { teacherIds: [] });
    expect(none.json().error.fields.teacherIds).toBe(courseMessages.teacherRequired);
    const self = await call(teacher, 'PATCH', `/api/courses/${course.id}`, { teacherIds: [colleague.id] });
    expect(self.json().error.message).toBe(courseMessages.cannotRemoveSelf);

    const saved = await call(teacher, 'PATCH', `/api/courses/${course.id}`, { studentIds: [anna.id] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().students).toEqual([{ id: anna.id, name: 'Anna' }]);
    // removed from the course, still on the class roster
    const roster = (await call(teacher, 'GET', `/api/classes/${classA.id}`)).json().students;
    expect(roster.map((s: { name: string }) => s.name)).toContain('Ben');

    // removing Anna from the class takes her out of the course
    await call(teacher, 'DELETE', `/api/classes/${classA.id}/students/${anna.id}`);
    current = (await call(teacher, 'GET', `/api/courses/${course.id}`)).json() as Course;
    expect(current.students).toEqual([]);
  });

  it('deletes a course for its teachers only and says what goes with it', async () => {
    const course = (
      await call(teacher, 'POST', '/api/courses', {
        classIds: [classB.id],
        name: 'Kunst 7',
        subject: 'Kunst',
        schedule,
      })
    ).json() as Course;
    expect((await call(colleague, 'GET', `/api/courses/${course.id}/deletion`)).statusCode).toBe(404);
    expect((await call(colleague, 'DELETE', `/api/courses/${course.id}`)).statusCode).toBe(404);
    expect((await call(student, 'DELETE', `/api/courses/${course.id}`)).statusCode).toBe(403);
    const { db } = t.context.database;
    const [material] = await db
      .insert(courseMaterials)
      .values({ courseId: course.id, title: 'Farbkreis', type: 'resource', createdBy: teacher.id })
      .returning();
    const key = await t.context.storage.put('materials', new Uint8Array([1, 2, 3]));
    await db.insert(courseMaterialFiles).values({
      materialId: material!.id,
      storageKey: key,
      originalName: 'farbkreis.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 3,
    });
    const impact = await call(teacher, 'GET', `/api/courses/${course.id}/deletion`);
    expect(impact.json()).toEqual({ assignments: 0, exams: 0, materials: 1, analyses: 0 });
    expect((await call(teacher, 'DELETE', `/api/courses/${course.id}`)).statusCode).toBe(200);
    // the material's file leaves storage with its row
    expect(await t.context.storage.get(key)).toBeNull();
    expect((await call(teacher, 'GET', `/api/courses/${course.id}`)).statusCode).toBe(404);
  });

  it('deletes a class with its roster and its own courses; shared courses only lose it', async () => {
    const solo = await buildClass(t, { ownerId: teacher.id, schoolId: classA.schoolId, name: '8c' });
    const own = (
      await call(teacher, 'POST', '/api/courses', {
        classIds: [solo.id],
        name: 'Physik 8c',
        subject: 'Physik',
        schedule,
      })
    ).json() as Course;
    const shared = (
      await call(teacher, 'POST', '/api/courses', {
        classIds: [solo.id, classB.id],
        name: 'Sport 8',
        subject: 'Sport',
        schedule,
      })
    ).json() as Course;
    expect(shared.students).toHaveLength(3);
    expect((await call(colleague, 'DELETE', `/api/classes/${solo.id}`)).statusCode).toBe(404);
    expect((await call(student, 'DELETE', `/api/classes/${solo.id}`)).statusCode).toBe(403);
    const impact = (await call(teacher, 'GET', `/api/classes/${solo.id}/deletion`)).json();
    expect(impact).toEqual({ students: 2, deletedCourses: ['Physik 8c'], keptCourses: ['Sport 8'] });
    expect((await call(teacher, 'DELETE', `/api/classes/${solo.id}`)).statusCode).toBe(200);
    expect((await call(teacher, 'GET', `/api/classes/${solo.id}`)).statusCode).toBe(404);
    expect((await call(teacher, 'GET', `/api/courses/${own.id}`)).statusCode).toBe(404);
    const left = (await call(teacher, 'GET', `/api/courses/${shared.id}`)).json() as Course;
    expect(left.classIds).toEqual([classB.id]);
    expect(left.students.map((s) => s.name)).toEqual(['Carla']);
  });
});
