import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisMessages, type AnalysisDetail } from '@korrigo/domain';
import type { ExtractionResult, InputFile } from '@korrigo/grading';
import { analyses, profiles } from '../src/db/schema';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { createUser, waitForAnalysis, postAnalysis, analysisLedger } from './support/factories';
import { multipartBody } from './support/multipart';
import { openStream } from './support/sse';
import { LISTEN_APPLICATION_NAME, openDatabase } from '../src/platform/db';

type User = Awaited<ReturnType<typeof createUser>>;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.7\n% eine Seite mit Textebene\n');
const PHOTO_TEXT = 'Die Fotosynthese braucht Licht, Waser und Kohlenstoffdioxid.';
const PDF_TEXT = 'Aufgabe 1: Die Lösung ist 3/4, weil 1/2 = 2/4 ist.';

/**
 * The job's extractor, replaced at the edge: photos come back as an OCR page with a doubtful word, PDFs as
 * a text layer. Every call is kept, so a test sees what reached the job and how often.
 */
function fakeExtractor() {
  const calls: InputFile[][] = [];
  const extract = async (files: InputFile[]): Promise<ExtractionResult> => {
    calls.push(files);
    const pages = files.map((file, fileIndex) =>
      file.mimeType === 'image/png'
        ? {
            fileIndex,
            pageIndex: 0,
            text: PHOTO_TEXT,
            source: 'ocr' as const,
            confidence: 58,
            words: [{ text: 'Waser', confidence: 31, bbox: { x0: 0, y0: 0, x1: 1, y1: 1 } }],
          }
        : {
            fileIndex,
            pageIndex: 0,
            text: PDF_TEXT,
            source: 'pdf-text-layer' as const,
            confidence: null,
            words: [],
          },
    );
    return {
      text: pages.map((page) => page.text).join('\n\n'),
      pages,
      needsReview: pages.some((page) => page.confidence !== null && page.confidence < 70),
      hiddenText: [],
    };
  };
  return { calls, extract };
}

