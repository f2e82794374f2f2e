import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisMessages, extractionMessages } from '@korrigo/domain';
import { ExtractionPool, warmUpExtraction } from '@korrigo/grading';
import { DOCX_LIMITS } from '../../../packages/grading/src/extract/docx.extractor';
import {
  heaviestAllowedDocx,
  jpegHeader,
  manyEntriesDocx,
  pdfWithPages,
  pngHeader,
  runFloodBomb,
  runsDocx,
} from '../../../packages/grading/test/fixtures/hostile-files';
import { profiles } from '../src/db/schema';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { createUser, waitForAnalysis } from './support/factories';
import { multipartBody } from './support/multipart';

type User = Awaited<ReturnType<typeof createUser>>;

/**
 * Each hostile file, generated here, with the German message it must be refused with; `atUpload`: the
 * upload check refuses it already (file-type's own zip limits do not let it pass as a DOCX).
 */
async function hostileFiles(): Promise<{ name: string; data: Buffer; message: string; atUpload?: number }[]> {
  const pixels = '50 Megapixel';
  return [
    {
      name: 'bombe.docx',
      data: await runFloodBomb(200),
      message: extractionMessages.tooComplex('bombe.docx'),
    },
    {
      name: 'läufe.docx',
      data: runsDocx(Math.ceil(DOCX_LIMITS.maxTags / 4) + 1),
      message: extractionMessages.tooComplex('läufe.docx'),
    },
    {
      name: 'viele.docx',
      data: manyEntriesDocx(),
      message: analysisMessages.unsupportedFile('viele.docx'),
      atUpload: 415,
    },
    {
      name: 'riesig.png',
      data: pngHeader(30_000, 30_000),
      message: extractionMessages.tooManyPixels('riesig.png', pixels),
    },
    {
      name: 'riesig.jpg',
      data: jpegHeader(30_000, 30_000),
      message: extractionMessages.tooManyPixels('riesig.jpg', pixels),
    },
    {
      name: 'dick.pdf',
      data: pdfWithPages(10_000),
      message: extractionMessages.tooLarge('dick.pdf', '40 Seiten'),
    },
  ];
}

async function usedCredits(t: TestApp, user: User): Promise<number> {
  const [profile] = await t.context.database.db.select().from(profiles).where(eq(profiles.userId, user.id));
  return profile!.usedCredits;
}

describe.each(databaseKinds)('[HOSTILE] hostile uploads on %s', (kind) => {
  let t: TestApp;
  let teacher: User;

  beforeAll(async () => {
    t = await buildTestApp(kind, { jobs: { pollingIntervalSeconds: 0.5 } });
    teacher = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
    // as server.ts does at start-up: the time is for refusing, not for starting the worker threads
    await warmUpExtraction();
  });
  afterAll(() => t?.close());

  const upload = (user: User, url: string, files: { name: string; data: Buffer }[]) => {
    const body = multipartBody(files);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN, ...body.headers },
      payload: body.payload,
    });
  };

  it('refuses bombs and floods at /api/extract-text in German without hanging or blocking requests', async () => {
    const files = await hostileFiles();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const answers = await Promise.all(
      files.map(async (file) => {
        const started = performance.now();
        const response = await upload(teacher, '/api/extract-text', [file]);
        return { file, response, ms: performance.now() - started };
      }),
    );
    delay.disable();
    for (const { file, response, ms } of answers) {
      expect(response.statusCode, file.name).toBe(file.atUpload ?? 422);
      expect(response.json().error.message).toBe(file.message);
      // a guard against hanging, not a speed target: how fast it refuses is measured by `npm run bench:hostile`
      expect(ms, file.name).toBeLessThan(10_000);
    }
    // what a request for the home page would have waited for at worst
    expect(delay.max / 1e6).toBeLessThan(500);
    // and the server still reads an honest file
    const honest = await upload(teacher, '/api/extract-text', [
      { name: 'antwort.txt', data: Buffer.from('Die Lösung ist 3/4.') },
    ]);
    expect(honest.json().extractedContent).toBe('Die Lösung ist 3/4.');
  });

  it('fails analyses of such files in German and gives the credit back', async () => {
    const user = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
    const files = await hostileFiles();
    const created = await Promise.all(files.map((file) => upload(user, '/api/analyses', [file])));
    for (const [index, response] of created.entries()) {
      const file = files[index]!;
      expect(response.statusCode, file.name).toBe(file.atUpload ?? 202);
      if (file.atUpload) {
        expect(response.json().error.message).toBe(file.message);
        continue;
      }
      const detail = await waitForAnalysis(t, user, response.json().id);
      expect(detail.status).toBe('failed');
      expect(detail.errorMessage).toBe(file.message);
    }
    expect(await usedCredits(t, user)).toBe(0);
  }, 60_000);
});

describe('[HOSTILE] a dying extraction worker', () => {
  let t: TestApp;
  let pool: ExtractionPool;
  let calls = 0;

  beforeAll(async () => {
    // The heaviest DOCX the limits allow needs ~200 MB of heap: in 100 MB its worker dies, as it would on a
    // file that fooled a decoder.
    pool = new ExtractionPool({ size: 1, maxHeapMb: 100 });
    t = await buildTestApp('pglite', {
      jobs: { pollingIntervalSeconds: 0.5 },
      analysis: {
        extract: (files) => {
          calls += 1;
          return pool.extract(files);
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await pool?.close();
  });

  it('fails the analysis in German after one retry and gives the credit back', async () => {
    const user = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
    const body = multipartBody([{ name: 'schwer.docx', data: heaviestAllowedDocx() }]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/analyses',
      headers: { cookie: user.cookie, origin: TEST_ORIGIN, ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode).toBe(202);
    const detail = await waitForAnalysis(t, user, created.json().id);
    expect(detail.status).toBe('failed');
    expect(detail.errorMessage).toBe(extractionMessages.notProcessed(['schwer.docx']));
    expect(calls).toBe(2);
    expect(await usedCredits(t, user)).toBe(0);

    // the text check answers the same reason at once
    const extract = await t.app.inject({
      method: 'POST',
      url: '/api/extract-text',
      headers: { cookie: user.cookie, origin: TEST_ORIGIN, ...body.headers },
      payload: body.payload,
    });
    expect(extract.statusCode).toBe(422);
    expect(extract.json().error.message).toBe(extractionMessages.notProcessed(['schwer.docx']));
  }, 60_000);
});
