import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import { warmUpGrading } from '@korrigo/grading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig } from '../src/env';
import type { JobsOptions } from '../src/platform/jobs';
import {
  aiRuns,
  analyses,
  classEvaluationPapers,
  classEvaluations,
  creditCharges,
  profiles,
} from '../src/db/schema';
import {
  createPostgresDatabase,
  everyDatabaseKind,
  TEST_ORIGIN,
  type TestApp,
} from './support/build-test-app';
import { buildClass, buildCourse, createUser } from './support/factories';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const workerScript = path.join(root, 'apps/server/test/support/class-set-worker.ts');

/** The data a process leaves behind for the next: a data directory and, on PostgreSQL, a database. */
async function durableDatabase(kind: 'pglite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'korrigo-set-recovery-'));
  const pgDb = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  return {
    env: { DATA_DIR: dataDir, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) } as Record<string, string>,
    async drop() {
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const baseEnv = { NODE_ENV: 'test', PUBLIC_URL: TEST_ORIGIN, LOG_LEVEL: 'silent', SEED_DEMO: 'false' };

async function start(env: Record<string, string>, options: BuildOptions) {
  const { app, context } = await buildApp(loadConfig({ ...baseEnv, ...env }), { logger: false, ...options });
  await app.ready();
  return { app, context };
}

/**
 * The worker process (support/class-set-worker.ts), started like `npm run worker`; answers when it has taken a
 * paper it will never finish, with the process still running.
 */
async function workerThatHangs(env: Record<string, string>, jobs: JobsOptions, resultsBeforeHang: number) {
  const processEnv = { ...process.env };
  delete processEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', workerScript], {
    cwd: root,
    env: {
      ...processEnv,
      ...baseEnv,
      ...env,
      JOBS_OPTIONS: JSON.stringify(jobs),
      RESULTS_BEFORE_HANG: String(resultsBeforeHang),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const hanging = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const hang = /HANG (\S+)/.exec(output);
      if (hang) resolve(hang[1]!);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the worker ended (${code}) before it hung:\n${output}`)));
  });
  return { child, hanging };
}

describe.each(everyDatabaseKind)('[CLASS-EVALUATIONS] a worker killed mid-set on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  // as src/worker.ts does before it takes a job: the jobs here expire after 2 s, a cold grading thread loads longer
  beforeAll(() => warmUpGrading(), 120_000);
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('every paper ends with exactly one result and one charge after the worker process was killed with SIGKILL', async () => {
    const database = await durableDatabase(kind);
    cleanups.push(database.drop);
    // on PostgreSQL the killed worker's active jobs expire after 2 s and run again; on PGlite the next process
    // knows it is alone and takes them at once
    const jobs = {
      expireInSeconds: 2,
      maintenanceIntervalSeconds: 1,
      pollingIntervalSeconds: 0.5,
      concurrency: 2,
    };

    // first life: the API process takes the teacher's class set of four typed papers and only enqueues
    const api = await start(database.env, { jobs: { ...jobs, work: false } });
    const t = api as unknown as TestApp;
    const teacher = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
    await api.context.database.db
      .update(profiles)
      .set({ credits: 10, usedCredits: 0 })
      .where(eq(profiles.userId, teacher.id));
    const schoolClass = await buildClass(t, {
      ownerId: teacher.id,
      roster: [{ name: 'Lena Schmidt' }, { name: 'Ali Demir' }, { name: 'Mia Wolf' }, { name: 'Tom Berg' }],
    });
    const course = await buildCourse(t, { ownerId: teacher.id, schoolClass, name: 'Mathe 7b' });
    const answers = [
      '1. 3/4\n2. Man teilt Zähler und Nenner durch dieselbe Zahl.',
      '1. 2/6\n2. Man kürzt den Bruch.',
      '1. 3/4\n2. Zähler und Nenner werden durch den ggT geteilt, der Wert bleibt gleich.',
      '1. 3/4\n2. Man teilt nur den Zähler.',
    ];
    const created = await api.app.inject({
      method: 'POST',
      url: '/api/class-evaluations',
      headers: { cookie: teacher.cookie, origin: TEST_ORIGIN },
      payload: {
        courseId: course.id,
        testName: 'Brüche',
        teacherContent:
          'Aufgabe 1 (2 P)\n1/2 + 1/4 = 3/4 (2 P)\n\nAufgabe 2 (2 P)\nZähler und Nenner durch dieselbe Zahl teilen (1 P), der Wert bleibt gleich (1 P)',
        studentData: schoolClass.students.map((pupil, index) => ({
          studentId: pupil.id,
          text: answers[index],
        })),
      },
    });
    expect(created.statusCode, created.body).toBe(202);
    const evaluationId = created.json().evaluationId as string;
    await api.app.close();

    // a worker process stores two results, takes more papers and is killed with SIGKILL while grading them
    const worker = await workerThatHangs(database.env, jobs, 2);
    const exited = once(worker.child, 'exit');
    cleanups.push(async () => {
      if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
    });
    const hungPaper = await worker.hanging;
    expect(worker.child.kill('SIGKILL')).toBe(true);
    const [, signal] = await exited;
    expect(signal).toBe('SIGKILL');

    // what the killed process left: the set is half graded, the hung paper still processing
    const look = await start(database.env, { jobs: { ...jobs, work: false } });
    const left = await look.context.database.db
      .select({ id: analyses.id, status: analyses.status })
      .from(analyses)
      .where(eq(analyses.userId, teacher.id));
    await look.app.close();
    expect(left).toHaveLength(4);
    expect(left.filter((row) => row.status === 'done')).toHaveLength(2);
    expect(left.find((row) => row.id === hungPaper)?.status).toBe('processing');

    // second life: a process that works the queue finishes the set
    const second = await start(database.env, { jobs: { ...jobs, work: true } });
    cleanups.push(() => second.app.close());
    const db = second.context.database.db;
    const deadline = Date.now() + 60_000;
    let rows = await db.select().from(analyses).where(eq(analyses.userId, teacher.id));
    while (rows.some((row) => row.status !== 'done') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      rows = await db.select().from(analyses).where(eq(analyses.userId, teacher.id));
    }

    const detail = await second.app.inject({
      url: `/api/class-evaluations/${evaluationId}`,
      headers: { cookie: teacher.cookie },
    });
    expect(detail.json()).toMatchObject({ status: 'done', progress: { papers: 4, done: 4, failed: 0 } });
    // one paper per pupil, each with its own analysis; no analysis beyond the papers'
    const papers = await db
      .select()
      .from(classEvaluationPapers)
      .where(eq(classEvaluationPapers.evaluationId, evaluationId));
    expect(papers).toHaveLength(4);
    expect(new Set(papers.map((paper) => paper.classStudentId)).size).toBe(4);
    const ids = papers.map((paper) => paper.analysisId!);
    expect(new Set(ids).size).toBe(4);
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(rows.every((row) => row.status === 'done' && row.result !== null)).toBe(true);

    // graded once: one stored run per paper (a retried run that lost the race would be dropped whole)
    const runs = await db.select().from(aiRuns).where(inArray(aiRuns.analysisId, ids));
    for (const id of ids) {
      expect(runs.filter((run) => run.analysisId === id && run.outcome !== 'failed')).toHaveLength(1);
    }
    // charged once: one ledger row per paper, confirmed, and the balance used by exactly four credits
    const charges = await db.select().from(creditCharges).where(eq(creditCharges.userId, teacher.id));
    expect(charges.map((charge) => charge.analysisId).sort()).toEqual([...ids].sort());
    expect(charges.every((charge) => charge.confirmed && !charge.refunded && charge.credits === 1)).toBe(
      true,
    );
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, teacher.id));
    expect(profile!.usedCredits).toBe(4);
    expect(
      await db.select().from(classEvaluations).where(eq(classEvaluations.userId, teacher.id)),
    ).toHaveLength(1);
  }, 150_000);
});
