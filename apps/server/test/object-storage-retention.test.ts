import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AnalysisDetail } from '@korrigo/domain';
import { analysisFiles, classEvaluationFiles, classEvaluations } from '../src/db/schema';
import { buildTestApp, databaseKinds, type TestApp } from './support/build-test-app';
import { buildAnalysis, createUser, postAnalysis, waitForAnalysis } from './support/factories';
import { multipartBody } from './support/multipart';
import { startS3Server } from './support/s3';

let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

describe.each(databaseKinds)('[STORAGE] S3 and the retention of papers (%s)', (kind) => {
  let t: TestApp;
  // the app's clock: uploads are dated by it, and the retention job reads it
  let clock = new Date();
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: s3.env, now: () => clock });
  });
  afterAll(() => t.close());

  const detailOf = async (user: { cookie: string }, id: string) => {
    const response = await t.app.inject({ url: `/api/analyses/${id}`, headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(200);
    return response.json() as AnalysisDetail;
  };

  it('puts an upload into the bucket under a random key, grades it from there, and deletes it with the analysis', async () => {
    clock = new Date();
    const user = await createUser(t, { accountType: 'teacher' });
    const prefix = `uploads/${user.id}`;
    expect(await t.context.storage.list(prefix)).toEqual([]);

    const created = await postAnalysis(
      t,
      user,
      multipartBody(
        [
          {
            name: 'Max Mustermann Klassenarbeit.txt',
            type: 'text/plain',
            data: Buffer.from('Die Photosynthese braucht Licht.'),
          },
        ],
        { title: 'Biologie' },
      ),
    );
    expect(created.statusCode).toBe(202);
    const keys = await t.context.storage.list(prefix);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toMatch(/Mustermann|Klassenarbeit|txt/);

    const detail = await waitForAnalysis(t, user, created.json().id);
    expect(detail.status).toBe('done');
    // the job read the file from the bucket
    expect(detail.test).toContain('Die Photosynthese braucht Licht.');
    const file = await t.app.inject({
      url: `/api/analyses/${detail.id}/files/${detail.files[0]!.id}`,
      headers: { cookie: user.cookie },
    });
    expect(file.body).toBe('Die Photosynthese braucht Licht.');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/analyses/${detail.id}`,
      headers: { cookie: user.cookie, origin: 'http://localhost:3000' },
    });
    expect(removed.statusCode).toBe(200);
    expect(await t.context.storage.list(prefix)).toEqual([]);
  });

  it("deletes old papers' files after the school year, keeps their results, newer papers and teachers' files", async () => {
    const user = await createUser(t, { accountType: 'teacher' });
    const { db } = t.context.database;
    const storage = t.context.storage;
    const prefix = `uploads/${user.id}`;
    // 31 July, 23:00 in Berlin: the last hour of the school year 2025/26; 1 August, 00:30: the next one
    const lastEvening = new Date('2026-07-31T21:00:00Z');
    const nextMorning = new Date('2026-07-31T22:30:00Z');

    const paper = async (createdAt: Date, status: 'done' | 'processing' = 'done') => {
      const analysis = await buildAnalysis(t, { ownerId: user.id, createdAt, status });
      const key = await storage.put(prefix, Buffer.from('Seite 1'));
      await db.insert(analysisFiles).values({
        analysisId: analysis.id,
        position: 0,
        storageKey: key,
        originalName: 'scan.jpg',
        mimeType: 'image/jpeg',
        sizeBytes: 7,
      });
      return { id: analysis.id, key, options: analysis.options };
    };
    const old = await paper(lastEvening);
    const stillGrading = await paper(lastEvening, 'processing');
    const fresh = await paper(nextMorning);

    // a class set of the old school year: its stack (shared with its paper's analysis) goes, its key file stays
    const [set] = await db
      .insert(classEvaluations)
      .values({
        userId: user.id,
        status: 'grading',
        courseName: 'Bio 7b',
        options: old.options,
        failingShareThreshold: 0.3,
        createdAt: lastEvening,
      })
      .returning();
    const stackKey = await storage.put(prefix, Buffer.from('Stapel'));
    const keyFileKey = await storage.put(prefix, Buffer.from('Erwartungshorizont'));
    await db.insert(classEvaluationFiles).values([
      {
        evaluationId: set!.id,
        role: 'stack',
        position: 0,
        storageKey: stackKey,
        originalName: 'stapel.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 6,
      },
      {
        evaluationId: set!.id,
        role: 'key',
        position: 0,
        storageKey: keyFileKey,
        originalName: 'key.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 18,
      },
    ]);
    const setPaper = await buildAnalysis(t, { ownerId: user.id, createdAt: lastEvening });
    await db.insert(analysisFiles).values({
      analysisId: setPaper.id,
      position: 0,
      storageKey: stackKey,
      originalName: 'stapel.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 6,
    });
    // course materials and profile images are not student papers
    const material = await storage.put(`course-materials/${set!.id}`, Buffer.from('Arbeitsblatt'));

    // the night to 1 August, 03:30 in Berlin
    clock = new Date('2026-08-01T01:30:00Z');
    const first = await t.context.retention.run();
    expect(first).toMatchObject({ analyses: 2, classEvaluations: 1, files: 2 });

    expect(await storage.list(prefix)).toEqual([stillGrading.key, fresh.key, keyFileKey].sort());
    expect(await storage.list(`course-materials/${set!.id}`)).toEqual([material]);

    const oldDetail = await detailOf(user, old.id);
    expect(oldDetail.files).toEqual([]);
    expect(oldDetail.filesDeletedAt).toBe('2026-08-01T01:30:00.000Z');
    expect(oldDetail.result?.achieved_points).toBe(15);
    expect(oldDetail.grade).not.toBeNull();
    expect((await detailOf(user, setPaper.id)).filesDeletedAt).toBe('2026-08-01T01:30:00.000Z');
    expect((await detailOf(user, fresh.id)).files).toHaveLength(1);
    expect((await detailOf(user, fresh.id)).filesDeletedAt).toBeNull();
    const [setRow] = await db.select().from(classEvaluations).where(eq(classEvaluations.id, set!.id));
    expect(setRow!.filesDeletedAt?.toISOString()).toBe('2026-08-01T01:30:00.000Z');
    expect(
      (
        await db.select().from(classEvaluationFiles).where(eq(classEvaluationFiles.evaluationId, set!.id))
      ).map((file) => file.role),
    ).toEqual(['key']);

    // the next night finds nothing more to do, and the dates stay those of the deletion
    clock = new Date('2026-08-02T01:30:00Z');
    expect(await t.context.retention.run()).toMatchObject({ analyses: 0, classEvaluations: 0, files: 0 });
    expect((await detailOf(user, old.id)).filesDeletedAt).toBe('2026-08-01T01:30:00.000Z');
  });

  it('runs every night in Berlin and tells the privacy page the setting', async () => {
    const schedules = await t.context.analysis.jobs.boss.getSchedules();
    expect(schedules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'paper-retention', cron: '30 3 * * *', timezone: 'Europe/Berlin' }),
      ]),
    );
    const config = await t.app.inject({ url: '/api/config' });
    expect(config.json().paperRetention).toEqual({ kind: 'school-year' });
  });
});
