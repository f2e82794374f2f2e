import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseMessages, type Course } from '@korrigo/domain';
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

  const call = (user: User, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
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
});
