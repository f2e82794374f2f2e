import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationMessages, normalizeInvitationCode } from '@korrigo/domain';
import { classStudents, courseStudents, invitations, schoolTeachers } from '../src/db/schema';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { buildClass, createUser, nextAddress, verifyEmail } from './support/factories';
import { startSmtpServer } from './support/smtp';

type User = Awaited<ReturnType<typeof createUser>>;

describe.each(databaseKinds)('[INVITATIONS] colleagues and students join on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let teacher: User;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(kind, { env: { SMTP_URL: smtp.url } });
    teacher = await createUser(t, { accountType: 'teacher', name: 'Frau Berg' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp.close();
  });

  const call = (user: { cookie: string }, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      ...(payload ? { payload } : {}),
    });

  /** A request from a given client address (all others come from the same default one). */
  const callFrom = (address: string, user: { cookie: string }, method: 'GET' | 'POST', url: string) =>
    t.app.inject({
      method,
      url,
      remoteAddress: address,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
    });

  const student = (overrides: Partial<Parameters<typeof createUser>[1]> = {}) =>
    createUser(t, { accountType: 'student', subjects: [], classLevel: '7', ...overrides });

  const joinCode = async (classId: string) => {
    const response = await call(teacher, 'POST', '/api/invitations', { kind: 'class_student', classId });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().code as string;
  };

  const rosterOf = (classId: string) =>
    t.context.database.db.select().from(classStudents).where(eq(classStudents.classId, classId));

  it('gives a class one typeable join code, the same on every ask, and takes it typed loosely', async () => {
    const schoolClass = await buildClass(t, { ownerId: teacher.id });
    const code = await joinCode(schoolClass.id);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(await joinCode(schoolClass.id)).toBe(code);

    const pupil = await student();
    const typed = ` ${code.toLowerCase().replace('-', ' ')} `;
    const preview = await call(pupil, 'GET', `/api/invitations/${encodeURIComponent(typed)}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      kind: 'class_student',
      className: '7b',
      schoolName: 'Gesamtschule Am Park',
      invitedByName: 'Frau Berg',
      personal: false,
    });
    const bad = await call(pupil, 'GET', '/api/invitations/0OO1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('gültigen Code');
  });

  it('adds a student without a roster entry as a new entry and a participant of the active courses', async () => {
    const schoolClass = await buildClass(t, { ownerId: teacher.id, roster: [{ name: 'Lena Schmidt' }] });
    const course = await call(teacher, 'POST', '/api/courses', {
      classIds: [schoolClass.id],
      name: 'Bio 7',
      subject: 'Biologie',
      schedule: [{ day: 'Monday', startTime: '08:00', endTime: '09:30' }],
    });
    expect(course.statusCode, course.body).toBe(201);
    const code = await joinCode(schoolClass.id);
    const pupil = await student({ name: 'Mia Neu' });

    // a double click: both answers are fine and she is in the class once
    const [accepted, again] = await Promise.all([
      call(pupil, 'POST', `/api/invitations/${code}/accept`),
      call(pupil, 'POST', `/api/invitations/${code}/accept`),
    ]);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(accepted.json()).toMatchObject({ kind: 'class_student', classId: schoolClass.id });
    // twice does nothing
    expect((await call(pupil, 'POST', `/api/invitations/${code}/accept`)).statusCode).toBe(200);

    const roster = await rosterOf(schoolClass.id);
    const mine = roster.filter((entry) => entry.userId === pupil.id);
    expect(mine).toHaveLength(1);
    // her address is not confirmed: the entry does not claim it (nobody holds another pupil's place with it)
    expect(mine[0]).toMatchObject({ name: 'Mia Neu', email: null });
    const participants = await t.context.database.db
      .select()
      .from(courseStudents)
      .where(eq(courseStudents.classStudentId, mine[0]!.id));
    expect(participants.map((row) => row.courseId)).toEqual([course.json().id]);

    const mineView = await call(pupil, 'GET', '/api/my-classes');
    expect(mineView.statusCode, mineView.body).toBe(200);
    expect(mineView.json()).toEqual({
      classes: [
        {
          id: schoolClass.id,
          name: '7b',
          gradeLevel: '7',
          schoolName: 'Gesamtschule Am Park',
          teachers: ['Frau Berg'],
        },
      ],
      courses: [
        expect.objectContaining({
          name: 'Bio 7',
          subject: 'Biologie',
          classNames: ['7b'],
          teachers: ['Frau Berg'],
        }),
      ],
    });
    // nothing of the other students: no names, no e-mails anywhere in her view
    expect(mineView.body).not.toContain('Lena Schmidt');
    expect((await call(pupil, 'GET', `/api/my-classes/${schoolClass.id}`)).statusCode).toBe(200);
    // and the teacher's routes stay closed to her
    expect((await call(pupil, 'GET', `/api/classes/${schoolClass.id}`)).statusCode).toBe(403);
    expect((await call(pupil, 'GET', '/api/courses')).statusCode).toBe(403);
  });

  it('merges the account into the roster entry with her e-mail (any case) and mails nothing for a code', async () => {
    const pupil = await student({ name: 'Ali D.' });
    const schoolClass = await buildClass(t, {
      ownerId: teacher.id,
      roster: [{ name: 'Ali Demir', email: pupil.email.toUpperCase() }, { name: 'Lena Schmidt' }],
    });
    const code = await joinCode(schoolClass.id);
    await verifyEmail(t, pupil);
    expect((await call(pupil, 'POST', `/api/invitations/${code}/accept`)).statusCode).toBe(200);
    const roster = await rosterOf(schoolClass.id);
    expect(roster).toHaveLength(2);
    expect(roster.find((entry) => entry.userId === pupil.id)?.name).toBe('Ali Demir');
  });

  it("a classmate with the class code and another pupil's roster e-mail does not take over her entry", async () => {
    // issue 31: the code on the board and Lena's address from the roster made the classmate her entry (and
    // the owner of every grade released to it)
    const lena = `lena-${Date.now()}@example.org`;
    const schoolClass = await buildClass(t, {
      ownerId: teacher.id,
      roster: [{ name: 'Lena Schmidt', email: lena }],
    });
    const entry = schoolClass.students[0]!;
    const code = await joinCode(schoolClass.id);
    const classmate = await student({ name: 'Lena S.', email: lena });
    const refused = await call(classmate, 'POST', `/api/invitations/${code}/accept`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(invitationMessages.confirmEmailToJoin);
    expect(await rosterOf(schoolClass.id)).toEqual([
      expect.objectContaining({ id: entry.id, email: lena, userId: null }),
    ]);
    expect((await call(classmate, 'GET', '/api/my-classes')).json().classes).toEqual([]);

    // with an address nobody typed into the roster he joins, as a new entry that claims no address
    const jonas = `jonas-${Date.now()}@example.org`;
    const other = await student({ name: 'Jonas W.', email: jonas });
    expect((await call(other, 'POST', `/api/invitations/${code}/accept`)).statusCode).toBe(200);
    const joined = (await rosterOf(schoolClass.id)).find((row) => row.userId === other.id);
    expect(joined).toMatchObject({ name: 'Jonas W.', email: null });
  });

  it('mails a personal invitation for a roster entry, merges into that entry, and uses it once', async () => {
    const schoolClass = await buildClass(t, { ownerId: teacher.id, roster: [{ name: 'Jonas Weber' }] });
    const entry = schoolClass.students[0]!;
    const pupil = await student({ name: 'Jonas W.' });
    const created = await call(teacher, 'POST', '/api/invitations', {
      kind: 'class_student',
      classId: schoolClass.id,
      classStudentId: entry.id,
      email: pupil.email,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { code, id } = created.json();
    const mail = smtp.lastMailTo(pupil.email)!;
    expect(mail).toContain(`${TEST_ORIGIN}/einladung/${code}`);
    expect(mail).toContain('dich in die Klasse 7b');

    // it waits in the teacher's list, and in the student's once her address is confirmed: before, the code
    // reaches only her mailbox, and the mailed link is what proves the address
    const unconfirmed = await call(pupil, 'GET', '/api/invitations');
    expect(unconfirmed.json()).toEqual({ received: [], sent: [], emailVerified: false });
    await verifyEmail(t, pupil);
    const received = await call(pupil, 'GET', '/api/invitations');
    expect(received.json().received.map((row: { id: string }) => row.id)).toEqual([id]);
    expect(received.json()).toMatchObject({ sent: [], emailVerified: true });
    const sent = await call(teacher, 'GET', '/api/invitations');
    expect(sent.json().sent.map((row: { id: string }) => row.id)).toContain(id);

    // another student's account is told it is for another address
    const other = await student();
    const wrong = await call(other, 'POST', `/api/invitations/${code}/accept`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toContain('andere E-Mail-Adresse');

    expect((await call(pupil, 'POST', `/api/invitations/${code}/accept`)).statusCode).toBe(200);
    expect((await call(pupil, 'POST', `/api/invitations/${code}/accept`)).statusCode).toBe(200);
    const roster = await rosterOf(schoolClass.id);
    expect(roster).toEqual([
      expect.objectContaining({ id: entry.id, name: 'Jonas Weber', userId: pupil.id }),
    ]);
    const [stored] = await t.context.database.db.select().from(invitations).where(eq(invitations.id, id));
    expect(stored).toMatchObject({ acceptedBy: pupil.id });
    expect((await call(pupil, 'GET', '/api/invitations')).json().received).toEqual([]);
  });

  it('shows whoever holds the link, signed out too, the names the invitation page needs and nothing more', async () => {
    // signed out, from a client address of its own: the wrong codes below count against it (rate-limits.ts)
    const from = nextAddress();
    const visit = (code: string) =>
      t.app.inject({ url: `/api/invitations/${encodeURIComponent(code)}/details`, remoteAddress: from });
    const schoolClass = await buildClass(t, { ownerId: teacher.id, roster: [{ name: 'Emma Roth' }] });
    const code = await joinCode(schoolClass.id);
    const open = await visit(code);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toEqual({
      kind: 'class_student',
      code,
      schoolName: 'Gesamtschule Am Park',
      className: '7b',
      invitedByName: 'Frau Berg',
      personal: false,
    });

    // a personal invitation: the same names, but neither its address nor the roster entry it is for
    const address = `eingeladen-${crypto.randomUUID()}@example.de`;
    const personal = await call(teacher, 'POST', '/api/invitations', {
      kind: 'class_student',
      classId: schoolClass.id,
      classStudentId: schoolClass.students[0]!.id,
      email: address,
    });
    expect(personal.statusCode, personal.body).toBe(201);
    const personalCode = personal.json().code as string;
    const seen = await visit(personalCode);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toEqual({
      kind: 'class_student',
      code: personalCode,
      schoolName: 'Gesamtschule Am Park',
      className: '7b',
      invitedByName: 'Frau Berg',
      personal: true,
    });
    expect(seen.body).not.toContain('eingeladen-');
    expect(seen.body).not.toContain('Emma Roth');
    expect(seen.body).not.toContain(schoolClass.id);

    // not a code, no such code, a used personal invitation, a revoked code: the same German 404
    const invitee = await student({ email: address });
    expect((await call(invitee, 'POST', `/api/invitations/${personalCode}/accept`)).statusCode).toBe(200);
    const { id } = (await call(teacher, 'GET', '/api/invitations'))
      .json()
      .sent.find((row: { code: string }) => row.code === code);
    expect((await call(teacher, 'DELETE', `/api/invitations/${id}`)).statusCode).toBe(200);
    for (const gone of ['0OO1', 'ZZZZ-ZZZZ', personalCode, code]) {
      const answer = await visit(gone);
      expect(answer.statusCode, gone).toBe(404);
      expect(answer.json().error.message).toBe(invitationMessages.notFound);
    }
  });

  it('refuses the wrong account type with a German message', async () => {
    const schoolClass = await buildClass(t, { ownerId: teacher.id });
    const code = await joinCode(schoolClass.id);
    const colleague = await createUser(t, { accountType: 'teacher' });
    const asTeacher = await call(colleague, 'POST', `/api/invitations/${code}/accept`);
    expect(asTeacher.statusCode).toBe(403);
    expect(asTeacher.json().error.message).toContain('Lehrkraftkonto');

    const school = await call(teacher, 'POST', '/api/invitations', {
      kind: 'school_teacher',
      schoolId: schoolClass.schoolId,
    });
    const pupil = await student();
    const asStudent = await call(pupil, 'POST', `/api/invitations/${school.json().code}/accept`);
    expect(asStudent.statusCode).toBe(403);
    expect(asStudent.json().error.message).toContain('Schülerkonto');
    expect(
      (await call(pupil, 'POST', '/api/invitations', { kind: 'class_student', classId: schoolClass.id }))
        .statusCode,
    ).toBe(403);
  });

  it('makes a colleague a school teacher who sees the school but none of its classes', async () => {
    const schoolClass = await buildClass(t, { ownerId: teacher.id });
    const colleague = await createUser(t, { accountType: 'teacher', name: 'Herr Kaya' });
    const created = await call(teacher, 'POST', '/api/invitations', {
      kind: 'school_teacher',
      schoolId: schoolClass.schoolId,
      email: colleague.email,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(smtp.lastMailTo(colleague.email)).toContain('Sie ein, dem Kollegium');
    expect((await call(colleague, 'POST', `/api/invitations/${created.json().code}/accept`)).statusCode).toBe(
      200,
    );
    const links = await t.context.database.db
      .select()
      .from(schoolTeachers)
      .where(and(eq(schoolTeachers.schoolId, schoolClass.schoolId), eq(schoolTeachers.userId, colleague.id)));
    expect(links).toHaveLength(1);
    const schools = await call(colleague, 'GET', '/api/schools');
    expect(schools.json().map((school: { id: string }) => school.id)).toContain(schoolClass.schoolId);
    const classes = await call(colleague, 'GET', '/api/classes');
    expect(classes.json().classes).toEqual([]);
    expect((await call(colleague, 'GET', `/api/classes/${schoolClass.id}`)).statusCode).toBe(404);
  });

  it('a stranger who registers an invited colleague’s address sees no invitation and joins no school', async () => {
    // issue 31: the list showed the invitation with its code to whoever registered the address first
    const schoolClass = await buildClass(t, { ownerId: teacher.id });
    const address = `kollegin-${Date.now()}@example.de`;
    const created = await call(teacher, 'POST', '/api/invitations', {
      kind: 'school_teacher',
      schoolId: schoolClass.schoolId,
      email: address,
    });
    expect(created.statusCode, created.body).toBe(201);
    const stranger = await createUser(t, { accountType: 'teacher', email: address });
    const list = await call(stranger, 'GET', '/api/invitations');
    expect(list.json()).toMatchObject({ received: [], emailVerified: false });
    // what the stranger did: accept whatever the list offers
    for (const row of list.json().received as Array<{ code: string }>) {
      await call(stranger, 'POST', `/api/invitations/${row.code}/accept`);
    }
    const links = await t.context.database.db
      .select()
      .from(schoolTeachers)
      .where(and(eq(schoolTeachers.schoolId, schoolClass.schoolId), eq(schoolTeachers.userId, stranger.id)));
    expect(links).toEqual([]);
  });

  it('lets the invited colleague follow the mailed link before she has confirmed her address', async () => {
    const schoolClass = await buildClass(t, { ownerId: teacher.id });
    const address = `kollege-${Date.now()}@example.de`;
    const created = await call(teacher, 'POST', '/api/invitations', {
      kind: 'school_teacher',
      schoolId: schoolClass.schoolId,
      email: address,
    });
    expect(created.statusCode, created.body).toBe(201);
    const link = /\/einladung\/(\S+)/.exec(smtp.lastMailTo(address)!)![1]!;
    const colleague = await createUser(t, { accountType: 'teacher', email: address });
    const preview = await call(colleague, 'GET', `/api/invitations/${link}`);
    expect(preview.json()).toMatchObject({ kind: 'school_teacher', personal: true });
    expect((await call(colleague, 'POST', `/api/invitations/${link}/accept`)).statusCode).toBe(200);
    const schools = await call(colleague, 'GET', '/api/schools');
    expect(schools.json().map((school: { id: string }) => school.id)).toContain(schoolClass.schoolId);
  });

  it('forgets revoked and declined invitations', async () => {
    const schoolClass = await buildClass(t, { ownerId: teacher.id });
    const code = await joinCode(schoolClass.id);
    const { id } = (await call(teacher, 'GET', '/api/invitations'))
      .json()
      .sent.find((row: { code: string }) => row.code === code);
    expect((await call(teacher, 'DELETE', `/api/invitations/${id}`)).statusCode).toBe(200);
    const pupil = await student();
    const revoked = await call(pupil, 'POST', `/api/invitations/${code}/accept`);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().error.message).toContain('gilt nicht mehr');
    // a new join code replaces the revoked one
    expect(await joinCode(schoolClass.id)).not.toBe(code);

    const personal = await call(teacher, 'POST', '/api/invitations', {
      kind: 'class_student',
      classId: schoolClass.id,
      email: pupil.email,
    });
    expect((await call(pupil, 'POST', `/api/invitations/${personal.json().code}/decline`)).statusCode).toBe(
      200,
    );
    expect((await call(pupil, 'POST', `/api/invitations/${personal.json().code}/accept`)).statusCode).toBe(
      404,
    );
    expect(normalizeInvitationCode(personal.json().code)).toHaveLength(8);
  });

  it("answers 404 for another teacher's class or school and for another student's class", async () => {
    const schoolClass = await buildClass(t, { ownerId: teacher.id });
    const stranger = await createUser(t, { accountType: 'teacher' });
    for (const payload of [
      { kind: 'class_student', classId: schoolClass.id },
      { kind: 'school_teacher', schoolId: schoolClass.schoolId },
      { kind: 'class_student', classId: schoolClass.id, email: 'x@example.org' },
    ]) {
      expect((await call(stranger, 'POST', '/api/invitations', payload)).statusCode).toBe(404);
    }
    expect(smtp.lastMailTo('x@example.org')).toBeUndefined();
    const code = await joinCode(schoolClass.id);
    const { id } = (await call(teacher, 'GET', '/api/invitations'))
      .json()
      .sent.find((row: { code: string }) => row.code === code);
    expect((await call(stranger, 'DELETE', `/api/invitations/${id}`)).statusCode).toBe(404);

    const pupil = await student();
    expect((await call(pupil, 'GET', `/api/my-classes/${schoolClass.id}`)).statusCode).toBe(404);
    expect((await call(pupil, 'GET', '/api/my-classes')).json()).toEqual({ classes: [], courses: [] });
  });

  it('stops an account that guesses codes', async () => {
    const guesser = await student();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await call(guesser, 'GET', '/api/invitations/ABCD-EFGH')).statusCode).toBe(404);
    }
    const stopped = await call(guesser, 'POST', '/api/invitations/ABCD-EFGH/accept');
    expect(stopped.statusCode).toBe(429);
  });

  it('stops one account guessing codes while another behind the same address joins with the right code', async () => {
    const schoolClass = await buildClass(t, { ownerId: teacher.id, roster: [] });
    const code = await joinCode(schoolClass.id);
    const router = nextAddress();
    const guesser = await student();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await callFrom(router, guesser, 'GET', '/api/invitations/ABCD-EFGH')).statusCode).toBe(404);
    }
    // refused tries count no further: he cannot spend the address's budget on his own
    for (let attempt = 0; attempt < 100; attempt += 1) {
      expect((await callFrom(router, guesser, 'GET', '/api/invitations/ABCD-EFGH')).statusCode).toBe(429);
    }
    const classmate = await student();
    expect((await callFrom(router, classmate, 'POST', `/api/invitations/${code}/accept`)).statusCode).toBe(
      200,
    );
  });

  it('counts only wrong codes against an address: refusals of a real code never close it for a school', async () => {
    // issue 31: a staff room opening a pupils' link, or a class told to confirm its addresses first, answered
    // 403 a hundred times and the school's address was closed for every code
    const schoolClass = await buildClass(t, { ownerId: teacher.id, roster: [] });
    const code = await joinCode(schoolClass.id);
    const router = nextAddress();
    for (let colleague = 0; colleague < 5; colleague += 1) {
      const teacherAccount = await createUser(t, { accountType: 'teacher' });
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const refused = await callFrom(router, teacherAccount, 'POST', `/api/invitations/${code}/accept`);
        expect(refused.statusCode).toBe(403);
      }
    }
    const pupil = await student();
    expect((await callFrom(router, pupil, 'POST', `/api/invitations/${code}/accept`)).statusCode).toBe(200);
  });
});
