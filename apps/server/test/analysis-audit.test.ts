import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisAuditSchema, type AnalysisAudit, type AnalysisDetail } from '@korrigo/domain';
import { extractText } from '@korrigo/grading';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import {
  buildClass,
  buildCourse,
  buildSavedTest,
  createUser,
  postAnalysis,
  waitForAnalysis,
} from './support/factories';

type User = Awaited<ReturnType<typeof createUser>>;

describe.each(databaseKinds)('[ANALYSIS] audit trail of an analysis on %s', (kind) => {
  let t: TestApp;
  let teacher: User;
  let colleague: User;
  let pupil: User;
  let analysisId: string;
  let firstPoints: { from: number; to: number };
  let secondPoints: { from: number; to: number };

  const send = (who: User, method: 'POST' | 'PATCH', url: string, payload: object = {}) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie, origin: TEST_ORIGIN }, payload });
  const get = (who: User, url: string) => t.app.inject({ url, headers: { cookie: who.cookie } });

  beforeAll(async () => {
    t = await buildTestApp(kind, { jobs: { pollingIntervalSeconds: 0.5 } });
    teacher = await createUser(t, { accountType: 'teacher', name: 'Frau Weber' });
    colleague = await createUser(t, { accountType: 'teacher' });
    pupil = await createUser(t, { accountType: 'student', classLevel: '7', name: 'Lena Schmidt' });
    const schoolClass = await buildClass(t, { ownerId: teacher.id, roster: [{ name: 'Lena Schmidt' }] });
    const course = await buildCourse(t, {
      ownerId: teacher.id,
      schoolClass,
      name: 'Mathe 7b',
      subject: 'Mathematik',
      studentUserIds: [pupil.id],
    });
    const test = await buildSavedTest(t, { ownerId: teacher.id });
    const created = await postAnalysis(t, teacher, {
      payload: {
        text: '1. a\n2. Man teilt Zähler und Nenner durch dieselbe Zahl.',
        title: 'Brüche kürzen',
        selectedTestId: test.id,
        courseId: course.id,
        studentId: schoolClass.students[0]!.id,
        options: { subject: 'Mathematik' },
      },
    });
    expect(created.statusCode, created.body).toBe(202);
    analysisId = created.json().id as string;
    const detail = await waitForAnalysis(t, teacher, analysisId);
    expect(detail.status).toBe('done');
  }, 120_000);
  afterAll(() => t?.close());

  /** Sets the points of the first scored unit to another value, answering the values before and after. */
  async function changePoints(): Promise<{ from: number; to: number }> {
    const detail = (await get(teacher, `/api/analyses/${analysisId}`)).json() as AnalysisDetail;
    const task = detail.result!.tasks[0]!;
    const unit = task.subtasks[0] ?? task;
    const from = unit.achieved_points!;
    const to = from > 0 ? from - 1 : 1;
    const changed = await send(teacher, 'PATCH', `/api/analyses/${analysisId}/review`, {
      changes: [
        {
          type: 'set_points',
          taskIndex: 0,
          ...(task.subtasks.length > 0 ? { subtaskIndex: 0 } : {}),
          points: to,
        },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    return { from, to };
  }

  it('lists grading, both changes, the confirmations, the reopening and the release in time order', async () => {
    firstPoints = await changePoints();
    expect((await send(teacher, 'POST', `/api/analyses/${analysisId}/confirm`)).statusCode).toBe(200);
    const released = await send(teacher, 'POST', `/api/analyses/${analysisId}/release`);
    expect(released.statusCode, released.body).toBe(200);
    expect((await send(teacher, 'POST', `/api/analyses/${analysisId}/reopen`)).statusCode).toBe(200);
    secondPoints = await changePoints();
    // the same value sent again is logged, but is no change in the trail
    const again = await send(teacher, 'PATCH', `/api/analyses/${analysisId}/review`, {
      changes: [{ type: 'set_feedback', target: 'overall', text: 'Gut gemacht.' }],
    });
    expect(again.statusCode).toBe(200);
    const same = await send(teacher, 'PATCH', `/api/analyses/${analysisId}/review`, {
      changes: [{ type: 'set_feedback', target: 'overall', text: 'Gut gemacht.' }],
    });
    expect(same.statusCode).toBe(200);
    expect((await send(teacher, 'POST', `/api/analyses/${analysisId}/confirm`)).statusCode).toBe(200);

    const response = await get(teacher, `/api/analyses/${analysisId}/audit`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const audit: AnalysisAudit = analysisAuditSchema.parse(response.json());

    expect(audit).toMatchObject({
      analysisId,
      title: 'Brüche kürzen',
      studentName: 'Lena Schmidt',
      reviewState: 'confirmed',
    });
    expect(audit.events.map((event) => event.kind)).toEqual([
      'submitted',
      'graded',
      'changed',
      'confirmed',
      'released',
      'reopened',
      'changed',
      'changed',
      'confirmed',
      'release_updated',
    ]);
    const times = audit.events.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const graded = audit.events.find((event) => event.kind === 'graded');
    expect(graded).toMatchObject({
      engine: 'builtin',
      outcome: expect.stringMatching(/success|needs_review/),
    });
    expect(graded?.kind === 'graded' && graded.engineVersion).toMatch(/\d/);

    const points = (value: number) => (value === 1 ? '1 Punkt' : `${String(value).replace('.', ',')} Punkte`);
    const changes = audit.events.filter((event) => event.kind === 'changed');
    expect(changes).toEqual([
      expect.objectContaining({
        by: 'Frau Weber',
        what: expect.stringMatching(/^Aufgabe 1.*: Punkte$/),
        from: points(firstPoints.from),
        to: points(firstPoints.to),
      }),
      expect.objectContaining({ from: points(secondPoints.from), to: points(secondPoints.to) }),
      expect.objectContaining({ what: 'Gesamtrückmeldung', to: '„Gut gemacht.“' }),
    ]);
    expect(audit.events.find((event) => event.kind === 'released')).toMatchObject({
      to: 'Lena Schmidt',
      type: 'Korrektur',
      by: 'Frau Weber',
    });
    // the engine's suggestion is kept as it was; the final figures are the teacher's
    expect(audit.suggested?.achievedPoints).not.toBe(audit.final.achievedPoints);
  });

  it('answers the trail as an A4 PDF download with the header, the events and the closing note', async () => {
    const response = await get(teacher, `/api/analyses/${analysisId}/audit.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Verlauf-Brueche-kuerzen-Lena-Schmidt.pdf"',
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // A4 in points
    expect(pdf.toString('latin1')).toMatch(/MediaBox \[0 0 595\.2\d* 841\.8\d*\]/);
    // read back through the text layer, as the grading engine reads a PDF
    const { text } = await extractText([{ name: 'verlauf.pdf', data: pdf }]);
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Korrigo – Verlauf der Bewertung',
      'Brüche kürzen',
      'Lena Schmidt',
      'Zeitpunkt Ereignis Einzelheiten',
      'Bewertet (Vorschlag)',
      'Wieder geöffnet',
      'Freigegeben',
      'durch Frau Weber',
      'Die Bewertung hat die Lehrkraft entschieden und bestätigt.',
      'Der Vorschlag der Bewertungshilfe ist unverändert gespeichert',
      // confirmed by the teacher: now, and only now, final (issue 34 §8)
      'Endgültiges Ergebnis',
      'Endgültig: Note',
    ]) {
      expect(flat).toContain(expected);
    }
    expect(flat.match(/Bestätigt/g)).toHaveLength(2);
  });

  it('is not found for another teacher and for a student, as JSON and as PDF', async () => {
    for (const who of [colleague, pupil]) {
      for (const url of [`/api/analyses/${analysisId}/audit`, `/api/analyses/${analysisId}/audit.pdf`]) {
        const response = await get(who, url);
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain('Brüche');
      }
    }
    expect((await get(teacher, `/api/analyses/${crypto.randomUUID()}/audit`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/analyses/${analysisId}/audit` })).statusCode).toBe(401);
  });

  it('lists the changes of one review request in the order the teacher made them', async () => {
    expect((await send(teacher, 'POST', `/api/analyses/${analysisId}/reopen`)).statusCode).toBe(200);
    const texts = ['Erster Satz.', 'Zweiter Satz.', 'Dritter Satz.', 'Vierter Satz.'];
    const changed = await send(teacher, 'PATCH', `/api/analyses/${analysisId}/review`, {
      changes: texts.map((text) => ({ type: 'set_feedback', target: 'overall', text })),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const audit = analysisAuditSchema.parse((await get(teacher, `/api/analyses/${analysisId}/audit`)).json());
    // written in one transaction with one timestamp: only the order of writing tells them apart
    const lastFour = audit.events.filter((event) => event.kind === 'changed').slice(-4);
    expect(lastFour.map((event) => event.kind === 'changed' && event.to)).toEqual(
      texts.map((text) => `„${text}“`),
    );
  });
});
