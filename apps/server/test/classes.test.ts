import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classLimits,
  classMessages,
  messages,
  readRosterImport,
  rosterMessages,
  type ClassDetail,
} from '@korrigo/domain';
import { eq } from 'drizzle-orm';
import { classStudents, schoolTeachers } from '../src/db/schema';
import { buildAnalysis, buildClass, createUser } from './support/factories';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';

type User = Awaited<ReturnType<typeof createUser>>;

describe.each(databaseKinds)('[CLASSES] schools, classes and rosters on %s', (kind) => {
  let t: TestApp;
  let teacher: User;
  let colleague: User;
  let student: User;

  const call = (user: User, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      ...(payload ? { payload } : {}),
    });

  async function schoolOf(user: User): Promise<string> {
    const response = await call(user, 'GET', '/api/schools');
    expect(response.statusCode, response.body).toBe(200);
    return response.json()[0].id;
  }

  beforeAll(async () => {
    t = await buildTestApp(kind);
    teacher = await createUser(t, { accountType: 'teacher', school: 'Gymnasium am Park' });
    colleague = await createUser(t, { accountType: 'teacher', school: 'Gymnasium am Park' });
    student = await createUser(t, {
      accountType: 'student',
      school: 'Gymnasium am Park',
      subjects: [],
      classLevel: '7',
    });
  }, 60_000);
  afterAll(() => t?.close());

  it("makes the profile's school a school record on first use, once, and adds another", async () => {
    const [first, second] = await Promise.all([
      call(teacher, 'GET', '/api/schools'),
      call(teacher, 'GET', '/api/schools'),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const again = await call(teacher, 'GET', '/api/schools');
    expect(again.json()).toEqual([expect.objectContaining({ name: 'Gymnasium am Park', fromProfile: true })]);

    const added = await call(teacher, 'POST', '/api/schools', { name: 'Abendschule Nord' });
    expect(added.statusCode, added.body).toBe(201);
    const names = (await call(teacher, 'GET', '/api/schools')).json().map((s: { name: string }) => s.name);
    expect(names, 'her profile school first').toEqual(['Gymnasium am Park', 'Abendschule Nord']);

    // the colleague's profile names the same school, but her record is her own: no shared classes by name
    const theirs = (await call(colleague, 'GET', '/api/schools')).json();
    expect(theirs).toHaveLength(1);
    expect(theirs[0].id).not.toBe(again.json()[0].id);
  });

  it("answers the spec's messages in the spec's order for an incomplete class", async () => {
    const response = await call(teacher, 'POST', '/api/classes', { schoolId: '', name: '', gradeLevel: '' });
    expect(response.statusCode).toBe(400);
    expect(Object.values(response.json().error.fields)).toEqual([
      classMessages.schoolRequired,
      classMessages.requiredFields,
      classMessages.requiredFields,
    ]);
  });

  it('creates a class with a pasted roster, its creator as teacher, and counts it', async () => {
    const schoolId = await schoolOf(teacher);
    await buildAnalysis(t, { ownerId: teacher.id });
    const created = await call(teacher, 'POST', '/api/classes', {
      schoolId,
      name: '7b',
      gradeLevel: '7',
      students: [
        { name: 'Anna Schmidt', email: 'anna@example.de' },
        { name: 'Ben Weber', email: '' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const detail = created.json() as ClassDetail;
    expect(detail).toMatchObject({
      name: '7b',
      gradeLevel: '7',
      description: '',
      schoolName: 'Gymnasium am Park',
      createdBy: teacher.id,
      archived: false,
      studentCount: 2,
    });
    expect(detail.students.map((s) => s.name)).toEqual(['Anna Schmidt', 'Ben Weber']);

    const list = await call(teacher, 'GET', '/api/classes');
    expect(list.json().stats).toEqual({ classes: 1, students: 2, courses: 0, analysesThisMonth: 1 });
    expect((await call(colleague, 'GET', '/api/classes')).json().classes).toEqual([]);
  });

  it('adds a present student as nothing, removes one, edits and archives the class', async () => {
    const schoolId = await schoolOf(teacher);
    const created = (
      await call(teacher, 'POST', '/api/classes', { schoolId, name: '8a', gradeLevel: '8' })
    ).json() as ClassDetail;
    const url = `/api/classes/${created.id}`;

    const first = await call(teacher, 'POST', `${url}/students`, {
      students: [{ name: 'Carla Roth' }, { name: 'David Lang', email: 'david@example.de' }],
    });
    expect(first.json().added).toBe(2);
    const repeat = await call(teacher, 'POST', `${url}/students`, {
      students: [{ name: 'carla roth' }, { name: 'D. Lang', email: 'David@example.de' }],
    });
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json().added).toBe(0);
    expect(repeat.json().class.studentCount).toBe(2);

    const carla = (repeat.json().class as ClassDetail).students.find((s) => s.name === 'Carla Roth')!;
    expect((await call(teacher, 'DELETE', `${url}/students/${carla.id}`)).statusCode).toBe(200);
    expect((await call(teacher, 'DELETE', `${url}/students/${carla.id}`)).statusCode).toBe(404);

    const edited = await call(teacher, 'PATCH', url, { name: '8a Bio', description: 'Profilklasse' });
    expect(edited.json()).toMatchObject({ name: '8a Bio', description: 'Profilklasse', studentCount: 1 });
    const blank = await call(teacher, 'PATCH', url, { name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.name).toBe(classMessages.requiredFields);

    const archived = await call(teacher, 'PATCH', url, { archived: true });
    expect(archived.json().archived).toBe(true);
    const list = (await call(teacher, 'GET', '/api/classes')).json();
    expect(list.classes.find((c: ClassDetail) => c.id === created.id).archived).toBe(true);
    // archived classes leave the stat cards
    expect(list.stats.classes).toBe(1);
    expect((await call(teacher, 'PATCH', url, { archived: false })).json().archived).toBe(false);
  });

  it('adds a colleague of the school as a teacher of the class and removes teachers, never the last', async () => {
    const schoolId = await schoolOf(teacher);
    const created = (
      await call(teacher, 'POST', '/api/classes', { schoolId, name: '10c', gradeLevel: '10' })
    ).json() as ClassDetail;
    const url = `/api/classes/${created.id}/teachers`;
    const schoolmate = await createUser(t, { accountType: 'teacher', name: 'Herr Albers' });
    await t.context.database.db.insert(schoolTeachers).values({ schoolId, userId: schoolmate.id });

    const listed = await call(teacher, 'GET', url);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().teachers.map((x: { id: string }) => x.id)).toEqual([teacher.id]);
    expect(listed.json().available.map((x: { id: string }) => x.id)).toEqual([schoolmate.id]);
    // the schoolmate does not see the class before she is its teacher
    expect((await call(schoolmate, 'GET', `/api/classes/${created.id}`)).statusCode).toBe(404);

    const outsider = await call(teacher, 'POST', url, { userId: colleague.id });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().error.message).toBe(classMessages.teacherNotInSchool);
    const added = await call(teacher, 'POST', url, { userId: schoolmate.id });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().teachers).toHaveLength(2);
    expect(added.json().available).toEqual([]);
    expect((await call(schoolmate, 'GET', `/api/classes/${created.id}`)).statusCode).toBe(200);

    expect((await call(schoolmate, 'DELETE', `${url}/${teacher.id}`)).statusCode).toBe(200);
    const last = await call(schoolmate, 'DELETE', `${url}/${schoolmate.id}`);
    expect(last.statusCode).toBe(400);
    expect(last.json().error.message).toBe(classMessages.lastTeacher);
    expect((await call(teacher, 'GET', url)).statusCode).toBe(404);
    expect((await call(student, 'GET', url)).statusCode).toBe(403);
  });

  it("offers the school's pupils of other classes once each and adds them, a present one as nothing", async () => {
    const schoolId = await schoolOf(teacher);
    const target = await buildClass(t, {
      ownerId: teacher.id,
      schoolId,
      name: '11a',
      roster: [{ name: 'Ida' }],
    });
    const pupil = await createUser(t, { accountType: 'student', subjects: [], classLevel: '11' });
    const other = await buildClass(t, {
      ownerId: teacher.id,
      schoolId,
      name: '11b',
      roster: [{ name: 'Ida' }, { name: 'Jan', email: 'jan@example.de' }, { name: 'Kim' }],
    });
    await buildClass(t, {
      ownerId: teacher.id,
      schoolId,
      name: '11c',
      roster: [{ name: 'Jan W.', email: 'JAN@example.de' }],
    });
    const elsewhere = await buildClass(t, { ownerId: teacher.id, roster: [{ name: 'Fremd' }] });
    const kim = other.students.find((s) => s.name === 'Kim')!;
    await t.context.database.db
      .update(classStudents)
      .set({ userId: pupil.id })
      .where(eq(classStudents.id, kim.id));
    const url = `/api/classes/${target.id}/school-pupils`;

    const offered = await call(teacher, 'GET', url);
    expect(offered.statusCode, offered.body).toBe(200);
    const pupils = offered.json() as { name: string; className: string }[];
    // Ida is in the class already, Jan once (same e-mail in 11b and 11c), nobody of another school
    expect(pupils.filter((p) => p.className.startsWith('11')).map((p) => p.name)).toEqual(['Jan', 'Kim']);
    expect(pupils.some((p) => p.name === 'Fremd')).toBe(false);

    const added = await call(teacher, 'POST', url, {
      entryIds: [kim.id, elsewhere.students[0]!.id, other.students.find((s) => s.name === 'Ida')!.id],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().added).toBe(1);
    const copied = (added.json().class as ClassDetail).students.find((s) => s.name === 'Kim')!;
    expect(copied.hasAccount).toBe(true);
    expect((await call(teacher, 'POST', url, { entryIds: [kim.id] })).json().added).toBe(0);
    expect((await call(colleague, 'GET', url)).statusCode).toBe(404);
    expect((await call(student, 'GET', url)).statusCode).toBe(403);
  });

  it("keeps another teacher's school and class out of reach (404) and students out of writes (403)", async () => {
    const schoolId = await schoolOf(teacher);
    const created = (
      await call(teacher, 'POST', '/api/classes', { schoolId, name: '9c', gradeLevel: '9' })
    ).json() as ClassDetail;

    const foreignSchool = await call(colleague, 'POST', '/api/classes', {
      schoolId,
      name: 'Fremd',
      gradeLevel: '9',
    });
    expect(foreignSchool.statusCode).toBe(404);
    expect(foreignSchool.json().error.message).toBe(messages.http.notFound);
    expect((await call(colleague, 'GET', `/api/classes/${created.id}`)).statusCode).toBe(404);

    for (const [method, url, payload] of [
      ['GET', '/api/schools'],
      ['POST', '/api/schools', { name: 'Schülerschule' }],
      ['GET', '/api/classes'],
      ['POST', '/api/classes', { schoolId, name: 'x', gradeLevel: '7' }],
      ['PATCH', `/api/classes/${created.id}`, { name: 'x' }],
      ['POST', `/api/classes/${created.id}/students`, { students: [{ name: 'Ich' }] }],
    ] as const) {
      const response = await call(student, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call(teacher, 'GET', `/api/classes/${created.id}`)).json().name).toBe('9c');
    expect((await t.app.inject({ url: '/api/classes' })).statusCode).toBe(401);
  });

  it('answers a malformed id with 400, not 500', async () => {
    const response = await call(teacher, 'GET', '/api/classes/keine-id');
    expect(response.statusCode).toBe(400);
  });

  it('checks every roster entry on its own and answers per-line German messages, never a 500', async () => {
    const schoolId = await schoolOf(teacher);
    const students = [
      ...Array.from({ length: 23 }, (_, index) => ({ name: `Kind ${index + 1}`, line: index + 1 })),
      { name: 'x'.repeat(classLimits.studentNameMax + 1), line: 24 },
      { name: 'Ben Weber', email: 'ben@example', line: 25 },
    ];
    const refused = await call(teacher, 'POST', '/api/classes', {
      schoolId,
      name: '6a',
      gradeLevel: '6',
      students,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error).toEqual({
      code: 'validation',
      message: `${rosterMessages.nameTooLong(24)} ${rosterMessages.invalidEmail(25, 'ben@example')}`,
      fields: {
        'students.23': rosterMessages.nameTooLong(24),
        'students.24': rosterMessages.invalidEmail(25, 'ben@example'),
      },
    });
    // nothing was written
    expect((await call(teacher, 'GET', '/api/classes')).json().classes).not.toContainEqual(
      expect.objectContaining({ name: '6a' }),
    );

    // a name twice in one list is refused with its line; told apart („Lena Schmidt (2)“) both are kept
    const created = await call(teacher, 'POST', '/api/classes', {
      schoolId,
      name: '6a',
      gradeLevel: '6',
      students: students.slice(0, 23),
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/classes/${(created.json() as ClassDetail).id}/students`;
    const twice = await call(teacher, 'POST', url, {
      students: [{ name: 'Lena Schmidt' }, { name: 'lena  schmidt', email: 'lena@example.de' }],
    });
    expect(twice.statusCode, twice.body).toBe(400);
    expect(twice.json().error.message).toBe(rosterMessages.repeatedName(2, 'lena schmidt', 1));
    const both = await call(teacher, 'POST', url, {
      students: [
        { name: 'Lena Schmidt', line: 3 },
        { name: 'Lena Schmidt (2)', email: 'lena@example.de', line: 9 },
      ],
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().added).toBe(2);
    expect(both.json().class.studentCount).toBe(25);

    // a body of the wrong shape is a 400 too
    const malformed = await call(teacher, 'POST', url, { students: [{ name: 7 }] });
    expect(malformed.statusCode).toBe(400);
  });

  it("imports a school's export: new classes created, her class of that name extended, a second import adds nothing", async () => {
    const importer = await createUser(t, { accountType: 'teacher', school: 'Realschule Süd' });
    const schoolId = await schoolOf(importer);
    const existing = await call(importer, 'POST', '/api/classes', {
      schoolId,
      name: '7 A',
      gradeLevel: '7',
      students: [{ name: 'Elif Özdemir' }],
    });
    expect(existing.statusCode, existing.body).toBe(201);
    // the file as SchILD-NRW exports it; the web reads it with the same function and sends the classes
    const reading = readRosterImport(
      [
        'Nachname;Vorname;Klasse;Geburtsdatum',
        'Özdemir;Elif;7a;03.04.2012',
        'Weber;Ben;7a;01.01.2012',
        'Berg;Mia;8c;',
      ].join('\n'),
    );
    if (!reading.ok) throw new Error(reading.message);
    const payload = {
      schoolId,
      classes: reading.classes.map((item) => ({
        name: item.name,
        gradeLevel: item.gradeLevel,
        students: item.reading.entries,
      })),
    };
    const imported = await call(importer, 'POST', '/api/classes/import', payload);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ created: 1, extended: 1, added: 2 });
    const classes = (await call(importer, 'GET', '/api/classes')).json().classes as ClassDetail[];
    expect(classes.map((item) => [item.name, item.gradeLevel, item.studentCount]).sort()).toEqual([
      ['7 A', '7', 2],
      ['8c', '8', 1],
    ]);
    const again = await call(importer, 'POST', '/api/classes/import', payload);
    expect(again.json()).toEqual({ created: 0, extended: 2, added: 0 });

    // a line that breaks a rule names class and line, and nothing is written
    const refused = await call(importer, 'POST', '/api/classes/import', {
      schoolId,
      classes: [
        { name: '9b', gradeLevel: '9', students: [{ name: 'Ida Roth' }] },
        { name: '9c', gradeLevel: '9', students: [{ name: 'Tom', email: 'tom@', line: 4 }] },
      ],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.message).toContain(`9c: ${rosterMessages.invalidEmail(4, 'tom@')}`);
    expect(((await call(importer, 'GET', '/api/classes')).json().classes as ClassDetail[]).length).toBe(2);

    // a pupil's account cannot import; another teacher's school is not found
    expect((await call(student, 'POST', '/api/classes/import', payload)).statusCode).toBe(403);
    expect((await call(teacher, 'POST', '/api/classes/import', payload)).statusCode).toBe(404);
  });
});
