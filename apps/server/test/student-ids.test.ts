import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolYearEnd, studentIdMessages } from '@korrigo/domain';
import { classStudents, notifications, studentIdChecks, user } from '../src/db/schema';
import { hasConfirmedStudentId } from '../src/modules/student-ids/student-ids.repository';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { buildClass, buildCourse, createUser } from './support/factories';
import { multipartBody } from './support/multipart';

type User = Awaited<ReturnType<typeof createUser>>;

/** A 1×1 PNG: what a phone's photo of an ID is to the type sniffing. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const operatorEmail = `betrieb-${Date.now()}@example.de`;

describe.each(databaseKinds)('[STUDENT-IDS] Premium Student ID checks on %s', (kind) => {
  let t: TestApp;
  let schoolTeacher: User;
  let otherTeacher: User;
  let operator: User;
  let school: Awaited<ReturnType<typeof buildClass>>;

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { OPERATOR_EMAILS: ` ${operatorEmail.toUpperCase()} , x@example.de` },
    });
    schoolTeacher = await createUser(t, { accountType: 'teacher', name: 'Frau Berg' });
    otherTeacher = await createUser(t, { accountType: 'teacher' });
    await buildClass(t, { ownerId: otherTeacher.id });
    operator = await createUser(t, { accountType: 'teacher', email: operatorEmail });
    await t.context.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, operator.id));
    school = await buildClass(t, { ownerId: schoolTeacher.id, roster: [{ name: 'Lena Schmidt' }] });
  }, 60_000);
  afterAll(() => t?.close());

  /** A student in the class of `schoolTeacher`'s school (as an accepted class invitation leaves her). */
  async function pupilOfSchool() {
    const pupil = await createUser(t, { accountType: 'student', classLevel: '7' });
    await t.context.database.db
      .insert(classStudents)
      .values({ classId: school.id, name: pupil.name, userId: pupil.id });
    return pupil;
  }
  const upload = (who: { cookie: string }, data: Buffer, name = 'ausweis.png') => {
    const body = multipartBody([{ name, data }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/student-id',
      headers: { cookie: who.cookie, origin: TEST_ORIGIN, ...body.headers },
      payload: body.payload,
    });
  };
  const call = (who: { cookie: string }, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: who.cookie, origin: TEST_ORIGIN },
      ...(payload ? { payload } : {}),
    });
  const decide = (who: { cookie: string }, id: string, payload: object) =>
    call(who, 'POST', `/api/student-id/reviews/${id}/decision`, payload);
  const stored = () => t.context.storage.list('student-ids');

  it('takes one photo or PDF at a time from a student, and refuses other files in German', async () => {
    const pupil = await pupilOfSchool();
    expect((await call(pupil, 'GET', '/api/student-id')).json()).toEqual({
      latest: null,
      confirmedUntil: null,
    });

    const text = await upload(pupil, Buffer.from('Das ist mein Ausweis.'), 'ausweis.png');
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toBe(studentIdMessages.invalidType);
    const huge = await upload(pupil, Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe(studentIdMessages.tooLarge);
    const none = await call(pupil, 'POST', '/api/student-id', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(studentIdMessages.missingFile);

    const first = await upload(pupil, pdf, 'ausweis.pdf');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: 'pending', validUntil: null, reviewNote: null });
    const second = await upload(pupil, png);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(studentIdMessages.alreadyPending);
    expect(await stored()).toHaveLength(1);
    const [row] = await t.context.database.db
      .select()
      .from(studentIdChecks)
      .where(eq(studentIdChecks.userId, pupil.id));
    expect(row).toMatchObject({ mimeType: 'application/pdf', sizeBytes: pdf.length, status: 'pending' });
    expect(row!.storageKey).toMatch(new RegExp(`^student-ids/${pupil.id}/`));

    const teacherUpload = await upload(schoolTeacher, png);
    expect(teacherUpload.statusCode).toBe(403);
    expect(teacherUpload.json().error.message).toBe(studentIdMessages.onlyStudents);
  });

  it('shows an upload to her class and course teachers only, not to every teacher of her school', async () => {
    // issue 31: any teacher of the school could open a pupil's ID
    const classTeacher = await createUser(t, { accountType: 'teacher' });
    const courseTeacher = await createUser(t, { accountType: 'teacher' });
    const own = await buildClass(t, {
      ownerId: classTeacher.id,
      schoolId: school.schoolId,
      name: '8c',
      roster: [{ name: 'Pia Roth' }],
    });
    const pupil = await createUser(t, { accountType: 'student', classLevel: '8' });
    await buildCourse(t, { ownerId: courseTeacher.id, schoolClass: own, studentUserIds: [pupil.id] });
    const id = (await upload(pupil, png)).json().id as string;

    for (const who of [classTeacher, courseTeacher]) {
      const list = (await call(who, 'GET', '/api/student-id/reviews')).json();
      expect(list.items.map((i: { id: string }) => i.id)).toContain(id);
      expect((await call(who, 'GET', `/api/student-id/reviews/${id}/file`)).statusCode).toBe(200);
    }
    // schoolTeacher teaches 7b of the same school, not her class
    const list = (await call(schoolTeacher, 'GET', '/api/student-id/reviews')).json();
    expect(list.items.map((i: { id: string }) => i.id)).not.toContain(id);
    expect((await call(schoolTeacher, 'GET', `/api/student-id/reviews/${id}/file`)).statusCode).toBe(404);
    expect((await decide(schoolTeacher, id, { decision: 'approve' })).statusCode).toBe(404);
    expect((await decide(courseTeacher, id, { decision: 'approve' })).statusCode).toBe(200);
  });

  it('shows an upload to her class teacher and to the operator only, as a download', async () => {
    const pupil = await pupilOfSchool();
    const outsider = await createUser(t, { accountType: 'student', classLevel: '8' });
    const id = (await upload(pupil, png)).json().id as string;
    const outsiderId = (await upload(outsider, png)).json().id as string;

    const forTeacher = (await call(schoolTeacher, 'GET', '/api/student-id/reviews')).json();
    expect(forTeacher.operator).toBe(false);
    const item = forTeacher.items.find((i: { id: string }) => i.id === id);
    expect(item).toMatchObject({
      studentName: pupil.name,
      studentEmail: pupil.email,
      schoolNames: ['Gesamtschule Am Park'],
      mimeType: 'image/png',
    });
    expect(forTeacher.items.map((i: { id: string }) => i.id)).not.toContain(outsiderId);

    const forOther = (await call(otherTeacher, 'GET', '/api/student-id/reviews')).json();
    expect(forOther.items.map((i: { id: string }) => i.id)).not.toContain(id);
    expect((await call(otherTeacher, 'GET', `/api/student-id/reviews/${id}/file`)).statusCode).toBe(404);
    expect((await decide(otherTeacher, id, { decision: 'approve' })).statusCode).toBe(404);

    const forOperator = (await call(operator, 'GET', '/api/student-id/reviews')).json();
    expect(forOperator.operator).toBe(true);
    expect(forOperator.items.map((i: { id: string }) => i.id)).toEqual(
      expect.arrayContaining([id, outsiderId]),
    );

    // students review nothing and see no one else's file
    expect((await call(outsider, 'GET', '/api/student-id/reviews')).statusCode).toBe(403);
    expect((await call(outsider, 'GET', `/api/student-id/reviews/${id}/file`)).statusCode).toBe(404);

    for (const who of [pupil, schoolTeacher, operator]) {
      const file = await call(who, 'GET', `/api/student-id/reviews/${id}/file`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      // never shown inline under our origin: a file of a pupil's choosing is saved, not rendered
      expect(file.headers['content-disposition']).toBe('attachment; filename="ausweis.png"');
      expect(file.rawPayload.equals(png)).toBe(true);
    }

    // an operator address without a verified e-mail is no operator
    await t.context.database.db.update(user).set({ emailVerified: false }).where(eq(user.id, operator.id));
    expect((await call(operator, 'GET', '/api/student-id/reviews')).json().operator).toBe(false);
    await t.context.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, operator.id));
  });

  it('confirms until the end of the school year, deletes the file and notifies the student', async () => {
    const pupil = await pupilOfSchool();
    const id = (await upload(pupil, png)).json().id as string;
    const keysBefore = await stored();
    const approved = await decide(schoolTeacher, id, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    const until = schoolYearEnd(new Date());
    expect(approved.json()).toMatchObject({ status: 'approved', validUntil: until.toISOString() });
    expect(until.getUTCMonth()).toBe(6);
    expect(until.toISOString()).toMatch(/-07-31T21:59:59\.999Z$/);

    const [row] = await t.context.database.db
      .select()
      .from(studentIdChecks)
      .where(eq(studentIdChecks.id, id));
    expect(row).toMatchObject({ status: 'approved', storageKey: null, reviewedBy: schoolTeacher.id });
    expect(await stored()).toHaveLength(keysBefore.length - 1);
    expect((await call(pupil, 'GET', `/api/student-id/reviews/${id}/file`)).statusCode).toBe(404);

    const mine = (await call(pupil, 'GET', '/api/student-id')).json();
    expect(mine).toMatchObject({ latest: { id, status: 'approved' }, confirmedUntil: until.toISOString() });
    expect(await hasConfirmedStudentId(t.context.database.db, pupil.id, new Date())).toBe(true);
    expect(await hasConfirmedStudentId(t.context.database.db, pupil.id, new Date(until.getTime() + 1))).toBe(
      false,
    );

    const [note] = await t.context.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, pupil.id), eq(notifications.type, 'success')));
    expect(note).toMatchObject({ title: studentIdMessages.notificationApprovedTitle });
    expect(note!.message).toMatch(/gültig bis 31\.07\.\d{4}/);

    const again = await decide(operator, id, { decision: 'reject', note: 'Unleserlich.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(studentIdMessages.alreadyDecided);
    // the decided upload leaves the lists
    const list = (await call(operator, 'GET', '/api/student-id/reviews')).json();
    expect(list.items.map((i: { id: string }) => i.id)).not.toContain(id);
  });

  it('rejects with a note the student reads, and then takes a new upload', async () => {
    const pupil = await createUser(t, { accountType: 'student', classLevel: '10' });
    const id = (await upload(pupil, png)).json().id as string;
    const noNote = await decide(operator, id, { decision: 'reject', note: ' ' });
    expect(noNote.statusCode).toBe(400);
    const rejected = await decide(operator, id, { decision: 'reject', note: 'Das Foto ist unscharf.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', reviewNote: 'Das Foto ist unscharf.' });
    expect(await hasConfirmedStudentId(t.context.database.db, pupil.id, new Date())).toBe(false);
    const mine = (await call(pupil, 'GET', '/api/student-id')).json();
    expect(mine).toMatchObject({ latest: { status: 'rejected' }, confirmedUntil: null });
    const [note] = await t.context.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, pupil.id));
    expect(note).toMatchObject({ type: 'warning', title: studentIdMessages.notificationRejectedTitle });
    expect(note!.message).toContain('Das Foto ist unscharf.');
    const [row] = await t.context.database.db
      .select()
      .from(studentIdChecks)
      .where(eq(studentIdChecks.id, id));
    expect(row!.storageKey).toBeNull();
    expect((await upload(pupil, png)).statusCode).toBe(201);
  });
});
