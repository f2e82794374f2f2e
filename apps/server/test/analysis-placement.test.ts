import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisAuditSchema, type AnalysisDetail } from '@korrigo/domain';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { buildClass, buildCourse, createUser, postAnalysis, waitForAnalysis } from './support/factories';

type User = Awaited<ReturnType<typeof createUser>>;

/**
 * Issue 32 §1, §2, §7: a sheet whose answers the engine cannot place by task numbers gets no grade; the
 * teacher places the answers on lines of the pupil's text, the tasks concerned are graded again, and the
 * grade follows. Or she confirms the engine's placement as it is.
 */
describe.each(databaseKinds)('[ANALYSIS] the teacher places answers on %s', (kind) => {
  let t: TestApp;
  let teacher: User;
  let colleague: User;

  const answerKeyText = [
    'Aufgabe 1 (2 P): Nenne die Hauptstadt von Frankreich.',
    'Paris (2 P)',
    'Aufgabe 2 (2 P): Nenne die Hauptstadt von Italien.',
    'Rom (2 P)',
  ].join('\n');
  // no task numbers, and the answers in the other order
  const text = 'Die Hauptstadt von Italien ist Rom.\r\nFrankreichs Hauptstadt ist Paris.';

  const review = (who: User, id: string, changes: object[]) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/analyses/${id}/review`,
      headers: { cookie: who.cookie, origin: TEST_ORIGIN },
      payload: { changes },
    });
  async function gradedPaper() {
    const created = await postAnalysis(t, teacher, {
      payload: { text, answerKeyText, title: 'Hauptstädte', options: { subject: 'Sonstiges' } },
    });
    expect(created.statusCode, created.body).toBe(202);
    const detail = await waitForAnalysis(t, teacher, created.json().id as string);
    expect(detail.status).toBe('done');
    return detail as AnalysisDetail;
  }

  beforeAll(async () => {
    t = await buildTestApp(kind, { jobs: { pollingIntervalSeconds: 0.5 } });
    teacher = await createUser(t, { accountType: 'teacher', name: 'Frau Weber' });
    colleague = await createUser(t, { accountType: 'teacher' });
  }, 120_000);
  afterAll(() => t?.close());

  it('proposes no grade for answers it could not place, and grades again where she places them', async () => {
    const graded = await gradedPaper();
    expect(graded.result!.review_flags.map((flag) => flag.code)).toContain('alignment_uncertain');
    expect(graded.result!.grade).toBeNull();

    // another teacher's id: 404, as for any object not hers
    expect((await review(colleague, graded.id, [{ type: 'confirm_alignment' }])).statusCode).toBe(404);
    // a placement goes alone, not with other changes
    const mixed = await review(teacher, graded.id, [
      { type: 'place_answer', taskIndex: 0, subtaskIndex: 0, lines: [2, 2] },
      { type: 'set_feedback', target: 'overall', text: 'Gut.' },
    ]);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.message).toMatch(/für sich allein/);

    const first = await review(teacher, graded.id, [
      { type: 'place_answer', taskIndex: 0, subtaskIndex: 0, lines: [2, 2] },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const second = await review(teacher, graded.id, [
      { type: 'place_answer', taskIndex: 1, subtaskIndex: 0, lines: [1, 1] },
    ]);
    expect(second.statusCode, second.body).toBe(200);
    const placed = second.json() as AnalysisDetail;
    expect(placed.result!.tasks.map((task) => task.subtasks[0]!.answer_text)).toEqual([
      'Frankreichs Hauptstadt ist Paris.',
      'Die Hauptstadt von Italien ist Rom.',
    ]);
    expect(placed.result!.tasks.map((task) => task.achieved_points)).toEqual([2, 2]);
    expect(placed.result!.review_flags.map((flag) => flag.code)).not.toContain('alignment_uncertain');
    expect(placed.result!.grade).toBe('1+');
    // the criteria speak of the new reading: both tasks answered
    const structure = placed.result!.evaluation_criteria.rubrics.find((r) => r.criterion_name === 'Struktur');
    expect(structure?.description).toMatch(/^2 von 2 Aufgaben beantwortet/);

    const audit = analysisAuditSchema.parse(
      (
        await t.app.inject({ url: `/api/analyses/${graded.id}/audit`, headers: { cookie: teacher.cookie } })
      ).json(),
    );
    const moves = audit.events.flatMap((event) =>
      event.kind === 'changed' && event.what.endsWith('Antwort neu zugeordnet') ? [event] : [],
    );
    expect(moves.map((event) => event.to)).toEqual(['Zeile 2', 'Zeile 1']);
  });

  it('gives the grade once she confirms the placement as it is, and keeps her points', async () => {
    const graded = await gradedPaper();
    const points = await review(teacher, graded.id, [
      { type: 'set_points', taskIndex: 0, subtaskIndex: 0, points: 1 },
    ]);
    expect(points.json().result.grade).toBeNull();
    const confirmed = await review(teacher, graded.id, [{ type: 'confirm_alignment' }]);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const result = (confirmed.json() as AnalysisDetail).result!;
    expect(result.review_flags.map((flag) => flag.code)).not.toContain('alignment_uncertain');
    expect(result.tasks[0]!.subtasks[0]!.achieved_points).toBe(1);
    expect(result.grade).not.toBeNull();
  });

  it('leaves a class set’s paper with unsure answers out of a confirmation in bulk, and says how many', async () => {
    const boss = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
    const schoolClass = await buildClass(t, {
      ownerId: boss.id,
      roster: [{ name: 'Lena Schmidt' }, { name: 'Ali Demir' }],
    });
    const course = await buildCourse(t, { ownerId: boss.id, schoolClass, name: 'Erdkunde 7b' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/class-evaluations',
      headers: { cookie: boss.cookie, origin: TEST_ORIGIN },
      payload: {
        courseId: course.id,
        testName: 'Hauptstädte',
        teacherContent: answerKeyText,
        studentData: [
          { studentId: schoolClass.students[0]!.id, text: 'Aufgabe 1\nParis\nAufgabe 2\nRom' },
          { studentId: schoolClass.students[1]!.id, text },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(202);
    const setId = created.json().evaluationId as string;
    let detail = (
      await t.app.inject({ url: `/api/class-evaluations/${setId}`, headers: { cookie: boss.cookie } })
    ).json();
    for (let attempt = 0; attempt < 600 && detail.status !== 'done'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      detail = (
        await t.app.inject({ url: `/api/class-evaluations/${setId}`, headers: { cookie: boss.cookie } })
      ).json();
    }
    expect(detail.status).toBe('done');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/class-evaluations/${setId}/confirm`,
      headers: { cookie: boss.cookie, origin: TEST_ORIGIN },
      payload: { analysisIds: detail.papers.map((paper: { analysisId: string }) => paper.analysisId) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ confirmed: 1, placementUnsure: 1 });
  });

  it('ends the review flags with the confirmation; the engine’s suggestion keeps them (issue 33 §3)', async () => {
    const graded = await gradedPaper();
    expect(graded.result!.review_flags.length).toBeGreaterThan(0);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/analyses/${graded.id}/confirm`,
      headers: { cookie: teacher.cookie, origin: TEST_ORIGIN },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const detail = confirmed.json() as AnalysisDetail;
    expect(detail.result!.review_flags).toEqual([]);
    // the confirmation answered the placement too: the grade is proposed with it
    expect(detail.result!.grade).not.toBeNull();
    expect(detail.suggestedResult!.review_flags.map((flag) => flag.code)).toContain('alignment_uncertain');
  });
});
