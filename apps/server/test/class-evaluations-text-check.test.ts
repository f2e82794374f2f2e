import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classEvaluationMessages,
  textCheckFirst,
  textCheckParam,
  type AnalysisDetail,
  type ClassEvaluationDetail,
} from '@korrigo/domain';
import type { ExtractionResult } from '@korrigo/grading';
import { notifications } from '../src/db/schema';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { buildClass, buildCourse, createUser } from './support/factories';
import { multipartBody } from './support/multipart';

/**
 * Issue 34 §1 and §2: a scanned stack's papers wait for the text check; the set says so once (not once per
 * paper) and the check gets the pages' doubtful words and calculation lines.
 */
describe.each(databaseKinds)('[CLASS-EVALUATIONS] the text check of a scanned stack on %s', (kind) => {
  let t: TestApp;
  const names = ['Lena Schmidt', 'Ali Demir', 'Mia Wolf'];
  /** each pupil's page as OCR read it: the last line's result read with low confidence on Ali's page */
  const pageText = (name: string) => `Name: ${name}\nAufgabe 1\n3 · 4 = 12\n5 · 6 = 30`;

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      jobs: { pollingIntervalSeconds: 0.5 },
      env: { UPLOAD_RATE_LIMIT_PER_10_MINUTES: '1000' },
      analysis: {
        // the one edge replaced: the stack reads as one OCR page per pupil, her name on top
        extract: async (): Promise<ExtractionResult> => {
          const pages = names.map((name, pageIndex) => {
            const text = pageText(name);
            return {
              fileIndex: 0,
              pageIndex,
              text,
              source: 'ocr' as const,
              confidence: 91,
              words: text
                .split(/\s+/)
                .filter(Boolean)
                .map((word) => ({
                  text: word,
                  confidence: name === 'Ali Demir' && word === '30' ? 42 : 94,
                  bbox: { x0: 0, y0: 0, x1: 1, y1: 1 },
                })),
            };
          });
          return {
            text: pages.map((page) => page.text).join('\n\n'),
            pages,
            needsReview: false,
            hiddenText: [],
          };
        },
      },
    });
  }, 60_000);
  afterAll(() => t?.close());

  it('announces the waiting papers once, hands the check their doubts, and grades each checked paper', async () => {
    const teacher = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
    const schoolClass = await buildClass(t, { ownerId: teacher.id, roster: names.map((name) => ({ name })) });
    const course = await buildCourse(t, { ownerId: teacher.id, schoolClass, name: 'Mathe 7b' });
    const send = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object | Buffer, headers = {}) =>
      t.app.inject({
        method,
        url,
        headers: { cookie: teacher.cookie, origin: TEST_ORIGIN, ...headers },
        ...(payload ? { payload } : {}),
      });
    const detailOf = async (id: string) =>
      (await send('GET', `/api/class-evaluations/${id}`)).json() as ClassEvaluationDetail;
    async function waitFor(id: string, until: (detail: ClassEvaluationDetail) => boolean) {
      for (let attempt = 0; attempt < 600; attempt += 1) {
        const detail = await detailOf(id);
        if (until(detail)) return detail;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the set did not get there');
    }
    const transcriptionNotes = async () =>
      (
        await t.context.database.db.select().from(notifications).where(eq(notifications.userId, teacher.id))
      ).filter((note) => note.title === classEvaluationMessages.transcriptionTitle);

    const upload = multipartBody(
      [{ name: 'stack_001_scan.pdf', data: Buffer.from('%PDF-1.7\n% Stapel\n') }],
      {
        courseId: course.id,
        testName: 'Einmaleins',
        teacherContent: 'Aufgabe 1 (2 P)\n12 und 30',
        autoDetect: 'true',
      },
    );
    const created = await send('POST', '/api/class-evaluations', upload.payload, upload.headers);
    expect(created.statusCode, created.body).toBe(202);
    const id = created.json().evaluationId as string;
    const review = await waitFor(id, (detail) => detail.status !== 'preparing');
    expect(review.status, review.errorMessage ?? '').toBe('needs_review');
    // the stack's pages keep what the check marks: Ali's uncertain result line
    expect(review.pages[1]!.uncertainLines).toEqual([
      { text: '5 · 6 = 30', tokens: ['30'], note: 'unsicher gelesen: „30“' },
    ]);

    const started = await send('POST', `/api/class-evaluations/${id}/start`, {});
    expect(started.statusCode, started.body).toBe(200);
    const waiting = await detailOf(id);
    expect(waiting.progress.needsTranscription).toBe(3);
    // three papers wait, one notification says so, and it opens the set's check view
    const notes = await transcriptionNotes();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toBe(classEvaluationMessages.transcriptionMessage('Einmaleins'));
    expect(notes[0]!.metadata).toMatchObject({
      relativeLink: `/dashboard/class-evaluations/${id}?${textCheckParam}=${textCheckFirst}`,
    });

    // each paper's analysis carries its page's doubts for the check
    const ali = waiting.papers.find((paper) => paper.studentName === 'Ali Demir')!;
    const analysis = (await send('GET', `/api/analyses/${ali.analysisId}`)).json() as AnalysisDetail;
    expect(analysis.status).toBe('needs_transcription');
    expect(analysis.pages[0]!.uncertainLines.map((line) => line.text)).toEqual(['5 · 6 = 30']);
    expect(analysis.pages[0]!.lowConfidenceWords).toEqual([{ text: '30', confidence: 42 }]);

    // each checked paper is graded at once; no further notification for the waiting ones
    for (const paper of waiting.papers) {
      const checked = await send('PATCH', `/api/analyses/${paper.analysisId}/transcription`, {
        text: pageText(paper.studentName),
      });
      expect(checked.statusCode, checked.body).toBe(200);
    }
    const done = await waitFor(id, (detail) => detail.status === 'done');
    expect(done.papers.map((paper) => paper.status)).toEqual(['done', 'done', 'done']);
    expect(await transcriptionNotes()).toHaveLength(1);
  }, 120_000);
});
