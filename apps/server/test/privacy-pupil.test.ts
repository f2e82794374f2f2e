import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExportFields, deletedAccountName } from '@korrigo/domain';
import {
  analyses,
  classStudents,
  gradeRecords,
  gradeReleaseEvents,
  invitations,
  studentIdChecks,
} from '../src/db/schema';
import { buildTestApp, everyDatabaseKind, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { buildAnalysis, buildClass, createUser } from './support/factories';

type User = Awaited<ReturnType<typeof createUser>>;

/** The keys of the export's JSON rows (groups are followed into, stored JSON values are not). */
function exportKeys(value: unknown, keys = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) exportKeys(item, keys);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      keys.add(key);
      const row = Array.isArray(inner) ? inner[0] : inner;
      // a group (an array of rows or a joined row) is followed; a stored JSON value is one field
      if (row && typeof row === 'object' && !Array.isArray(row) && key in groups) exportKeys(inner, keys);
    }
  }
  return keys;
}
const groups: Record<string, true> = Object.fromEntries(
  [
    'user',
    'profile',
    'signInMethods',
    'sessions',
    'analyses',
    'files',
    'gradingRuns',
    'changes',
    'credits',
    'chats',
    'messages',
    'sets',
    'papers',
    'schools',
    'school',
    'classesTaught',
    'class',
    'coursesTaught',
    'course',
    'rosterEntries',
    'entry',
    'courseParticipation',
    'invitationsSent',
    'invitationsReceived',
    'assignments',
    'exams',
    'materials',
    'records',
    'history',
  ].map((key) => [key, true]),
);

