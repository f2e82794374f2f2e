import { eq, inArray, or } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExportFields, privacyMessages } from '@korrigo/domain';
import {
  account,
  analyses,
  analysisFiles,
  chats,
  classes,
  courseMaterialFiles,
  courseMaterials,
  courses,
  dataExports,
  gradeRecords,
  gradeReleaseAudit,
  notifications,
  schoolTeachers,
  schools,
  session,
  tests,
  user,
  classTeachers,
  courseTeachers,
} from '../src/db/schema';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { buildAnalysis, buildCourse, buildSavedTest, createUser } from './support/factories';

type User = Awaited<ReturnType<typeof createUser>>;

describe.each(databaseKinds)('[PRIVACY] export and erasure on %s', (kind) => {
  let t: TestApp;
  let teacher: User;
  let colleague: User;
  let student: User;
  let teacherAnalysisId: string;
  let colleagueFileKey: string;
  let course: Awaited<ReturnType<typeof buildCourse>>;

  const post = (who: { cookie: string }, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie, origin: TEST_ORIGIN }, payload });
  /** every stored file of this app, whatever its prefix */
  const listAll = () => t.context.storage.list('');
  const get = (who: { cookie: string }, url: string) =>
    t.app.inject({ url, headers: { cookie: who.cookie } });

  /** An analysis with a stored upload, a chat, a notification and a saved test: what a user leaves behind. */
  async function seedActivity(owner: User, fileText: string) {
    const { db } = t.context.database;
    const analysis = await buildAnalysis(t, { ownerId: owner.id, title: 'Aufsatz Herbst' });
    const key = await t.context.storage.put(`uploads/${owner.id}`, Buffer.from(fileText));
    await db.insert(analysisFiles).values({
      analysisId: analysis.id,
      position: 0,
      storageKey: key,
      originalName: '../Arbeit von Lena.txt',
      mimeType: 'text/plain',
      sizeBytes: fileText.length,
    });
    await db
      .insert(chats)
      .values({ id: crypto.randomUUID(), userId: owner.id, analysisId: analysis.id, name: 'Frage' });
    await db
      .insert(notifications)
      .values({ userId: owner.id, type: 'analysis_complete', title: 'Fertig', message: 'Fertig' });
    await buildSavedTest(t, { ownerId: owner.id });
    return { analysis, key };
  }

  beforeAll(async () => {
    t = await buildTestApp(kind, { jobs: { pollingIntervalSeconds: 0.5 } });
    const { db } = t.context.database;
    teacher = await createUser(t, { accountType: 'teacher' });
    colleague = await createUser(t, { accountType: 'teacher' });
    student = await createUser(t, { accountType: 'student', classLevel: '7' });

    const mine = await seedActivity(teacher, 'Die Photosynthese braucht Licht.');
    teacherAnalysisId = mine.analysis.id;
    colleagueFileKey = (await seedActivity(colleague, 'Eine Arbeit der Kollegin.')).key;
    await seedActivity(student, 'Mein eigener Selbsttest.');

    // her course, shared with a colleague, with the student in it and a material file
    course = await buildCourse(t, { ownerId: teacher.id, studentUserIds: [student.id] });
    await db.insert(schoolTeachers).values({ schoolId: course.schoolId, userId: colleague.id });
    await db.insert(classTeachers).values({ classId: course.schoolClass.id, userId: colleague.id });
    await db.insert(courseTeachers).values({ courseId: course.id, userId: colleague.id });
    const [material] = await db
      .insert(courseMaterials)
      .values({ courseId: course.id, title: 'Arbeitsblatt', type: 'exercise', createdBy: teacher.id })
      .returning();
    await db.insert(courseMaterialFiles).values({
      materialId: material!.id,
      storageKey: await t.context.storage.put(`course-materials/${course.id}`, Buffer.from('Blatt')),
      originalName: 'blatt.txt',
      mimeType: 'text/plain',
      sizeBytes: 5,
    });
    // her analysis released to the student (ADR 0013)
    await db.insert(gradeRecords).values({
      userId: student.id,
      analysisId: teacherAnalysisId,
      releasedBy: teacher.id,
      subject: 'Biologie',
      type: 'Klassenarbeit',
      title: 'Aufsatz Herbst',
      grade: '2',
      releasedResult: { title: 'Aufsatz Herbst' } as never,
      releasedText: 'Der Herbst ist bunt.',
    });
  }, 60_000);
  afterAll(() => t?.close());

  it('builds the export as a job: JSON per kind, the uploaded file, the graded PDF; only for its owner', async () => {
    const started = await post(teacher, '/api/privacy/exports');
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().id as string;

    let current = started.json();
    for (let attempt = 0; attempt < 200 && current.status !== 'done'; attempt += 1) {
      expect(current.status).not.toBe('failed');
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = (await get(teacher, `/api/privacy/exports/${id}`)).json();
    }
    expect(current).toMatchObject({ status: 'done', progress: 100 });
    expect((await get(teacher, '/api/privacy/exports/latest')).json().export.id).toBe(id);

    const download = await get(teacher, current.downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(download.rawPayload));
    const names = Object.keys(zip);
    for (const kindFile of [
      'profil.json',
      'analysen.json',
      'chats.json',
      'benachrichtigungen.json',
      'tests.json',
    ]) {
      expect(names).toContain(kindFile);
    }
    const profile = JSON.parse(strFromU8(zip['profil.json']!));
    expect(profile.user.email).toBe(teacher.email);
    expect(JSON.stringify(profile)).not.toMatch(/\$argon2/);
    expect(JSON.parse(strFromU8(zip['analysen.json']!)).analyses).toHaveLength(1);
    // the file under a readable name that cannot climb out of its folder
    const upload = names.find((name) => name.startsWith('dateien/analysen/'));
    expect(upload).toMatch(/\/Arbeit von Lena\.txt$/);
    expect(strFromU8(zip[upload!]!)).toBe('Die Photosynthese braucht Licht.');
    expect(names.some((name) => name.startsWith('dateien/kursmaterial/'))).toBe(true);
    // every field of a teacher's files is explained in the LIESMICH too (a pupil's: privacy-pupil.test.ts)
    const fields = new Set<string>();
    const collect = (value: unknown, depth: number): void => {
      if (Array.isArray(value)) for (const item of value) collect(item, depth);
      else if (value && typeof value === 'object' && depth < 4) {
        for (const [key, inner] of Object.entries(value)) {
          fields.add(key);
          if (
            key in dataExportFields &&
            !['result', 'suggestedResult', 'options', 'releasedResult'].includes(key)
          )
            collect(inner, depth + 1);
        }
      }
    };
    for (const name of names.filter((file) => file.endsWith('.json'))) {
      collect(JSON.parse(strFromU8(zip[name]!)), 0);
    }
    expect([...fields].filter((key) => !(key in dataExportFields))).toEqual([]);
    const pdf = names.find((name) => name.startsWith('bewertungen/') && name.endsWith('.pdf'));
    expect(strFromU8(zip[pdf!]!.slice(0, 5))).toBe('%PDF-');

    // another user's export is not found, nor is its file
    expect((await get(colleague, `/api/privacy/exports/${id}`)).statusCode).toBe(404);
    expect((await get(colleague, `/api/privacy/exports/${id}/download`)).statusCode).toBe(404);
    expect((await get(colleague, '/api/privacy/exports/kein-export')).statusCode).toBe(404);

    // past its day, the next export's job deletes it with its file
    const { db } = t.context.database;
    const [first] = await db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, id))
      .returning();
    const next = (await post(teacher, '/api/privacy/exports')).json();
    for (let attempt = 0; attempt < 200; attempt += 1) {
      if ((await get(teacher, `/api/privacy/exports/${next.id}`)).json().status === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await db.select().from(dataExports).where(eq(dataExports.id, id))).toHaveLength(0);
    expect(await t.context.storage.get(first!.storageKey!)).toBeNull();

    // and every night, when no export follows
    expect(await t.context.analysis.jobs.boss.getSchedules()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'data-export-sweep', cron: '0 4 * * *', timezone: 'Europe/Berlin' }),
      ]),
    );

    // one running export per user
    await db.insert(dataExports).values({ userId: colleague.id, status: 'running' });
    const second = await post(colleague, '/api/privacy/exports');
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(privacyMessages.exportRunningConflict);
  }, 60_000);

  it('refuses a wrong or missing password and the demo accounts, in German', async () => {
    const wrong = await post(teacher, '/api/privacy/account-deletion', { password: 'falsch-falsch' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(privacyMessages.passwordWrong);
    const missing = await post(teacher, '/api/privacy/account-deletion', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(privacyMessages.passwordRequired);

    const demo = await createUser(t, { email: `demo-${Date.now()}@demo.korrigo.de` });
    expect((await get(demo, '/api/privacy/account-deletion')).json()).toMatchObject({
      confirmWith: 'password',
      demo: true,
    });
    const refused = await post(demo, '/api/privacy/account-deletion', { password: demo.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(privacyMessages.demoRefused);
  });

  it('an account without a password (Google) confirms with its e-mail address', async () => {
    const google = await createUser(t, { accountType: 'teacher' });
    await t.context.database.db.update(account).set({ password: null }).where(eq(account.userId, google.id));
    expect((await get(google, '/api/privacy/account-deletion')).json().confirmWith).toBe('email');
    const wrong = await post(google, '/api/privacy/account-deletion', { email: 'jemand@example.de' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(privacyMessages.emailMismatch);
    const erased = await post(google, '/api/privacy/account-deletion', { email: google.email.toUpperCase() });
    expect(erased.statusCode, erased.body).toBe(200);
  });

  it('erases a teacher and then a student: no file or row of theirs left, colleagues keep theirs', async () => {
    const { db } = t.context.database;
    const before = await listAll();
    const ofUser = (keys: string[], id: string) => keys.filter((key) => key.includes(id));
    expect(ofUser(before, teacher.id).length).toBeGreaterThan(1); // her upload and her export
    expect(before.some((key) => key.startsWith(`course-materials/${course.id}`))).toBe(true);

    const erased = await post(teacher, '/api/privacy/account-deletion', { password: teacher.password });
    expect(erased.statusCode, erased.body).toBe(200);
    // the old cookie opens nothing any more
    expect((await get(teacher, '/api/profile')).statusCode).toBe(401);

    expect(await db.select().from(user).where(eq(user.id, teacher.id))).toHaveLength(0);
    for (const table of [analyses, chats, notifications, tests, session]) {
      expect(await db.select().from(table).where(eq(table.userId, teacher.id))).toHaveLength(0);
    }
    // the shared school, class and course stay with the colleague, with the material she wrote
    const [school] = await db.select().from(schools).where(eq(schools.id, course.schoolId));
    expect(school?.createdBy).toBe(colleague.id);
    const [kept] = await db.select().from(courses).where(eq(courses.id, course.id));
    expect(kept?.createdBy).toBe(colleague.id);
    expect(await db.select().from(classes).where(eq(classes.id, course.schoolClass.id))).toHaveLength(1);
    // the student's record of her grade stays the student's; the teacher's name is gone from it
    const [record] = await db.select().from(gradeRecords).where(eq(gradeRecords.userId, student.id));
    expect(record?.releasedBy).toBeNull();
    // the graded work goes with the teacher's analysis, the copy released to the pupil too (ADR 0024)
    expect(record?.releasedResult).toBeNull();
    expect(record?.releasedText).toBeNull();
    // her learning profile keeps the grade and says the graded work is gone, instead of offering a dead link
    const profileAfter = (await get(student, '/api/learning-profile')).json();
    expect(profileAfter.grades).toEqual([
      expect.objectContaining({ grade: record!.grade, resultAvailable: false }),
    ]);

    const afterTeacher = await listAll();
    expect(ofUser(afterTeacher, teacher.id)).toEqual([]);
    expect(afterTeacher).toContain(colleagueFileKey);
    // nothing else went: the storage is what it was without her files
    expect(afterTeacher).toEqual(before.filter((key) => !key.includes(teacher.id)));

    const studentErased = await post(student, '/api/privacy/account-deletion', {
      password: student.password,
    });
    expect(studentErased.statusCode, studentErased.body).toBe(200);
    expect((await get(student, '/api/profile')).statusCode).toBe(401);
    const after = await listAll();
    expect(ofUser(after, student.id)).toEqual([]);
    expect(after).toContain(colleagueFileKey);
    expect(after).toEqual(afterTeacher.filter((key) => !key.includes(student.id)));
    expect(
      await db
        .select()
        .from(gradeRecords)
        .where(or(eq(gradeRecords.userId, student.id), eq(gradeRecords.analysisId, teacherAnalysisId))),
    ).toHaveLength(0);
    // the colleague's own things are untouched
    expect(await db.select().from(analyses).where(eq(analyses.userId, colleague.id))).toHaveLength(1);
    expect(
      await db
        .select()
        .from(analysisFiles)
        .where(inArray(analysisFiles.storageKey, [colleagueFileKey])),
    ).toHaveLength(1);
    expect((await get(colleague, '/api/profile')).statusCode).toBe(200);

    // one anonymised audit row of the released grade, naming nobody
    const audit = await db.select().from(gradeReleaseAudit);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ subject: 'Biologie', grade: '2', recordType: 'Klassenarbeit' });
    const text = JSON.stringify(audit);
    for (const personal of [
      teacher.id,
      student.id,
      teacher.email,
      student.email,
      teacher.name,
      'Lena',
      teacherAnalysisId,
    ]) {
      expect(text).not.toContain(personal);
    }
  }, 60_000);
});
