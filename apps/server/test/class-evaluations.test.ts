import { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysisMessages,
  classEvaluationMessages,
  extractionMessages,
  messages,
  planMessages,
  type AnalysisDetail,
  type ClassEvaluationDetail,
  type ClassEvaluationQuestion,
} from '@korrigo/domain';
import { ExtractionError, type ExtractionResult } from '@korrigo/grading';
import { aiRuns, analyses, classEvaluations, creditCharges, notifications, profiles } from '../src/db/schema';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { buildClass, buildCourse, buildSavedTest, createUser, nextAddress } from './support/factories';
import { multipartBody } from './support/multipart';

type User = Awaited<ReturnType<typeof createUser>>;

/** A PDF with a text layer, one entry of lines per page (ASCII, Helvetica), as a scanner with OCR writes it. */
function textPdf(pages: string[][]): Buffer {
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 4 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pages.forEach((lines, index) => {
    const text = lines.map((line, at) => `BT /F1 14 Tf 72 ${760 - at * 24} Td (${line}) Tj ET`).join('\n');
    objects[4 + index * 2] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + index * 2} 0 R >>`;
    objects[5 + index * 2] = `<< /Length ${text.length} >>\nstream\n${text}\nendstream`;
  });
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = body.length;
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1)
    body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const answers = [
  '1. a\n2. Man teilt Zähler und Nenner durch dieselbe Zahl.',
  '1. b\n2. Man kürzt den Bruch.',
  '1. a\n2. Zähler und Nenner werden durch den ggT geteilt.',
];

describe.each(databaseKinds)('[CLASS-EVALUATIONS] class sets on %s', (kind) => {
  let t: TestApp;
  let teacher: User;
  let schoolClass: Awaited<ReturnType<typeof buildClass>>;
  let course: Awaited<ReturnType<typeof buildCourse>>;
  /** a paper whose text holds this marker dies once just before its result is stored, as with a killed worker */
  const CRASH_MARKER = 'ABSTURZ-EINMAL';
  const crashed = new Set<string>();

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      jobs: { pollingIntervalSeconds: 0.5 },
      // one teacher hands in set after set within a few minutes, each paper counting as an upload; the
      // budget itself is tested in '[CLASS-EVALUATIONS] checks before work' below
      env: { UPLOAD_RATE_LIMIT_PER_10_MINUTES: '1000' },
      analysis: {
        beforeStore: async (analysisId) => {
          const [row] = await t.context.database.db
            .select()
            .from(analyses)
            .where(eq(analyses.id, analysisId));
          if (row?.inputText.includes(CRASH_MARKER) && !crashed.has(analysisId)) {
            crashed.add(analysisId);
            throw new Error('worker died while storing');
          }
        },
      },
    });
    teacher = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
    schoolClass = await buildClass(t, {
      ownerId: teacher.id,
      roster: [{ name: 'Lena Schmidt' }, { name: 'Ali Demir' }, { name: 'Mia Wolf' }, { name: 'Tom Berg' }],
    });
    course = await buildCourse(t, { ownerId: teacher.id, schoolClass, name: 'Mathe 7b' });
  }, 60_000);
  afterAll(() => t?.close());

  const setCredits = (userId: string, credits: number, usedCredits = 0) =>
    t.context.database.db.update(profiles).set({ credits, usedCredits }).where(eq(profiles.userId, userId));

  const post = (
    user: User,
    body: { payload: Buffer | object; headers?: Record<string, string> },
    url = '/api/class-evaluations',
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN, ...body.headers },
      payload: body.payload,
    });

  const get = (user: User, id: string) =>
    t.app.inject({ url: `/api/class-evaluations/${id}`, headers: { cookie: user.cookie } });

  async function waitForSet(user: User, id: string): Promise<ClassEvaluationDetail> {
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const response = await get(user, id);
      expect(response.statusCode, response.body).toBe(200);
      const detail = response.json() as ClassEvaluationDetail;
      if (detail.status === 'done' || detail.status === 'failed') return detail;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the set did not finish');
  }

  const pupils = () => schoolClass.students.slice(0, 3);

  async function ledgerOf(detail: ClassEvaluationDetail) {
    const db = t.context.database.db;
    const ids = detail.papers.map((paper) => paper.analysisId!);
    return {
      charges: await db.select().from(creditCharges).where(inArray(creditCharges.analysisId, ids)),
      runs: (await db.select().from(aiRuns).where(inArray(aiRuns.analysisId, ids))).filter(
        (run) => run.outcome !== 'failed',
      ),
    };
  }

  it('grades three typed papers against a saved test: one analysis, one result and one charge per paper', async () => {
    const test = await buildSavedTest(t, { ownerId: teacher.id });
    await setCredits(teacher.id, 10);
    const created = await post(teacher, {
      payload: {
        courseId: course.id,
        testName: 'Brüche',
        selectedTestId: test.id,
        options: { subject: 'Mathematik', gradeLevel: 'Mittelstufe' },
        studentData: pupils().map((pupil, index) => ({ studentId: pupil.id, text: answers[index] })),
      },
    });
    expect(created.statusCode, created.body).toBe(202);
    const id = created.json().evaluationId as string;

    const detail = await waitForSet(teacher, id);
    expect(detail.status).toBe('done');
    expect(detail).toMatchObject({
      testName: 'Brüche',
      courseId: course.id,
      courseName: 'Mathe 7b',
      schoolId: schoolClass.schoolId,
      classId: schoolClass.id,
      answerKeyTestId: test.id,
      progress: { papers: 3, done: 3, failed: 0, processing: 0 },
    });
    expect(detail.papers.map((paper) => paper.studentName).sort()).toEqual(
      pupils()
        .map((pupil) => pupil.name)
        .sort(),
    );
    for (const paper of detail.papers) {
      expect(paper).toMatchObject({
        status: 'done',
        match: 'upload',
        confidence: 1,
        reviewState: 'suggested',
      });
      const analysis = await t.app.inject({
        url: `/api/analyses/${paper.analysisId}`,
        headers: { cookie: teacher.cookie },
      });
      // every paper is scored; a grade is proposed unless the points taken for words not found could move
      // it by more than a step (ADR 0035)
      const result = (analysis.json() as AnalysisDetail).result!;
      expect(result.achieved_points).not.toBeNull();
      expect(paper.grade === null).toBe(result.review_flags.some((flag) => flag.code === 'points_uncertain'));
      expect(analysis.json()).toMatchObject({
        status: 'done',
        courseLink: {
          courseId: course.id,
          courseName: 'Mathe 7b',
          studentId: paper.studentId,
          studentName: paper.studentName,
          schoolId: schoolClass.schoolId,
          classId: schoolClass.id,
        },
        answerKeyTestId: test.id,
      });
    }
    // the fourth pupil has no paper; every participant is listed
    expect(detail.students).toHaveLength(4);
    expect(detail.students.filter((student) => student.paperId === null).map((s) => s.name)).toEqual([
      'Tom Berg',
    ]);
    expect(detail.students.every((student) => student.hasAccount === false)).toBe(true);

    const ledger = await ledgerOf(detail);
    expect(ledger.charges).toHaveLength(3);
    expect(ledger.charges.every((charge) => charge.confirmed && !charge.refunded)).toBe(true);
    expect(ledger.runs).toHaveLength(3);
    const [profile] = await t.context.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, teacher.id));
    expect(profile!.usedCredits).toBe(3);

    const list = await t.app.inject({
      url: `/api/class-evaluations?courseId=${course.id}`,
      headers: { cookie: teacher.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().classEvaluations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id, status: 'done', progress: expect.objectContaining({ done: 3 }) }),
      ]),
    );

    // the set speaks for its papers: one notification once the last is graded, none per paper
    const notifications = (
      await t.app.inject({ url: '/api/notifications', headers: { cookie: teacher.cookie } })
    ).json().notifications as { title: string; message: string; metadata: Record<string, string> }[];
    const paperIds = new Set(detail.papers.map((paper) => paper.analysisId));
    expect(notifications.filter((n) => paperIds.has(n.metadata.analysisId ?? ''))).toEqual([]);
    expect(
      notifications
        .filter((n) => n.metadata.relativeLink === `/dashboard/class-evaluations/${id}`)
        .map((n) => [n.title, n.message]),
    ).toEqual([[classEvaluationMessages.doneTitle, classEvaluationMessages.doneMessage('Brüche', 3, 0)]]);
  }, 60_000);

  it('documents the class-set routes in the OpenAPI', async () => {
    const docs = await t.app.inject({ url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const paths = Object.keys(docs.json().paths);
    for (const path of [
      '/api/class-evaluations',
      '/api/class-evaluations/{id}',
      '/api/class-evaluations/{id}/papers',
      '/evaluate-class',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('refuses a set the credits do not reach, with the German message; nothing is created or charged', async () => {
    const poor = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
    const poorClass = await buildClass(t, {
      ownerId: poor.id,
      roster: [{ name: 'Anna' }, { name: 'Ben' }, { name: 'Cem' }],
    });
    const poorCourse = await buildCourse(t, { ownerId: poor.id, schoolClass: poorClass });
    await setCredits(poor.id, 2);
    const response = await post(poor, {
      payload: {
        courseId: poorCourse.id,
        teacherContent: '1. a\n2. Zähler und Nenner durch dieselbe Zahl teilen.',
        studentData: poorClass.students
          .slice(0, 3)
          .map((pupil, index) => ({ studentId: pupil.id, text: answers[index] })),
      },
    });
    expect(response.statusCode, response.body).toBe(402);
    expect(response.json().error.message).toBe(classEvaluationMessages.notEnoughCredits(3, 2));
    const db = t.context.database.db;
    expect(await db.select().from(classEvaluations).where(eq(classEvaluations.userId, poor.id))).toEqual([]);
    expect(await db.select().from(analyses).where(eq(analyses.userId, poor.id))).toEqual([]);
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, poor.id));
    expect(profile).toMatchObject({ credits: 2, usedCredits: 0 });
  });

  it('answers 404 for a course the teacher does not teach and 400 for a pupil not in the course', async () => {
    const colleague = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
    const foreign = await post(colleague, {
      payload: {
        courseId: course.id,
        teacherContent: 'Lösung',
        studentData: [{ studentId: pupils()[0]!.id, text: 'Antwort' }],
      },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(analysisMessages.courseNotFound);

    const otherClass = await buildClass(t, {
      ownerId: teacher.id,
      name: '8c',
      roster: [{ name: 'Ida Roth' }],
    });
    const stranger = await post(teacher, {
      payload: {
        courseId: course.id,
        teacherContent: 'Lösung',
        studentData: [{ studentId: otherClass.students[0]!.id, text: 'Antwort' }],
      },
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error.message).toBe(classEvaluationMessages.studentNotInCourse);

    // the same for a file named after a pupil of another class
    const file = multipartBody(
      [{ name: `${otherClass.students[0]!.id}_arbeit.txt`, data: Buffer.from('Meine Antwort') }],
      { courseId: course.id, teacherContent: 'Lösung' },
    );
    const byFile = await post(teacher, file);
    expect(byFile.statusCode).toBe(400);
    expect(byFile.json().error.message).toBe(classEvaluationMessages.studentNotInCourse);

    // no key, two keys, no paper
    const noKey = await post(teacher, {
      payload: { courseId: course.id, studentData: [{ studentId: pupils()[0]!.id, text: 'Antwort' }] },
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.message).toBe(classEvaluationMessages.keyRequired);
    const test = await buildSavedTest(t, { ownerId: teacher.id });
    const twoKeys = await post(teacher, {
      payload: {
        courseId: course.id,
        selectedTestId: test.id,
        teacherContent: 'Lösung',
        studentData: [{ studentId: pupils()[0]!.id, text: 'Antwort' }],
      },
    });
    expect(twoKeys.statusCode).toBe(400);
    expect(twoKeys.json().error.message).toBe(classEvaluationMessages.keyTwice);
    const noPaper = await post(teacher, { payload: { courseId: course.id, teacherContent: 'Lösung' } });
    expect(noPaper.statusCode).toBe(400);
    expect(noPaper.json().error.message).toBe(classEvaluationMessages.noPapers);
    const badData = await post(teacher, multipartBody([], { courseId: course.id, studentData: '{kaputt' }));
    expect(badData.statusCode).toBe(400);
    expect(badData.json().error.message).toBe(classEvaluationMessages.studentDataInvalid);
  });

  it("takes the spec's /evaluate-class fields: names from the course, files per student, a file checked by content", async () => {
    await setCredits(teacher.id, 10);
    const [lena, ali] = pupils();
    const body = multipartBody(
      [
        { name: `${lena!.id}_aufsatz.txt`, data: Buffer.from('1. a\n2. Man teilt Zähler und Nenner.') },
        { name: `${ali!.id}_seite1.txt`, data: Buffer.from('1. b') },
        { name: `${ali!.id}_seite2.txt`, data: Buffer.from('2. Kürzen heißt teilen.') },
      ],
      {
        courseId: course.id,
        courseName: 'Erfunden',
        schoolId: '00000000-0000-4000-8000-000000000000',
        classId: '00000000-0000-4000-8000-000000000000',
        testName: 'Klassenarbeit 2',
        customInstructions: 'Bitte streng bewerten.',
        userTemp: '0.3',
        teacherContent: '1. a\n2. Zähler und Nenner werden durch dieselbe Zahl geteilt.',
        studentData: JSON.stringify([{ studentId: lena!.id, text: '' }]),
      },
    );
    const created = await post(teacher, body, '/evaluate-class');
    expect(created.statusCode, created.body).toBe(202);
    const detail = await waitForSet(teacher, created.json().evaluationId);
    expect(detail).toMatchObject({
      status: 'done',
      testName: 'Klassenarbeit 2',
      courseName: 'Mathe 7b',
      schoolId: schoolClass.schoolId,
      hasAnswerKeyText: true,
      progress: { papers: 2, done: 2 },
    });
    const aliPaper = detail.papers.find((paper) => paper.studentId === ali!.id)!;
    const analysis = await t.app.inject({
      url: `/api/analyses/${aliPaper.analysisId}`,
      headers: { cookie: teacher.cookie },
    });
    // the spec's `{studentId}_` prefix routes the file; the paper keeps the teacher's own file name
    expect(analysis.json().files.map((file: { name: string }) => file.name)).toEqual([
      'seite1.txt',
      'seite2.txt',
    ]);
    expect(analysis.json().options).toMatchObject({
      customInstructions: 'Bitte streng bewerten.',
      temperature: 0.3,
    });

    // an executable named as a pupil's PDF is refused by its content
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 0)]);
    const fake = await post(
      teacher,
      multipartBody([{ name: `${lena!.id}_test.pdf`, data: exe }], {
        courseId: course.id,
        teacherContent: 'x',
      }),
      '/evaluate-class',
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toBe(classEvaluationMessages.unsupportedFile('test.pdf'));
  }, 60_000);

  it('recovers from a worker that died in the middle of a set: one result and one charge per paper', async () => {
    await setCredits(teacher.id, 10);
    // two of three papers die once before their result is stored; their jobs are retried
    const created = await post(teacher, {
      payload: {
        courseId: course.id,
        teacherContent: '1. a\n2. Zähler und Nenner durch dieselbe Zahl teilen.',
        studentData: pupils().map((pupil, index) => ({
          studentId: pupil.id,
          text: index < 2 ? `${answers[index]} ${CRASH_MARKER}` : answers[index],
        })),
      },
    });
    expect(created.statusCode, created.body).toBe(202);
    const id = created.json().evaluationId as string;
    const detail = await waitForSet(teacher, id);
    expect(detail.status).toBe('done');
    expect(detail.papers.map((paper) => paper.status)).toEqual(['done', 'done', 'done']);
    const ledger = await ledgerOf(detail);
    expect(ledger.charges).toHaveLength(3);
    expect(ledger.charges.every((charge) => charge.confirmed && !charge.refunded)).toBe(true);
    expect(crashed.size).toBe(2);
    for (const paper of detail.papers) {
      expect(ledger.runs.filter((run) => run.analysisId === paper.analysisId)).toHaveLength(1);
    }
  }, 90_000);

  it('reads a key file in the prepare job, then grades; an unreadable key fails the set with a notification and no charge', async () => {
    await setCredits(teacher.id, 10);
    const [lena, ali] = pupils();
    const key = '1. a\n2. Zähler und Nenner werden durch dieselbe Zahl geteilt.';
    const created = await post(
      teacher,
      multipartBody([{ name: 'teacher_loesung.txt', data: Buffer.from(key) }], {
        courseId: course.id,
        testName: 'Mit Schlüsseldatei',
        studentData: JSON.stringify([
          { studentId: lena!.id, text: answers[0] },
          { studentId: ali!.id, text: answers[1] },
        ]),
      }),
    );
    expect(created.statusCode, created.body).toBe(202);
    const id = created.json().evaluationId as string;
    const detail = await waitForSet(teacher, id);
    expect(detail).toMatchObject({
      status: 'done',
      hasAnswerKeyText: true,
      progress: { papers: 2, done: 2 },
    });
    expect(detail.files).toEqual([expect.objectContaining({ name: 'loesung.txt', role: 'key' })]);
    const analysis = await t.app.inject({
      url: `/api/analyses/${detail.papers[0]!.analysisId}`,
      headers: { cookie: teacher.cookie },
    });
    expect(analysis.json().answerKeyText).toBe(key);
    const file = await t.app.inject({
      url: `/api/class-evaluations/${id}/files/${detail.files[0]!.id}`,
      headers: { cookie: teacher.cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(key);
    expect((await ledgerOf(detail)).charges).toHaveLength(2);

    // a key file without any text: the set fails, the teacher is told, nothing is charged
    const before = await t.context.database.db.select().from(profiles).where(eq(profiles.userId, teacher.id));
    const blank = await post(
      teacher,
      multipartBody(
        [
          { name: 'teacher_leer.txt', data: Buffer.from('   \n  ') },
          { name: `${lena!.id}_arbeit.txt`, data: Buffer.from(answers[0]!) },
        ],
        { courseId: course.id, testName: 'Leerer Schlüssel' },
      ),
    );
    expect(blank.statusCode, blank.body).toBe(202);
    const failed = await waitForSet(teacher, blank.json().evaluationId);
    // the extractor's own reason, as for a single analysis
    const reason = 'Die Datei „leer.txt“ enthält keinen lesbaren Text.';
    expect(failed).toMatchObject({ status: 'failed', errorMessage: reason, papers: [] });
    // nothing graded: „Alle Schüler-PDFs“ have nothing to hold, and nobody was absent from a test never graded
    for (const file of ['paper-pdfs.zip', 'paper-pdfs.pdf']) {
      const none = await t.app.inject({
        url: `/api/class-evaluations/${failed.id}/${file}`,
        headers: { cookie: teacher.cookie },
      });
      expect(none.statusCode, file).toBe(409);
      expect(none.json().error.message).toBe(classEvaluationMessages.noGradedPapers);
    }
    const csv = await t.app.inject({
      url: `/api/class-evaluations/${failed.id}/export.csv`,
      headers: { cookie: teacher.cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('abwesend');
    const notes = await t.context.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, teacher.id));
    expect(notes.filter((note) => note.title === classEvaluationMessages.failedTitle)).toEqual([
      expect.objectContaining({
        type: 'error',
        message: classEvaluationMessages.failedMessage('Leerer Schlüssel', reason),
      }),
    ]);
    const after = await t.context.database.db.select().from(profiles).where(eq(profiles.userId, teacher.id));
    expect(after[0]!.usedCredits).toBe(before[0]!.usedCredits);
  }, 60_000);

  it('reads a stack, splits it by the names on the pages and waits for the teacher at needs_review', async () => {
    await setCredits(teacher.id, 10);
    const [lena, ali] = pupils();
    const stack = Buffer.from(
      textPdf([
        ['Name: Lena Schmidt', '1. a', '2. Man teilt Zaehler und Nenner durch dieselbe Zahl.'],
        ['Name: Ali Demir', '1. b', '2. Man kuerzt den Bruch.'],
        ['Fortsetzung: Der Bruch wird kleiner geschrieben.'],
      ]),
    );
    const created = await post(
      teacher,
      // numbered as the web numbers a stack's files: the number is not part of the name shown
      multipartBody([{ name: 'stack_001_scan.pdf', data: stack }], {
        courseId: course.id,
        testName: 'Stapel',
        teacherContent: '1. a\n2. Zähler und Nenner durch dieselbe Zahl teilen.',
      }),
    );
    expect(created.statusCode, created.body).toBe(202);
    const id = created.json().evaluationId as string;
    let detail: ClassEvaluationDetail | undefined;
    for (let attempt = 0; attempt < 300; attempt += 1) {
      detail = (await get(teacher, id)).json() as ClassEvaluationDetail;
      if (detail.status !== 'preparing') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(detail!.status, detail!.errorMessage ?? '').toBe('needs_review');
    expect(detail!.files).toEqual([expect.objectContaining({ name: 'scan.pdf', role: 'stack' })]);
    expect(detail!.pages).toHaveLength(3);
    const fileId = detail!.files[0]!.id;
    expect(
      detail!.papers.map((paper) => ({ studentId: paper.studentId, match: paper.match, pages: paper.pages })),
    ).toEqual([
      { studentId: lena!.id, match: 'name', pages: [{ fileId, pageIndex: 0 }] },
      {
        studentId: ali!.id,
        match: 'name',
        pages: [
          { fileId, pageIndex: 1 },
          { fileId, pageIndex: 2 },
        ],
      },
    ]);
    expect(detail!.papers.every((paper) => paper.analysisId === null)).toBe(true);
    // nothing is charged before the teacher starts grading
    const charges = await t.context.database.db.select().from(analyses).where(eq(analyses.title, 'Stapel'));
    expect(charges).toEqual([]);
    const notes = await t.context.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, teacher.id));
    expect(notes.map((note) => note.message)).toContain(
      classEvaluationMessages.splitReadyMessage('Stapel', 2),
    );

    // the teacher's split: a page twice, an unknown page and a pupil twice are refused
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/class-evaluations/${id}/papers`,
        headers: { cookie: teacher.cookie, origin: TEST_ORIGIN },
        payload,
      });
    const page = (pageIndex: number) => ({ fileId, pageIndex });
    const twice = await put({
      papers: [
        { studentId: lena!.id, pages: [page(0), page(0)] },
        { studentId: ali!.id, pages: [page(1), page(2)] },
      ],
    });
    expect(twice.json().error.message).toBe(classEvaluationMessages.pageTwice);
    const unknown = await put({
      papers: [
        { studentId: lena!.id, pages: [page(0), page(7)] },
        { studentId: ali!.id, pages: [page(1), page(2)] },
      ],
    });
    expect(unknown.json().error.message).toBe(classEvaluationMessages.pageUnknown);
    const missing = await put({
      papers: [
        { studentId: lena!.id, pages: [page(0)] },
        { studentId: ali!.id, pages: [page(1)] },
      ],
    });
    expect(missing.json().error.message).toBe(classEvaluationMessages.unassignedPages);
    const student = await put({
      papers: [
        { studentId: lena!.id, pages: [page(0)] },
        { studentId: lena!.id, pages: [page(1), page(2)] },
      ],
    });
    expect(student.json().error.message).toBe(classEvaluationMessages.studentTwice('Lena Schmidt'));
    // the last page set aside explicitly
    const saved = await put({
      papers: [
        { studentId: lena!.id, pages: [page(0)] },
        { studentId: ali!.id, pages: [page(1)] },
      ],
      discardedPages: [page(2)],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().papers.map((paper: { match: string }) => paper.match)).toEqual(['name', 'teacher']);

    // one credit for two papers: 402 with both numbers, nothing reserved, the split still waits for her
    await setCredits(teacher.id, 1);
    const short = await t.app.inject({
      method: 'POST',
      url: `/api/class-evaluations/${id}/start`,
      headers: { cookie: teacher.cookie, origin: TEST_ORIGIN },
    });
    expect(short.statusCode, short.body).toBe(402);
    expect(short.json().error.message).toBe(classEvaluationMessages.notEnoughCredits(2, 1));
    expect((await get(teacher, id)).json()).toMatchObject({ status: 'needs_review' });
    await setCredits(teacher.id, 10);

    const started = await t.app.inject({
      method: 'POST',
      url: `/api/class-evaluations/${id}/start`,
      headers: { cookie: teacher.cookie, origin: TEST_ORIGIN },
    });
    expect(started.statusCode, started.body).toBe(200);
    const graded = await waitForSet(teacher, id);
    expect(graded).toMatchObject({ status: 'done', progress: { papers: 2, done: 2 } });
    const first = await t.app.inject({
      url: `/api/analyses/${graded.papers[0]!.analysisId}`,
      headers: { cookie: teacher.cookie },
    });
    expect(first.json()).toMatchObject({
      status: 'done',
      files: [expect.objectContaining({ name: 'scan.pdf' })],
      courseLink: expect.objectContaining({ studentId: lena!.id }),
    });
    expect(first.json().extractedText).toContain('Zaehler und Nenner');
    expect(first.json().extractedText).not.toContain('Ali Demir');
    expect((await ledgerOf(graded)).charges).toHaveLength(2);
    // the review by question names the page each scanned answer was read from (issue 34 §7)
    const questions = await t.app.inject({
      url: `/api/class-evaluations/${id}/questions`,
      headers: { cookie: teacher.cookie },
    });
    expect(questions.statusCode, questions.body).toBe(200);
    const pages = (questions.json() as { questions: ClassEvaluationQuestion[] }).questions.flatMap(
      (question) =>
        question.groups.flatMap((group) =>
          group.answers.map((answer) => ({ name: answer.studentName, page: answer.page })),
        ),
    );
    expect(pages.length).toBeGreaterThan(0);
    for (const { name, page: read } of pages) {
      expect(read, name).toEqual(name === 'Lena Schmidt' ? page(0) : page(1));
    }
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/class-evaluations/${id}/start`,
      headers: { cookie: teacher.cookie, origin: TEST_ORIGIN },
    });
    expect(again.statusCode).toBe(409);

    // deleting a paper's analysis keeps the stack file the set and the other paper still use
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/analyses/${graded.papers[0]!.analysisId}`,
      headers: { cookie: teacher.cookie, origin: TEST_ORIGIN },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const stackFile = await t.app.inject({
      url: `/api/class-evaluations/${id}/files/${fileId}`,
      headers: { cookie: teacher.cookie },
    });
    expect(stackFile.statusCode).toBe(200);
    expect(stackFile.rawPayload.equals(stack)).toBe(true);
  }, 60_000);

  it('reads a stack longer than a paper may be (a PDF of more than 40 pages), page-count split', async () => {
    await setCredits(teacher.id, 10);
    // three pupils with 15 pages each, no names: the teacher's page count splits it
    const pages = Array.from({ length: 45 }, (_, page) => [`Seite ${(page % 15) + 1}`, 'Antwort: a']);
    const created = await post(
      teacher,
      multipartBody([{ name: 'stack_lang.pdf', data: textPdf(pages) }], {
        courseId: course.id,
        testName: 'Langer Stapel',
        teacherContent: '1. a',
        autoDetect: 'false',
        pagesPerPaper: '15',
      }),
    );
    expect(created.statusCode, created.body).toBe(202);
    const id = created.json().evaluationId as string;
    let detail: ClassEvaluationDetail | undefined;
    for (let attempt = 0; attempt < 300; attempt += 1) {
      detail = (await get(teacher, id)).json() as ClassEvaluationDetail;
      if (detail.status !== 'preparing') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(detail!.status, detail!.errorMessage ?? '').toBe('needs_review');
    expect(detail!.pages).toHaveLength(45);
    expect(detail!.papers.map((paper) => paper.pages.length)).toEqual([15, 15, 15]);
  }, 60_000);

  it("streams the set's status until it is done; another teacher's set is not found", async () => {
    await setCredits(teacher.id, 10);
    const created = await post(teacher, {
      payload: {
        courseId: course.id,
        teacherContent: 'Lösung: 1. a',
        studentData: [{ studentId: pupils()[0]!.id, text: '1. a' }],
      },
    });
    const id = created.json().evaluationId as string;
    const stream = await t.app.inject({
      url: `/api/class-evaluations/${id}/events`,
      headers: { cookie: teacher.cookie },
    });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    const events = stream.body
      .split('\n\n')
      .filter((chunk) => chunk.startsWith('event: status'))
      .map((chunk) => JSON.parse(chunk.slice(chunk.indexOf('data: ') + 6)));
    expect(events.at(-1)).toMatchObject({ id, status: 'done', progress: { papers: 1, done: 1 } });

    const colleague = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
    for (const url of [`/api/class-evaluations/${id}`, `/api/class-evaluations/${id}/events`]) {
      const response = await t.app.inject({ url, headers: { cookie: colleague.cookie } });
      expect(response.statusCode, url).toBe(404);
    }
    const list = await t.app.inject({ url: '/api/class-evaluations', headers: { cookie: colleague.cookie } });
    expect(list.json()).toEqual({ classEvaluations: [] });
  }, 60_000);
});