describe.each(everyDatabaseKind)('[PRIVACY] a pupil’s export and erasure on %s', (kind) => {
  let t: TestApp;
  let teacher: User;
  let pupil: User;
  let typedClass: Awaited<ReturnType<typeof buildClass>>;
  let joinedClass: Awaited<ReturnType<typeof buildClass>>;
  let studentIdKey: string;

  const post = (who: { cookie: string }, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie, origin: TEST_ORIGIN }, payload });
  const get = (who: { cookie: string }, url: string) =>
    t.app.inject({ url, headers: { cookie: who.cookie } });

  /** How many stored pages of the app's tables (and their TOAST and indexes) hold `marker`'s bytes. */
  async function pagesHolding(marker: string): Promise<number> {
    const { database } = t.context;
    if (kind === 'postgres') {
      await database.sql.executeSql('CREATE EXTENSION IF NOT EXISTS pageinspect');
      const { rows } = await database.sql.executeSql(
        `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace,
           LATERAL generate_series(0, pg_relation_size(c.oid) / current_setting('block_size')::int - 1) AS b
         WHERE ns.nspname IN ('public', 'pg_toast') AND c.relkind IN ('r', 't', 'i')
           AND position(convert_to($1, 'UTF8') in get_raw_page(c.oid::regclass::text, b::int)) > 0`,
        [marker],
      );
      return (rows[0] as { n: number }).n;
    }
    // PGlite: the table files themselves, once the pages are written out
    await database.sql.executeSql('CHECKPOINT');
    const needle = Buffer.from(marker);
    let found = 0;
    const base = path.join(t.dataDir, 'db', 'base');
    for (const entry of fs.readdirSync(base, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && fs.readFileSync(path.join(entry.parentPath, entry.name)).includes(needle))
        found += 1;
    }
    return found;
  }

  beforeAll(async () => {
    t = await buildTestApp(kind, { jobs: { pollingIntervalSeconds: 0.5 } });
    const { db } = t.context.database;
    teacher = await createUser(t, { accountType: 'teacher' });
    const marker = crypto.randomUUID().slice(0, 8);
    pupil = await createUser(t, {
      accountType: 'student',
      classLevel: '7',
      name: `Lena Sommer ${marker}`,
      email: `lena-${marker}@example.de`,
    });
    // one entry her teacher typed (and she claimed), one she made by joining with a code (her account's name)
    typedClass = await buildClass(t, {
      ownerId: teacher.id,
      roster: [{ name: 'Lena S.', email: pupil.email }],
    });
    joinedClass = await buildClass(t, { ownerId: teacher.id, name: '7c', roster: [] });
    await db.update(classStudents).set({ userId: pupil.id }).where(eq(classStudents.classId, typedClass.id));
    await db
      .insert(classStudents)
      .values({ classId: joinedClass.id, name: pupil.name, email: pupil.email, userId: pupil.id });
    // a personal invitation she accepted
    await db.insert(invitations).values({
      kind: 'class_student',
      schoolId: typedClass.schoolId,
      classId: typedClass.id,
      email: pupil.email,
      code: `C${marker.toUpperCase()}`,
      invitedBy: teacher.id,
      acceptedBy: pupil.id,
      acceptedAt: new Date(),
    });
    // her student ID, waiting for a teacher
    studentIdKey = await t.context.storage.put(`student-ids/${pupil.id}`, Buffer.from('%PDF-1.4 Ausweis'));
    await db.insert(studentIdChecks).values({
      userId: pupil.id,
      storageKey: studentIdKey,
      mimeType: 'application/pdf',
      sizeBytes: 16,
    });
    // a class test released to her and updated once, and a self-check of her own
    const graded = await buildAnalysis(t, { ownerId: teacher.id, title: 'Klassenarbeit 1' });
    await db
      .update(analyses)
      .set({ studentName: 'Lena S.', classStudentId: typedClass.students[0]!.id })
      .where(eq(analyses.id, graded.id));
    await db.insert(gradeRecords).values({
      userId: pupil.id,
      analysisId: graded.id,
      releasedBy: teacher.id,
      subject: 'Biologie',
      type: 'Klassenarbeit',
      title: 'Klassenarbeit 1',
      grade: '2',
      achievedPoints: 8,
      totalPoints: 10,
    });
    for (const [event, grade, points] of [
      ['released', '3', 6],
      ['release_updated', '2', 8],
    ] as const) {
      await db.insert(gradeReleaseEvents).values({
        analysisId: graded.id,
        kind: event,
        pupilUserId: pupil.id,
        pupilName: pupil.name,
        releasedBy: teacher.id,
        releasedByName: teacher.name,
        type: 'Klassenarbeit',
        title: 'Klassenarbeit 1',
        grade,
        achievedPoints: points,
        totalPoints: 10,
      });
    }
    const own = await buildAnalysis(t, { ownerId: pupil.id, title: 'Selbsttest Brüche' });
    await db.insert(gradeRecords).values({
      userId: pupil.id,
      analysisId: own.id,
      subject: 'Mathematik',
      type: 'Selbsttest',
      title: 'Selbsttest Brüche',
      grade: '1',
    });
  }, 60_000);
  afterAll(() => t?.close());

  it('exports her student ID, received invitations and the Verlauf of her grades, each PDF once, every field explained', async () => {
    const started = await post(pupil, '/api/privacy/exports');
    expect(started.statusCode, started.body).toBe(202);
    let current = started.json();
    for (let attempt = 0; attempt < 200 && current.status !== 'done'; attempt += 1) {
      expect(current.status).not.toBe('failed');
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = (await get(pupil, `/api/privacy/exports/${current.id}`)).json();
    }
    const zip = unzipSync(new Uint8Array((await get(pupil, current.downloadUrl)).rawPayload));
    const names = Object.keys(zip);
    const read = (name: string) => JSON.parse(strFromU8(zip[name]!));

    const ids = read('schuelerausweis.json');
    expect(ids).toEqual([expect.objectContaining({ status: 'pending', fileKept: true })]);
    expect(JSON.stringify(ids)).not.toContain(studentIdKey);
    const idFile = names.find((name) => name.startsWith('dateien/schuelerausweis/'));
    expect(strFromU8(zip[idFile!]!)).toBe('%PDF-1.4 Ausweis');

    const received = read('schulen-klassen-kurse.json').invitationsReceived;
    expect(received).toEqual([
      expect.objectContaining({ kind: 'class_student', className: typedClass.name, email: pupil.email }),
    ]);
    expect(received[0]).not.toHaveProperty('code');

    const grades = read('noten.json');
    expect(grades.records).toHaveLength(2);
    expect(grades.history).toEqual([
      expect.objectContaining({ kind: 'released', grade: '3', achievedPoints: 6, title: 'Klassenarbeit 1' }),
      expect.objectContaining({ kind: 'release_updated', grade: '2', achievedPoints: 8 }),
    ]);

    // the self-check once (it is her analysis and her record), the class test once
    const pdfs = names.filter((name) => name.startsWith('bewertungen/'));
    expect(pdfs).toHaveLength(2);
    expect(pdfs.filter((name) => name.includes('Selbsttest'))).toHaveLength(1);

    // the LIESMICH names every file and explains every field
    const readme = strFromU8(zip['LIESMICH.txt']!);
    for (const file of names.filter((name) => name.endsWith('.json'))) expect(readme).toContain(`- ${file}:`);
    const keys = new Set<string>();
    for (const file of names.filter((name) => name.endsWith('.json'))) exportKeys(read(file), keys);
    const unexplained = [...keys].filter((key) => !(key in dataExportFields));
    expect(unexplained).toEqual([]);
    for (const key of keys) expect(readme).toContain(`- ${key}: `);
    expect(JSON.stringify(read('datenexporte.json'))).not.toContain(`exports/${pupil.id}`);
  }, 60_000);

  it('erases her: the roster keeps the typed name or says „gelöschtes Konto“, never her e-mail; her folders and rows’ bytes go', async () => {
    const { db } = t.context.database;
    // the check can see her: before the erasure her address is in the table files
    expect(await pagesHolding(pupil.email)).toBeGreaterThan(0);

    const erased = await post(pupil, '/api/privacy/account-deletion', { password: pupil.password });
    expect(erased.statusCode, erased.body).toBe(200);

    // the teacher's classes: the name she typed stays, the name from the account goes, no e-mail anywhere
    const typed = await get(teacher, `/api/classes/${typedClass.id}`);
    const joined = await get(teacher, `/api/classes/${joinedClass.id}`);
    expect(typed.json().students).toEqual([
      expect.objectContaining({ name: 'Lena S.', email: null, hasAccount: false }),
    ]);
    expect(joined.json().students).toEqual([
      expect.objectContaining({ name: deletedAccountName, email: null, hasAccount: false }),
    ]);
    for (const body of [typed.body, joined.body]) {
      expect(body).not.toContain(pupil.email);
      expect(body).not.toContain(pupil.name);
    }
    expect(await db.select().from(invitations).where(eq(invitations.email, pupil.email))).toEqual([]);
    // the teacher's graded copy of the class test stays, as the school's record
    expect(
      await db.select({ id: analyses.id }).from(analyses).where(eq(analyses.userId, teacher.id)),
    ).toHaveLength(1);

    // no empty folder of hers is left on disk
    const files = path.join(t.dataDir, 'files');
    for (const folder of ['uploads', 'student-ids', 'exports', 'profile-images']) {
      expect(fs.existsSync(path.join(files, folder, pupil.id)), folder).toBe(false);
    }

    // the reclaim job rewrites the tables: her address is in no table file any more. VACUUM FULL of every
    // table takes a while on a busy machine (CI ran it beside 30 other test files), so the test waits for
    // the job itself and says so when it did not end, instead of reading the pages too early.
    let reclaim: { state: string; output: unknown } | undefined;
    for (let waited = 0; waited < 200_000; waited += 250) {
      const { rows } = await t.context.database.sql.executeSql(
        `SELECT state, output FROM pgboss.job WHERE name = 'erasure-reclaim' ORDER BY created_on DESC LIMIT 1`,
      );
      reclaim = rows[0] as typeof reclaim;
      if (reclaim?.state === 'completed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(reclaim, JSON.stringify(reclaim)).toMatchObject({ state: 'completed' });
    expect(await pagesHolding(pupil.email)).toBe(0);
    expect(await pagesHolding(pupil.name)).toBe(0);
  }, 300_000);
});
