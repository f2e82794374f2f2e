/**
 * A worker process for class-evaluations-recovery.test.ts, built like `npm run worker` (src/worker.ts): the
 * grading and prepare jobs of the queue, nothing else. It stores the first RESULTS_BEFORE_HANG results; any
 * later paper, graded, never reaches its result: once those results are committed the process prints
 * `HANG <analysisId>` and waits, so the test can kill it with SIGKILL while it holds taken jobs. Configured by the environment (env.ts) and
 * JOBS_OPTIONS (JSON of JobsOptions).
 */
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { warmUpGrading } from '@korrigo/grading';
import { analyses } from '../../src/db/schema';
import { loadConfigOrExit } from '../../src/env';
import { openDatabase } from '../../src/platform/db';
import { createLocalStorage } from '../../src/platform/storage';
import type { JobsOptions } from '../../src/platform/jobs';
import { createAnalysisModule } from '../../src/modules/analysis/analysis.module';
import { createClassEvaluationsModule } from '../../src/modules/class-evaluations/class-evaluations.module';

const config = loadConfigOrExit();
const jobs = JSON.parse(process.env.JOBS_OPTIONS ?? '{}') as JobsOptions;
const resultsBeforeHang = Number(process.env.RESULTS_BEFORE_HANG ?? 0);

const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
const storage = createLocalStorage(config.DATA_DIR);
const classEvaluations = createClassEvaluationsModule({ database, storage });
/** the papers whose results are let through; a retry of one of them (its job expired) passes too */
const letThrough = new Set<string>();
const analysis = createAnalysisModule({
  config,
  database,
  storage,
  log: pino({ level: 'silent' }),
  jobs: { ...jobs, work: true },
  moreJobs: [classEvaluations.prepareJob as never],
  announce: classEvaluations.announce,
  beforeStore: async (analysisId) => {
    // on a busy machine a let-through paper's job can expire and run again beside the hanging ones: it must
    // not hang then, or the paper the test sees hanging could be one whose first run stored it after all
    if (letThrough.has(analysisId)) return;
    if (letThrough.size < resultsBeforeHang) {
      letThrough.add(analysisId);
      return;
    }
    // the results let through are stored by other job runs; the kill comes once they are committed, so the
    // killed process leaves exactly those behind
    for (;;) {
      const done = await database.db
        .select({ id: analyses.id })
        .from(analyses)
        .where(eq(analyses.status, 'done'));
      if (done.length >= resultsBeforeHang) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    console.log(`HANG ${analysisId}`);
    await new Promise<never>(() => undefined);
  },
});
classEvaluations.attach(analysis);
// as src/worker.ts: the grading threads are ready before a job is taken (a job here expires after 2 s)
await warmUpGrading();
await analysis.jobs.start();
console.log('WORKING');
