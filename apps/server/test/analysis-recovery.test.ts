import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { warmUpGrading } from '@korrigo/grading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig } from '../src/env';
import { aiRuns, analyses, creditCharges, notifications, profiles } from '../src/db/schema';
import {
  createPostgresDatabase,
  everyDatabaseKind,
  TEST_ORIGIN,
  type TestApp,
} from './support/build-test-app';
import { createUser } from './support/factories';

/** A database that outlives one app, so a second app can start on what the first one left. */
async function durableDatabase(
  kind: 'pglite' | 'postgres',
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'korrigo-recovery-'));
  if (kind === 'pglite') {
    return {
      env: { DATA_DIR: dataDir },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  // empty, as on PGlite: these apps migrate from nothing, as a new installation does
  const pgDb = await createPostgresDatabase({ empty: true });
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: pgDb.url },
    async drop() {
      await pgDb.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function start(env: Record<string, string>, options: BuildOptions) {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...env,
  });
  const { app, context } = await buildApp(config, { logger: false, ...options });
  await app.ready();
  return { app, context };
}

describe.each(everyDatabaseKind)('[ANALYSIS] crash recovery on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  // as src/worker.ts does before it takes a job: the jobs here expire after 2 s, a cold grading thread loads longer
  beforeAll(() => warmUpGrading(), 120_000);
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('jobs left created or active by a dead process run after a restart: one result, one charge each', async () => {
    const database = await durableDatabase(kind);
    cleanups.push(database.drop);
    // expiry only matters on PostgreSQL; on PGlite a restarted process knows it is alone and retries at once
    const jobs = { expireInSeconds: 2, maintenanceIntervalSeconds: 1, pollingIntervalSeconds: 0.5 };

    // first life: this process only enqueues, then one job is taken and never finished, as by a worker
    // that was killed in the middle of grading
    const first = await start(database.env, { jobs: { ...jobs, work: false } });
    const user = await createUser(first as unknown as TestApp, { accountType: 'teacher' });
    const ids: string[] = [];
    for (const text of ['Erste Antwort: 3/4.', 'Zweite Antwort: 5/6.']) {
      const response = await first.app.inject({
        method: 'POST',
        url: '/api/analyses',
        headers: { cookie: user.cookie, origin: TEST_ORIGIN },
        payload: { text },
      });
      expect(response.statusCode).toBe(202);
      ids.push(response.json().id);
    }
    const taken = await first.context.analysis.jobs.boss.fetch('grade-analysis');
    expect(taken).toHaveLength(1);
    await first.app.close();

    // second life on the same data
    const second = await start(database.env, { jobs });
    cleanups.push(() => second.app.close());
    const db = second.context.database.db;
    const deadline = Date.now() + 60_000;
    let rows = await db.select().from(analyses).where(eq(analyses.userId, user.id));
    while (rows.some((row) => row.status === 'processing') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      rows = await db.select().from(analyses).where(eq(analyses.userId, user.id));
    }
    expect(rows.map((row) => row.status)).toEqual(['done', 'done']);

    for (const id of ids) {
      const runs = await db.select().from(aiRuns).where(eq(aiRuns.analysisId, id));
      expect(runs.filter((run) => run.outcome !== 'failed')).toHaveLength(1);
      const charges = await db.select().from(creditCharges).where(eq(creditCharges.analysisId, id));
      expect(charges).toEqual([expect.objectContaining({ confirmed: true, refunded: false })]);
    }
    const notes = await db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.map((note) => (note.metadata as { analysisId: string }).analysisId).sort()).toEqual(
      [...ids].sort(),
    );
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile!.usedCredits).toBe(2);
  }, 120_000);

  it.skipIf(kind === 'pglite')(
    'a job a dead process took but never leased runs again within the stale time, not after its expiry',
    async () => {
      const database = await durableDatabase(kind);
      cleanups.push(database.drop);
      // the expiry is long, as in production: only the lease step can find the job
      const jobs = {
        expireInSeconds: 300,
        maintenanceIntervalSeconds: 1,
        pollingIntervalSeconds: 0.5,
        heartbeatSeconds: 1,
        staleAfterSeconds: 2,
      };
      const first = await start(database.env, { jobs: { ...jobs, work: false } });
      const user = await createUser(first as unknown as TestApp, { accountType: 'teacher' });
      const response = await first.app.inject({
        method: 'POST',
        url: '/api/analyses',
        headers: { cookie: user.cookie, origin: TEST_ORIGIN },
        payload: { text: 'Antwort: 3/4.' },
      });
      expect(response.statusCode).toBe(202);
      // taken, as by a worker killed before it wrote its lease
      expect(await first.context.analysis.jobs.boss.fetch('grade-analysis')).toHaveLength(1);
      await first.app.close();

      const started = Date.now();
      const second = await start(database.env, { jobs });
      cleanups.push(() => second.app.close());
      const db = second.context.database.db;
      let [row] = await db.select().from(analyses).where(eq(analyses.userId, user.id));
      while (row!.status === 'processing' && Date.now() - started < 60_000) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        [row] = await db.select().from(analyses).where(eq(analyses.userId, user.id));
      }
      expect(row!.status).toBe('done');
      expect(Date.now() - started).toBeLessThan(60_000);
    },
    120_000,
  );
});
