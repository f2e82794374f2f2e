import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  analysisAuditSchema,
  type AnalysisDetail,
  type AnalysisResult,
  type GradeDetail,
  type LearningProfile,
} from '@korrigo/domain';
import { extractText } from '@korrigo/grading';
import { analysisChanges, gradeReleaseEvents } from '../src/db/schema';
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

/**
 * Issue 33 §1 and §2: a result released, reopened, changed and confirmed twice. The pupil sees only what was
 * released, at every step; the trail keeps each release with the figures of its moment, outlives the pupil's
 * erasure under „gelöschtes Konto“, and the database refuses to rewrite it.
 */
describe.each(databaseKinds)('[GRADES] released versions and the release trail on %s', (kind) => {
  let t: TestApp;
  let teacher: User;
  let pupil: User;
  let analysisId: string;

  const send = (who: User, method: 'POST' | 'PATCH', url: string, payload: object = {}) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie, origin: TEST_ORIGIN }, payload });
  const get = (who: User, url: string) => t.app.inject({ url, headers: { cookie: who.cookie } });

  beforeAll(async () => {
    t = await buildTestApp(kind, { jobs: { pollingIntervalSeconds: 0.5 } });
    teacher = await createUser(t, { accountType: 'teacher', name: 'Frau Weber' });
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
    expect((await waitForAnalysis(t, teacher, analysisId)).status).toBe('done');
  }, 120_000);
  afterAll(() => t?.close());

  /** Every scored unit to `share` of its maximum and a feedback line: answers the teacher's new figures. */
  async function review(share: number, feedback: string) {
    const detail = (await get(teacher, `/api/analyses/${analysisId}`)).json() as AnalysisDetail;
    const changes: object[] = [{ type: 'set_feedback', target: 'overall', text: feedback }];
    detail.result!.tasks.forEach((task, taskIndex) => {
      if (task.subtasks.length === 0) {
        changes.push({ type: 'set_points', taskIndex, points: share * (task.max_points ?? 0) });
      }
      task.subtasks.forEach((subtask, subtaskIndex) =>
        changes.push({
          type: 'set_points',
          taskIndex,
          subtaskIndex,
          points: share * (subtask.max_points ?? 0),
        }),
      );
    });
    const changed = await send(teacher, 'PATCH', `/api/analyses/${analysisId}/review`, { changes });
    expect(changed.statusCode, changed.body).toBe(200);
    const result = (changed.json() as AnalysisDetail).result!;
    return { grade: result.grade, points: result.achieved_points };
  }

  /** What the pupil is shown now: her table's row, the detail route's result and text, the PDF's text. */
  async function pupilSees() {
    const profile = (await get(pupil, '/api/learning-profile')).json() as LearningProfile;
    const row = profile.grades.find((grade) => grade.analysisId === analysisId)!;
    const detail = (await get(pupil, `/api/grades/${analysisId}`)).json() as GradeDetail;
    const result = JSON.parse(detail.ai_analysis) as AnalysisResult;
    const pdf = await get(pupil, `/api/grades/${analysisId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText([{ name: 'note.pdf', data: pdf.rawPayload }]);
    return {
      tableGrade: row.grade,
      detailGrade: result.grade,
      recordGrade: detail.record.grade,
      feedback: result.overall_feedback,
      pdf: text.replace(/\s+/g, ' '),
    };
  }

  it('shows the pupil only released versions while her teacher reopens and changes the result', async () => {
    const first = await review(1, 'Erste Fassung: alles richtig.');
    expect((await send(teacher, 'POST', `/api/analyses/${analysisId}/confirm`)).statusCode).toBe(200);
    expect((await send(teacher, 'POST', `/api/analyses/${analysisId}/release`)).statusCode).toBe(200);
    const released = await pupilSees();
    expect(released).toMatchObject({
      tableGrade: first.grade,
      detailGrade: first.grade,
      recordGrade: first.grade,
      feedback: 'Erste Fassung: alles richtig.',
    });
    expect(released.pdf).toContain('Erste Fassung: alles richtig.');

    // reopened and changed, not yet confirmed: she still sees the first release, everywhere
    expect((await send(teacher, 'POST', `/api/analyses/${analysisId}/reopen`)).statusCode).toBe(200);
    const draft = await review(0, 'Entwurf: noch nicht bestätigt.');
    expect(draft.grade).not.toBe(first.grade);
    const during = await pupilSees();
    expect(during).toMatchObject({ tableGrade: first.grade, detailGrade: first.grade });
    expect(during.feedback).toBe('Erste Fassung: alles richtig.');
    expect(during.pdf).toContain('Erste Fassung: alles richtig.');
    expect(during.pdf).not.toContain('Entwurf');
    const assistant = await get(pupil, '/api/learning-assistant');
    expect(assistant.statusCode).toBe(200);
    expect(assistant.body).not.toContain('Entwurf');

    // confirmed: now she is given the new version
    expect((await send(teacher, 'POST', `/api/analyses/${analysisId}/confirm`)).statusCode).toBe(200);
    const second = await pupilSees();
    expect(second).toMatchObject({ tableGrade: draft.grade, detailGrade: draft.grade });
    expect(second.feedback).toBe('Entwurf: noch nicht bestätigt.');

    // a second change, confirmed
    expect((await send(teacher, 'POST', `/api/analyses/${analysisId}/reopen`)).statusCode).toBe(200);
    const third = await review(0.5, 'Dritte Fassung.');
    expect((await send(teacher, 'POST', `/api/analyses/${analysisId}/confirm`)).statusCode).toBe(200);
    expect((await pupilSees()).detailGrade).toBe(third.grade);

    // the trail keeps each release with its own figures
    const audit = analysisAuditSchema.parse((await get(teacher, `/api/analyses/${analysisId}/audit`)).json());
    const releases = audit.events.filter(
      (event) => event.kind === 'released' || event.kind === 'release_updated',
    );
    expect(releases.map((event) => [event.kind, event.to, event.grade, event.achievedPoints])).toEqual([
      ['released', 'Lena Schmidt', first.grade, first.points],
      ['release_updated', 'Lena Schmidt', draft.grade, draft.points],
      ['release_updated', 'Lena Schmidt', third.grade, third.points],
    ]);
  });

  it('refuses to rewrite the trail in the database', async () => {
    const { db } = t.context.database;
    await expect(
      db.update(gradeReleaseEvents).set({ grade: '1' }).where(eq(gradeReleaseEvents.analysisId, analysisId)),
    ).rejects.toThrow();
    await expect(
      db.update(analysisChanges).set({ change: {} }).where(eq(analysisChanges.analysisId, analysisId)),
    ).rejects.toThrow();
    await expect(
      db
        .update(gradeReleaseEvents)
        .set({ pupilName: 'Jemand anderes' })
        .where(eq(gradeReleaseEvents.analysisId, analysisId)),
    ).rejects.toThrow();
  });

  it('keeps every entry after the pupil erases her account, under „gelöschtes Konto“, on screen and in the PDF', async () => {
    const before = analysisAuditSchema.parse(
      (await get(teacher, `/api/analyses/${analysisId}/audit`)).json(),
    );
    const erased = await send(pupil, 'POST', '/api/privacy/account-deletion', { password: pupil.password });
    expect(erased.statusCode, erased.body).toBe(200);

    const after = analysisAuditSchema.parse((await get(teacher, `/api/analyses/${analysisId}/audit`)).json());
    expect(after.events).toHaveLength(before.events.length);
    const releases = after.events.filter(
      (event) => event.kind === 'released' || event.kind === 'release_updated',
    );
    expect(releases).toHaveLength(3);
    const wasReleases = before.events.filter(
      (event) => event.kind === 'released' || event.kind === 'release_updated',
    );
    releases.forEach((event, index) => {
      expect(event.to).toBe('gelöschtes Konto');
      expect(event.grade).toBe(wasReleases[index]!.grade);
      expect(event.at).toBe(wasReleases[index]!.at);
    });
    const { db } = t.context.database;
    const stored = await db.execute(
      sql`select count(*)::int as n from grade_release_events where pupil_name = 'Lena Schmidt'`,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);

    const pdf = await get(teacher, `/api/analyses/${analysisId}/audit.pdf`);
    const { text } = await extractText([{ name: 'verlauf.pdf', data: pdf.rawPayload }]);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('an gelöschtes Konto (Korrektur, Note');
    expect(flat.match(/gelöschtes Konto erhält das neu bestätigte Ergebnis/g)).toHaveLength(2);
    for (const event of releases) expect(flat).toContain(`Note ${event.grade}`);
  });
});