/**
 * Issue 31 point 4, checks before work: a class-set upload is refused for its plan, its budget or its declared
 * size before its body is read, and its papers count against the upload budget of analyses and text
 * recognition.
 */
describe.each(databaseKinds)('[CLASS-EVALUATIONS] checks before work on %s', (kind) => {
  let t: TestApp;
  /** every call of the extractor: the file names and whether it was allowed text recognition */
  const extracted: { names: string[]; ocr: boolean }[] = [];
  const names = ['Lena Schmidt', 'Ali Demir'];

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      jobs: { pollingIntervalSeconds: 0.5 },
      env: { UPLOAD_RATE_LIMIT_PER_10_MINUTES: '3' },
      analysis: {
        // the one edge replaced: a stack (stapel.pdf) reads as one page per pupil with her name on top,
        // a file named scan* as a scan (refused without OCR), anything else as a text layer
        extract: async (files, limits = {}): Promise<ExtractionResult> => {
          extracted.push({ names: files.map((file) => file.name), ocr: limits.ocr !== false });
          const scan = files.find((file) => file.name.startsWith('scan'));
          if (scan && limits.ocr === false) {
            throw new ExtractionError('needs_ocr', extractionMessages.needsOcr(scan.name), scan.name);
          }
          const texts =
            files[0]?.name === 'stapel.pdf' ? names.map((name) => `Name: ${name}\n1. a`) : ['1. a'];
          const pages = texts.map((text, pageIndex) => ({
            fileIndex: 0,
            pageIndex,
            text,
            source: scan ? ('ocr' as const) : ('pdf-text-layer' as const),
            confidence: scan ? 95 : null,
            words: [],
          }));
          return { text: texts.join('\n\n'), pages, needsReview: false, hiddenText: [] };
        },
      },
    });
  }, 60_000);
  afterAll(() => t?.close());

  /** A teacher with a course of the two named pupils, sending from an address of her own. */
  async function teacherWithCourse(plan: 'free' | 'premium_teacher') {
    const teacher = await createUser(t, { accountType: 'teacher', plan });
    const schoolClass = await buildClass(t, {
      ownerId: teacher.id,
      roster: names.map((name) => ({ name })),
    });
    const course = await buildCourse(t, { ownerId: teacher.id, schoolClass });
    const address = nextAddress();
    const send = (url: string, body: { payload: object | Buffer | Readable; headers?: object }) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: address,
        headers: { cookie: teacher.cookie, origin: TEST_ORIGIN, ...body.headers },
        payload: body.payload as Buffer,
      });
    const typedSet = (papers: number) =>
      send('/api/class-evaluations', {
        payload: {
          courseId: course.id,
          teacherContent: 'Aufgabe 1 (2 P)\na',
          studentData: schoolClass.students
            .slice(0, papers)
            .map((pupil) => ({ studentId: pupil.id, text: '1. a' })),
        },
      });
    const analysis = () => send('/api/analyses', { payload: { text: 'Die Antwort ist a.' } });
    return { teacher, schoolClass, course, send, typedSet, analysis };
  }

  /**
   * A multipart body of `megabytes` MB made only as it is read, for a stack file: `sent` says how much of it
   * the server has pulled.
   */
  function lazyStackUpload(courseId: string, megabytes: number) {
    const boundary = '----korrigo-lazy';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="courseId"\r\n\r\n${courseId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="stack_001_scan.pdf"\r\n` +
        `Content-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    );
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let chunks = (megabytes * 1024 * 1024) / chunk.length;
    const progress = { sent: 0 };
    const body = new Readable({
      read() {
        const next = progress.sent === 0 ? head : chunks-- > 0 ? chunk : null;
        if (next === null) {
          this.push(Buffer.from(`\r\n--${boundary}--\r\n`));
          this.push(null);
          return;
        }
        progress.sent += next.length;
        this.push(next);
      },
    });
    return {
      progress,
      body: { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
    };
  }

  it("refuses a free teacher's class set with 402 before its body is read: nothing buffered, stored, read or counted", async () => {
    const free = await teacherWithCourse('free');
    const upload = lazyStackUpload(free.course.id, 100);
    const refused = await free.send('/api/class-evaluations', upload.body);
    expect(refused.statusCode, refused.body).toBe(402);
    expect(refused.json().error).toEqual({
      code: 'plan_feature',
      message: planMessages.featureNotInPlan('classSets', 'premium_teacher', 'teacher'),
      plan: 'premium_teacher',
    });
    // of 100 MB, no more than the stream's first reads reached the server
    expect(upload.progress.sent).toBeLessThan(1024 * 1024);
    // the spec's old route alike
    const old = lazyStackUpload(free.course.id, 100);
    expect((await free.send('/evaluate-class', old.body)).statusCode).toBe(402);
    expect(old.progress.sent).toBeLessThan(1024 * 1024);

    expect(await t.context.storage.list(`uploads/${free.teacher.id}`)).toEqual([]);
    const db = t.context.database.db;
    expect(
      await db.select().from(classEvaluations).where(eq(classEvaluations.userId, free.teacher.id)),
    ).toEqual([]);
    expect(extracted).toEqual([]);
    // a refused plan costs no upload budget: her three analyses of the window are all there
    for (let i = 0; i < 3; i++) expect((await free.analysis()).statusCode).toBe(202);
    expect((await free.analysis()).statusCode).toBe(429);
  }, 60_000);

  it('refuses a declared size past the limits with 413 before reading the body', async () => {
    const premium = await teacherWithCourse('premium_teacher');
    const upload = lazyStackUpload(premium.course.id, 1);
    const refused = await premium.send('/api/class-evaluations', {
      ...upload.body,
      headers: { ...upload.body.headers, 'content-length': String(200 * 1024 * 1024) },
    });
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json().error.message).toBe(classEvaluationMessages.totalTooLarge);
    expect(upload.progress.sent).toBeLessThan(1024 * 1024);
    expect(await t.context.storage.list(`uploads/${premium.teacher.id}`)).toEqual([]);
  });

  it('counts a set of papers handed in per pupil as one upload per paper', async () => {
    const premium = await teacherWithCourse('premium_teacher');
    const created = await premium.typedSet(2);
    expect(created.statusCode, created.body).toBe(202);
    // two of the three uploads of the window are the set's papers
    expect((await premium.analysis()).statusCode).toBe(202);
    const refused = await premium.analysis();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({ code: 'rate_limited', message: messages.http.rateLimited });
    // and a spent budget refuses the next set at the door
    expect((await premium.typedSet(1)).statusCode).toBe(429);
  }, 60_000);

  it("counts a stack's upload as its first paper and the others when grading starts", async () => {
    const premium = await teacherWithCourse('premium_teacher');
    const created = await premium.send(
      '/api/class-evaluations',
      multipartBody([{ name: 'stack_001_stapel.pdf', data: Buffer.from('%PDF-1.7\n% Stapel\n') }], {
        courseId: premium.course.id,
        teacherContent: 'Aufgabe 1 (2 P)\na',
      }),
    );
    expect(created.statusCode, created.body).toBe(202);
    const id = created.json().evaluationId as string;
    let detail: ClassEvaluationDetail | undefined;
    for (let attempt = 0; attempt < 300; attempt += 1) {
      detail = (
        await t.app.inject({
          url: `/api/class-evaluations/${id}`,
          headers: { cookie: premium.teacher.cookie },
        })
      ).json() as ClassEvaluationDetail;
      if (detail.status !== 'preparing') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(detail!.status, detail!.errorMessage ?? '').toBe('needs_review');
    expect(detail!.papers).toHaveLength(2);
    const started = await premium.send(`/api/class-evaluations/${id}/start`, { payload: {} });
    expect(started.statusCode, started.body).toBe(200);
    // the stack's upload and its second paper: one upload of the window is left
    expect((await premium.analysis()).statusCode).toBe(202);
    expect((await premium.analysis()).statusCode).toBe(429);
  }, 60_000);
});
