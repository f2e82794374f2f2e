import { eq, inArray } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classEvaluationMessages,
  type ClassEvaluationDetail,
  type ClassEvaluationOverview,
  type ClassEvaluationQuestion,
  type ReviewChange,
} from '@korrigo/domain';
import { extractText } from '@korrigo/grading';
import { classEvaluations, gradeRecords, notifications, profiles } from '../src/db/schema';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { buildClass, buildCourse, buildSavedTest, createUser } from './support/factories';

type User = Awaited<ReturnType<typeof createUser>>;

// Lena and Ali hand in the same answers; the third pupil's name is one a spreadsheet would run as a formula
const sameAnswers = '1. a\n2. Man teilt Zähler und Nenner durch dieselbe Zahl.';
const otherAnswers = '1. b\n2. Der Bruch wird kleiner, weil man etwas wegnimmt.';
const formulaName = '=Mia "Wolf"';

describe.each(databaseKinds)('[CLASS-EVALUATIONS] review, overview and return on %s', (kind) => {
  let t: TestApp;
  let teacher: User;
  let pupil: User;
  let stranger: User;
  let setId: string;
  let detail: ClassEvaluationDetail;
  let questions: ClassEvaluationQuestion[];
  const paperOf = (name: string) => detail.papers.find((paper) => paper.studentName === name)!;
  const lena = () => paperOf('Lena Schmidt');
  const ali = () => paperOf('Ali Demir');
  const mia = () => paperOf(formulaName);

  beforeAll(async () => {
    t = await buildTestApp(kind, { jobs: { pollingIntervalSeconds: 0.5 } });
    teacher = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
    pupil = await createUser(t, { accountType: 'student', classLevel: '7' });
    stranger = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
    const schoolClass = await buildClass(t, {
      ownerId: teacher.id,
      // Zoe missed the test: a set uploaded per pupil has no paper for her, and nobody marks her absent
      roster: [
        { name: 'Lena Schmidt' },
        { name: 'Ali Demir' },
        { name: formulaName },
        { name: 'Tom Berg' },
        { name: 'Zoe Kern' },
      ],
    });
    // Lena's roster entry is taken over by the pupil's account
    const lenaEntry = schoolClass.students.find((student) => student.name === 'Lena Schmidt')!;
    const ordered = [lenaEntry, ...schoolClass.students.filter((student) => student !== lenaEntry)];
    const course = await buildCourse(t, {
      ownerId: teacher.id,
      schoolClass: { ...schoolClass, students: ordered },
      name: 'Mathe 7b',
      studentUserIds: [pupil.id],
    });
    const test = await buildSavedTest(t, { ownerId: teacher.id });
    await t.context.database.db
      .update(profiles)
      .set({ credits: 10, usedCredits: 0 })
      .where(eq(profiles.userId, teacher.id));
    const byName = (name: string) => schoolClass.students.find((student) => student.name === name)!.id;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/class-evaluations',
      headers: { cookie: teacher.cookie, origin: TEST_ORIGIN },
      payload: {
        courseId: course.id,
        testName: 'Brüche & Kürzen',
        selectedTestId: test.id,
        options: { subject: 'Mathematik', gradeLevel: 'Mittelstufe' },
        studentData: [
          { studentId: byName('Lena Schmidt'), text: sameAnswers },
          { studentId: byName('Ali Demir'), text: sameAnswers },
          { studentId: byName(formulaName), text: otherAnswers },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(202);
    setId = created.json().evaluationId;
    for (let attempt = 0; attempt < 600; attempt += 1) {
      detail = (await get(teacher, `/api/class-evaluations/${setId}`)).json();
      if (detail.status === 'done' || detail.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(detail.status).toBe('done');
    // Tom was absent (the teacher marks it in the split of a stack; typed papers have none)
    await t.context.database.db
      .update(classEvaluations)
      .set({ absentStudentIds: [byName('Tom Berg')] })
      .where(eq(classEvaluations.id, setId));
  }, 120_000);
  afterAll(() => t?.close());

  function get(user: User, url: string) {
    return t.app.inject({ url, headers: { cookie: user.cookie } });
  }
  function send(user: User, method: 'POST' | 'PATCH', url: string, payload?: object) {
    return t.app.inject({
      method,
      url,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      ...(payload ? { payload } : {}),
    });
  }
  const refresh = async () => {
    detail = (await get(teacher, `/api/class-evaluations/${setId}`)).json();
  };
  const unitRef = (question: ClassEvaluationQuestion) => ({
    taskIndex: question.taskIndex,
    ...(question.subtaskIndex !== null ? { subtaskIndex: question.subtaskIndex } : {}),
  });
  const setPoints = (question: ClassEvaluationQuestion, points: number): ReviewChange => ({
    type: 'set_points',
    ...unitRef(question),
    points,
  });

  it('sets the answers of each question side by side, identical answers in one group', async () => {
    const response = await get(teacher, `/api/class-evaluations/${setId}/questions`);
    expect(response.statusCode, response.body).toBe(200);
    questions = response.json().questions;
    expect(questions).toHaveLength(2);
    expect(questions.map((question) => question.maxPoints)).toEqual([2, 4]);
    for (const question of questions) {
      const same = question.groups.find((group) =>
        group.answers.some((answer) => answer.analysisId === lena().analysisId),
      )!;
      expect(same.kind).toBe('identical');
      expect(same.answers.map((answer) => answer.studentName).sort()).toEqual(['Ali Demir', 'Lena Schmidt']);
      const other = question.groups.find((group) =>
        group.answers.some((answer) => answer.analysisId === mia().analysisId),
      )!;
      expect(other.kind).toBe('single');
      expect(other.answers).toHaveLength(1);
      expect(question.groups.flatMap((group) => group.answers)).toHaveLength(3);
    }
    const open = questions[1]!.groups.find((group) => group.kind === 'identical')!;
    expect(open.answer).toContain('Zähler und Nenner durch dieselbe Zahl');
  });

  it("changes a whole group's points at once and logs it in each paper's change log", async () => {
    const ids = [lena().analysisId!, ali().analysisId!];
    const response = await send(teacher, 'POST', `/api/class-evaluations/${setId}/group-review`, {
      analysisIds: ids,
      change: setPoints(questions[1]!, 0.5),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ updated: 2 });
    for (const id of ids) {
      const analysis = (await get(teacher, `/api/analyses/${id}`)).json();
      const task = analysis.result.tasks[questions[1]!.taskIndex];
      const unit = questions[1]!.subtaskIndex === null ? task : task.subtasks[questions[1]!.subtaskIndex];
      expect(unit.achieved_points).toBe(0.5);
      const logged = analysis.changes.filter(
        (entry: { change: { type: string } }) => entry.change.type === 'set_points',
      );
      expect(logged).toHaveLength(1);
      expect(logged[0].change).toMatchObject({
        points: 0.5,
        group: { classEvaluationId: setId, papers: 2 },
      });
    }
    // the third paper is untouched
    const third = (await get(teacher, `/api/analyses/${mia().analysisId}`)).json();
    expect(third.changes).toEqual([]);

    // one paper at a time works the same way; Lena's first answer is worth 1.5, Ali's nothing
    for (const [id, points] of [
      [lena().analysisId!, 1.5],
      [ali().analysisId!, 0],
    ] as const) {
      const single = await send(teacher, 'POST', `/api/class-evaluations/${setId}/group-review`, {
        analysisIds: [id],
        change: setPoints(questions[0]!, points),
      });
      expect(single.statusCode, single.body).toBe(200);
    }

    // an analysis that is no paper of the set changes nothing
    const own = await send(teacher, 'POST', '/api/analyses', { text: 'Photosynthese braucht Licht.' });
    const foreign = await send(teacher, 'POST', `/api/class-evaluations/${setId}/group-review`, {
      analysisIds: [lena().analysisId!, own.json().id],
      change: setPoints(questions[1]!, 4),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(classEvaluationMessages.paperNotInSet);
    const unchanged = (await get(teacher, `/api/analyses/${lena().analysisId}`)).json();
    expect(unchanged.achievedPoints ?? unchanged.result.achieved_points).toBe(2);
  });

  it('refuses to release before anything is confirmed', async () => {
    const response = await send(teacher, 'POST', `/api/class-evaluations/${setId}/release`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(classEvaluationMessages.notConfirmed);
  });

  it('counts only confirmed papers in the overview: Notenspiegel, averages and the failing-share notice', async () => {
    const before = (await get(teacher, `/api/class-evaluations/${setId}/overview`)).json();
    expect(before).toMatchObject({ counted: 0, papers: 3, averageGrade: null, failingShare: null });

    const confirmed = await send(teacher, 'POST', `/api/class-evaluations/${setId}/confirm`, {
      analysisIds: [lena().analysisId!, ali().analysisId!],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ confirmed: 2, placementUnsure: 0 });
    // confirming again leaves them as they are
    const again = await send(teacher, 'POST', `/api/class-evaluations/${setId}/confirm`, {
      analysisIds: [lena().analysisId!],
    });
    expect(again.json()).toEqual({ confirmed: 0, placementUnsure: 0 });
    // a confirmed paper takes no group change
    const locked = await send(teacher, 'POST', `/api/class-evaluations/${setId}/group-review`, {
      analysisIds: [lena().analysisId!],
      change: setPoints(questions[0]!, 2),
    });
    expect(locked.statusCode).toBe(409);

    const response = await get(teacher, `/api/class-evaluations/${setId}/overview`);
    expect(response.statusCode, response.body).toBe(200);
    const overview = response.json() as ClassEvaluationOverview;
    // Lena 2 of 6 points (33 %: a 5-), Ali 0,5 of 6 (a 6); Mia is not confirmed and does not count
    expect(overview).toMatchObject({
      counted: 2,
      papers: 3,
      averageGrade: 5.5,
      averagePoints: 1.25,
      totalPoints: 6,
      failingShare: 1,
      exceedsThreshold: true,
    });
    expect(overview.gradeDistribution).toEqual([
      { grade: 1, count: 0 },
      { grade: 2, count: 0 },
      { grade: 3, count: 0 },
      { grade: 4, count: 0 },
      { grade: 5, count: 1 },
      { grade: 6, count: 1 },
    ]);
    expect(overview.failingShareThreshold).toBeCloseTo(1 / 3, 5);
    // task 1: 75 % and 0 % → 38 %; task 2: 12,5 % each → both below one half, the lower first
    expect(overview.tasks.map((task) => [task.averageShare, task.weakest])).toEqual([
      [0.38, true],
      [0.13, true],
    ]);
    const counts = overview.frequentErrors.map((error) => error.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(overview.frequentErrors.length).toBeLessThanOrEqual(5);

    // the teacher's own threshold: all of them, so nothing is above it
    const patched = await send(teacher, 'PATCH', `/api/class-evaluations/${setId}`, {
      failingShareThreshold: 1,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ id: setId, failingShareThreshold: 1 });
    const relaxed = (await get(teacher, `/api/class-evaluations/${setId}/overview`)).json();
    expect(relaxed).toMatchObject({ failingShareThreshold: 1, exceedsThreshold: false });
    const invalid = await send(teacher, 'PATCH', `/api/class-evaluations/${setId}`, {
      failingShareThreshold: 2,
    });
    expect(invalid.statusCode).toBe(400);
    await send(teacher, 'PATCH', `/api/class-evaluations/${setId}`, { failingShareThreshold: 1 / 3 });
  });

  it('releases confirmed results once: one grade record and one notification for the pupil with an account', async () => {
    const db = t.context.database.db;
    await refresh();
    expect([lena().grade, ali().grade]).toEqual(['5-', '6']);
    const ids = [lena().analysisId!, ali().analysisId!, mia().analysisId!];
    const first = await send(teacher, 'POST', `/api/class-evaluations/${setId}/release`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ released: 1, withoutAccount: 1, notConfirmed: 1 });
    const second = await send(teacher, 'POST', `/api/class-evaluations/${setId}/release`);
    expect(second.statusCode).toBe(200);

    const records = await db.select().from(gradeRecords).where(inArray(gradeRecords.analysisId, ids));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      userId: pupil.id,
      analysisId: lena().analysisId,
      releasedBy: teacher.id,
      type: 'Klassenarbeit',
      title: 'Brüche & Kürzen',
      courseName: 'Mathe 7b',
      achievedPoints: 2,
      totalPoints: 6,
      grade: lena().grade,
    });
    const told = await db.select().from(notifications).where(eq(notifications.userId, pupil.id));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: classEvaluationMessages.releasedTitle,
      message: classEvaluationMessages.releasedMessage('Brüche & Kürzen', lena().grade!),
    });
    expect(told[0]!.metadata).toMatchObject({
      relativeLink: expect.stringMatching(/^\/dashboard\/mytests\?note=[0-9a-f-]{36}$/),
    });

    await refresh();
    expect(lena().releasedAt).not.toBeNull();
    expect(ali().releasedAt).toBeNull();
    expect(detail.progress.released).toBe(1);
  });

  it('exports the class list as CSV for a German spreadsheet, safe against formulas', async () => {
    const response = await get(teacher, `/api/class-evaluations/${setId}/export.csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Brueche-Kuerzen.csv"');
    const raw = response.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [table, scale, approval] = raw.toString('utf8').slice(1).split('\r\n\r\n');
    const lines = table!.split('\r\n');
    // one column per task of the key after the six of before
    expect(lines[0]).toBe(
      'Name;Punkte;Maximalpunkte;Note;Bestätigt;Zurückgegeben;Aufgabe 1 (max. 2);Aufgabe 2 (max. 4)',
    );
    const row = (name: string) => lines.find((line) => line.startsWith(name))!;
    expect(row('Lena Schmidt')).toMatch(/^Lena Schmidt;2;6;5-;ja;ja \(\d{2}\.\d{2}\.\d{4}\);1,5;0,5$/);
    expect(row('Ali Demir')).toBe('Ali Demir;0,5;6;6;ja;nein;0;0,5');
    // a leading = is defused with an apostrophe, quotes are doubled inside a quoted cell
    expect(row('"')).toMatch(/^"'=Mia ""Wolf""";[^;]*;6;[^;]*;nein;nein;[^;]*;[^;]*$/);
    // absent: Tom, whom the split named, and Zoe, who has no paper in a set uploaded per pupil
    expect(row('Tom Berg')).toBe('Tom Berg;;;abwesend;;;;');
    expect(row('Zoe Kern')).toBe('Zoe Kern;;;abwesend;;;;');
    expect(lines).toHaveLength(6);
    // the Notenschlüssel the grades were computed with, in percent and in points of 6
    const scaleLines = scale!.split('\r\n');
    expect(scaleLines.slice(0, 2)).toEqual(['Notenschlüssel;Standard', 'Note;ab Prozent;ab Punkten']);
    expect(scaleLines).toContain('5-;ab 30 %;ab 1,8 P.');
    // Lena and Ali, both confirmed, have a 5 and a 6: above the third the set allows, the head approves
    expect(approval!.split('\r\n')).toEqual([
      'Genehmigung durch die Schulleitung',
      classEvaluationMessages.failingShareNotice('100 %', '33 %'),
      'Datum;',
      'Unterschrift der Schulleitung;',
      '',
    ]);
  });

  it('prints the Notenliste and each graded work as A4 PDFs', async () => {
    const list = await get(teacher, `/api/class-evaluations/${setId}/notenliste.pdf`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['content-type']).toBe('application/pdf');
    expect(list.headers['content-disposition']).toBe('attachment; filename="Notenliste-Brueche-Kuerzen.pdf"');
    expect(list.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(list.rawPayload.length).toBeGreaterThan(1024);
    // A4: 595.28 × 841.89 points
    expect(list.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.2\d* 841\.8\d*\]/);

    const paper = await get(teacher, `/api/class-evaluations/${setId}/papers/${lena().id}/pdf`);
    expect(paper.statusCode, paper.body).toBe(200);
    expect(paper.headers['content-type']).toBe('application/pdf');
    expect(paper.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(paper.rawPayload.length).toBeGreaterThan(1024);

    const unknown = await get(teacher, `/api/class-evaluations/${setId}/papers/${setId}/pdf`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(classEvaluationMessages.notFound);
  });

  it('prints on the Notenliste every pupil, the points per task, the Notenschlüssel and the approval line', async () => {
    const list = await get(teacher, `/api/class-evaluations/${setId}/notenliste.pdf`);
    expect(list.statusCode, list.body).toBe(200);
    // read back through the text layer, as the grading engine reads a PDF
    const { text } = await extractText([{ name: 'notenliste.pdf', data: list.rawPayload }]);
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Notenliste: Brüche & Kürzen',
      'Name A1 A2 Gesamt Note Bestätigt',
      'Lena Schmidt 1,5 0,5 2 von 6 Punkten 5- ja',
      'Ali Demir 0 0,5 0,5 von 6 Punkten 6 ja',
      'Tom Berg abwesend',
      'Zoe Kern abwesend',
      'A1: Aufgabe 1 (max. 2 P.)',
      'A2: Aufgabe 2 (max. 4 P.)',
      'Notenschlüssel: Standard',
      'ab Prozent 97 % 95 % 92 % 88 %',
      'ab Punkten 5,82 5,7 5,52',
      classEvaluationMessages.failingShareNotice('100 %', '33 %'),
      'Genehmigung durch die Schulleitung',
      'Datum',
      'Unterschrift der Schulleitung',
    ]) {
      expect(flat).toContain(expected);
    }
  });

  it('gives „Alle Schüler-PDFs“ as one ZIP, a PDF per pupil named by her, with or without an account', async () => {
    const response = await get(teacher, `/api/class-evaluations/${setId}/paper-pdfs.zip`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Schueler-PDFs-Brueche-Kuerzen.zip"',
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    // Lena has an account, Ali and Mia have none; Tom and Zoe have no paper
    expect(Object.keys(files).sort()).toEqual(['Ali-Demir.pdf', 'Lena-Schmidt.pdf', 'Mia-Wolf.pdf']);
    const { text } = await extractText([{ name: 'ali.pdf', data: Buffer.from(files['Ali-Demir.pdf']!) }]);
    expect(text.replace(/\s+/g, ' ')).toContain('Bewertete Arbeit: Ali Demir');
    expect(text).not.toContain('Lena Schmidt');
  });

  it('gives „Alle Schüler-PDFs“ as one print file, each pupil from a new page', async () => {
    const response = await get(teacher, `/api/class-evaluations/${setId}/paper-pdfs.pdf`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Schueler-PDFs-Brueche-Kuerzen.pdf"',
    );
    const { pages } = await extractText([{ name: 'druck.pdf', data: response.rawPayload }]);
    const starts = pages.flatMap((page, index) =>
      page.text.trim().startsWith('Bewertete Arbeit:')
        ? [{ index, title: page.text.trim().split('\n')[0] }]
        : [],
    );
    // the set's order; every pupil's work begins at the top of a page
    expect(starts.map((start) => start.title)).toEqual([
      'Bewertete Arbeit: Lena Schmidt',
      'Bewertete Arbeit: Ali Demir',
      `Bewertete Arbeit: ${formulaName}`,
    ]);
    expect(starts[0]!.index).toBe(0);
    // each work has its own page for the pupil's text, so no two begin on neighbouring pages
    expect(starts[1]!.index - starts[0]!.index).toBeGreaterThanOrEqual(2);
    expect(starts[2]!.index - starts[1]!.index).toBeGreaterThanOrEqual(2);
    // a pupil's sheets count her own pages, under her name
    const footer = (index: number) => pages[index]!.text.trim().split('\n').at(-1);
    expect(footer(starts[1]!.index)).toBe('Ali Demir – Seite 1');
    expect(footer(starts[1]!.index - 1)).toBe(`Lena Schmidt – Seite ${starts[1]!.index}`);
    expect(footer(pages.length - 1)).toBe(`${formulaName} – Seite ${pages.length - starts[2]!.index}`);
  });

  it('documents the routes in the OpenAPI', async () => {
    const docs = await t.app.inject({ url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const paths = Object.keys(docs.json().paths);
    for (const path of [
      '/api/class-evaluations/{id}/questions',
      '/api/class-evaluations/{id}/group-review',
      '/api/class-evaluations/{id}/confirm',
      '/api/class-evaluations/{id}/overview',
      '/api/class-evaluations/{id}/release',
      '/api/class-evaluations/{id}/export.csv',
      '/api/class-evaluations/{id}/notenliste.pdf',
      '/api/class-evaluations/{id}/papers/{paperId}/pdf',
      '/api/class-evaluations/{id}/paper-pdfs.zip',
      '/api/class-evaluations/{id}/paper-pdfs.pdf',
    ]) {
      expect(paths).toContain(path);
    }
    expect(Object.keys(docs.json().paths['/api/class-evaluations/{id}'])).toContain('patch');
  });

  it("answers 404 on every new route for another teacher's set, and changes nothing", async () => {
    const base = `/api/class-evaluations/${setId}`;
    const requests: { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object }[] = [
      { method: 'GET', url: `${base}/questions` },
      {
        method: 'POST',
        url: `${base}/group-review`,
        payload: { analysisIds: [mia().analysisId], change: setPoints(questions[0]!, 0) },
      },
      { method: 'POST', url: `${base}/confirm`, payload: { analysisIds: [mia().analysisId] } },
      { method: 'GET', url: `${base}/overview` },
      { method: 'PATCH', url: base, payload: { failingShareThreshold: 0.9 } },
      { method: 'POST', url: `${base}/release` },
      { method: 'GET', url: `${base}/export.csv` },
      { method: 'GET', url: `${base}/notenliste.pdf` },
      { method: 'GET', url: `${base}/papers/${lena().id}/pdf` },
      { method: 'GET', url: `${base}/paper-pdfs.zip` },
      { method: 'GET', url: `${base}/paper-pdfs.pdf` },
    ];
    for (const request of requests) {
      const response = await t.app.inject({
        method: request.method,
        url: request.url,
        headers: { cookie: stranger.cookie, origin: TEST_ORIGIN },
        ...(request.payload ? { payload: request.payload } : {}),
      });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(response.json().error.message).toBe(classEvaluationMessages.notFound);
    }
    await refresh();
    expect(mia().reviewState).toBe('suggested');
    expect(detail.failingShareThreshold).toBeCloseTo(1 / 3, 5);
  });
});