describe.each(databaseKinds)('[ANALYSIS] upload once and one event stream on %s', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  let teacher: User;
  const extractor = fakeExtractor();

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      jobs: { pollingIntervalSeconds: 0.5 },
      analysis: { extract: extractor.extract },
    });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    teacher = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
  });
  afterAll(() => t?.close());

  const post = (user: User, body: { payload: Buffer | object; headers?: Record<string, string> }) =>
    postAnalysis(t, user, body);

  const patchTranscription = (user: User, id: string, payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/analyses/${id}/transcription`,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      payload,
    });

  const ledger = (analysisId: string) => analysisLedger(t, analysisId);

  async function usedCredits(userId: string) {
    const [profile] = await t.context.database.db.select().from(profiles).where(eq(profiles.userId, userId));
    return profile!.usedCredits;
  }

  /** A photo posted once: the analysis that waits for the teacher's look at its transcription. */
  async function waitingAnalysis(user: User) {
    const created = await post(user, multipartBody([{ name: 'seite1.png', data: PNG }], { title: 'Bio' }));
    expect(created.statusCode, created.body).toBe(202);
    return waitForAnalysis(t, user, created.json().id as string);
  }

  it('a photo posted once reaches the job as a page and waits for the transcription check', async () => {
    const before = extractor.calls.length;
    const detail = await waitingAnalysis(teacher);
    expect(detail.status).toBe('needs_transcription');
    // the job read the photo itself, once, as the bytes that were uploaded
    expect(extractor.calls.length - before).toBe(1);
    expect(extractor.calls.at(-1)).toEqual([
      expect.objectContaining({ name: 'seite1.png', mimeType: 'image/png' }),
    ]);
    expect(detail.extractedText).toBe(PHOTO_TEXT);
    expect(detail.pages).toEqual([
      expect.objectContaining({
        source: 'ocr',
        confidence: 58,
        lowConfidenceWords: [{ text: 'Waser', confidence: 31 }],
      }),
    ]);
    expect(detail.result).toBeNull();
    const { runs, charges, notes } = await ledger(detail.id);
    expect(runs).toEqual([]);
    // reserved, neither charged nor refunded while it waits
    expect(charges).toEqual([expect.objectContaining({ confirmed: false, refunded: false })]);
    expect(notes).toEqual([
      expect.objectContaining({ title: analysisMessages.transcriptionTitle, type: 'info' }),
    ]);

    // the page image beside the text: the uploaded photo, for its owner only
    const image = await t.app.inject({
      url: `/api/analyses/${detail.id}/files/${detail.files[0]!.id}`,
      headers: { cookie: teacher.cookie },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toBe('attachment');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const stranger = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
    const foreign = await t.app.inject({
      url: `/api/analyses/${detail.id}/files/${detail.files[0]!.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(foreign.statusCode).toBe(404);

    const list = await t.app.inject({ url: '/api/analyses', headers: { cookie: teacher.cookie } });
    expect(list.json().analyses).toContainEqual(
      expect.objectContaining({ id: detail.id, status: 'needs_transcription' }),
    );
  });

  it('needs_transcription → PATCH → done: the corrected text is graded and charged once', async () => {
    const user = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
    const waiting = await waitingAnalysis(user);
    const calls = extractor.calls.length;
    const stranger = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });

    const foreign = await patchTranscription(stranger, waiting.id, { text: 'Übernommen' });
    expect(foreign.statusCode).toBe(404);

    const empty = await patchTranscription(user, waiting.id, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.text).toBe(analysisMessages.transcriptionEmpty);

    const corrected = 'Die Fotosynthese braucht Licht, Wasser und Kohlenstoffdioxid.';
    const resumed = await patchTranscription(user, waiting.id, { text: corrected });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ id: waiting.id, status: 'processing' });

    const again = await patchTranscription(user, waiting.id, { text: corrected });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(analysisMessages.notAwaitingTranscription);

    const done = await waitForAnalysis(t, user, waiting.id);
    expect(done.status).toBe('done');
    expect(done.extractedText).toBe(corrected);
    expect(done.test).toContain('Wasser');
    expect(done.test).not.toContain('Waser');
    // graded without reading the files again
    expect(extractor.calls.length).toBe(calls);

    const { runs, charges, notes } = await ledger(waiting.id);
    expect(runs.map((run) => run.outcome)).toEqual([expect.not.stringMatching('failed')]);
    expect(charges).toEqual([expect.objectContaining({ confirmed: true, refunded: false })]);
    expect(notes.map((note) => note.title).sort()).toEqual(
      [analysisMessages.completeTitle, analysisMessages.transcriptionTitle].sort(),
    );
    expect(await usedCredits(user.id)).toBe(1);

    // done: no transcription to send any more
    const late = await patchTranscription(user, waiting.id, { text: corrected });
    expect(late.statusCode).toBe(409);
  });

  it('a PDF with a text layer is read once, by the job, and graded without a stop', async () => {
    const before = extractor.calls.length;
    const created = await post(teacher, multipartBody([{ name: 'arbeit.pdf', data: PDF }]));
    expect(created.statusCode, created.body).toBe(202);
    const detail = await waitForAnalysis(t, teacher, created.json().id as string);
    expect(detail.status).toBe('done');
    expect(detail.extractedText).toBe(PDF_TEXT);
    expect(extractor.calls.length - before).toBe(1);
    const typed = await post(teacher, { payload: { text: 'Getippte Antwort.' } });
    const typedDone = await waitForAnalysis(t, teacher, typed.json().id as string);
    const wrongState = await patchTranscription(teacher, typedDone.id, { text: 'Neu' });
    expect(wrongState.statusCode).toBe(409);
  });

  it('the event stream says needs_transcription, then done at once after the job, and ends', async () => {
    const user = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
    const waiting = await waitingAnalysis(user);
    const stream = await openStream(baseUrl, `/api/analyses/${waiting.id}/events`, user.cookie);
    try {
      expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
      const first = await stream.next((event) => event.event === 'status');
      expect(JSON.parse(first.data)).toMatchObject({ id: waiting.id, status: 'needs_transcription' });

      const resumed = await patchTranscription(user, waiting.id, { text: 'Licht und Wasser.' });
      expect(resumed.statusCode).toBe(200);
      // `processing` may be skipped: a stream sends the status as it is when it reads it
      const done = await stream.next((event) => JSON.parse(event.data).status === 'done');
      const arrived = Date.now();
      expect(done.event).toBe('status');
      const [row] = await t.context.database.db
        .select({ completedAt: analyses.completedAt })
        .from(analyses)
        .where(eq(analyses.id, waiting.id));
      // pushed by the database's notification, not found by a 500 ms polling tick
      expect(arrived - row!.completedAt!.getTime()).toBeLessThan(250);
      await expect(stream.next(() => false, 2000)).rejects.toThrow('stream ended');
    } finally {
      await stream.close();
    }
    expect(t.context.analysis.events.size).toBe(0);
  });

  it.runIf(kind === 'postgres')(
    'a change made while the listening connection was lost reaches the stream once it is back',
    async () => {
      const user = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
      const waiting = await waitingAnalysis(user);
      const stream = await openStream(baseUrl, `/api/analyses/${waiting.id}/events`, user.cookie);
      try {
        await stream.next((event) => JSON.parse(event.data).status === 'needs_transcription');
        const admin = await openDatabase({ databaseUrl: t.context.config.DATABASE_URL, dataDir: t.dataDir });
        try {
          // what a database restart or failover does to the one LISTEN connection
          await admin.sql.executeSql(
            `select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and application_name = $1`,
            [LISTEN_APPLICATION_NAME],
          );
        } finally {
          await admin.close();
        }
        // graded while nobody listens: the notification is missed, the stream reads again on reconnect
        expect((await patchTranscription(user, waiting.id, { text: 'Licht und Wasser.' })).statusCode).toBe(
          200,
        );
        await stream.next((event) => JSON.parse(event.data).status === 'done', 20_000);
        await expect(stream.next(() => false, 5000)).rejects.toThrow('stream ended');
      } finally {
        await stream.close();
      }
    },
    60_000,
  );

  it('/generate-response waits on the same stream and follows nothing afterwards', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/generate-response',
      headers: { cookie: teacher.cookie, origin: TEST_ORIGIN },
      payload: { userMessage: 'Aufgabe 1 (2 P)\n2 + 2 = 4', subject: 'Mathematik' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const analysisId = response.json().analysisId as string;
    const detail = (
      await t.app.inject({ url: `/api/analyses/${analysisId}`, headers: { cookie: teacher.cookie } })
    ).json() as AnalysisDetail;
    expect(JSON.parse(response.json().response)).toEqual(detail.result);
    expect(t.context.analysis.events.size).toBe(0);
  });
});
