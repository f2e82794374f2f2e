import os from 'node:os';
import pino from 'pino';
import { builtinProvider, warmUpExtraction, warmUpGrading, warmUpLanguageCheck } from '@korrigo/grading';
import { loadConfigOrExit } from './env';
import { openDatabase } from './platform/db';
import { openStorageOrExit } from './platform/storage';
import { createAnalysisModule, gradingProviderFromConfig } from './modules/analysis/analysis.module';
import { createClassEvaluationsModule } from './modules/class-evaluations/class-evaluations.module';
import { createPrivacyModule } from './modules/privacy/privacy.module';
import { createLtiNonceSweep } from './modules/lti/lti.nonces';
import { createPaperRetention } from './modules/retention/retention.job';
import { createLtiGrades } from './modules/lti/lti.grades';
import { resolveToolKey } from './modules/lti/lti.service';
import { createLtiTokenClient } from './modules/lti/lti.token';
import { createNotificationsRepository } from './modules/notifications/notifications.repository';
import { createNotificationsService } from './modules/notifications/notifications.service';

/**
 * `npm run worker` (ARCHITECTURE.md §5): a process that only takes grading jobs from pg-boss, for running
 * beside API processes on PostgreSQL. It shares DATABASE_URL and the file storage with them. On PGlite the
 * API process works the jobs itself (only one process can open an embedded database).
 */

const config = loadConfigOrExit();
const log = pino({ level: config.LOG_LEVEL });
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
const storage = await openStorageOrExit(config);
// a class set's prepare job runs here too (ADR 0012 §3)
const classEvaluations = createClassEvaluationsModule({ database, storage });
// data exports (ADR 0015) and the nightly deletion of old uploads (ADR 0016) run wherever jobs are worked
const privacy = createPrivacyModule({ database, storage });
const retention = createPaperRetention({
  db: database.db,
  storage,
  setting: config.PAPER_RETENTION,
  log,
});
// grades back to the LMS (issue 35 §2); the tool key must be the API's: LTI_PRIVATE_KEY or a shared DATA_DIR
const ltiNonceSweep = createLtiNonceSweep({ db: database.db, log });
const ltiGrades = createLtiGrades({
  db: database.db,
  tokens: createLtiTokenClient({ toolKey: resolveToolKey(config.LTI_PRIVATE_KEY, config.DATA_DIR) }),
  notifications: createNotificationsService({ repository: createNotificationsRepository(database.db) }),
});
const analysis = createAnalysisModule({
  config,
  database,
  storage,
  log,
  jobs: { work: true, concurrency: os.availableParallelism() },
  moreJobs: [
    classEvaluations.prepareJob as never,
    privacy.exportJob as never,
    privacy.sweepJob as never,
    privacy.reclaimJob as never,
    retention.job as never,
    ltiGrades.job as never,
    ltiNonceSweep.job as never,
  ],
  deliveries: ltiGrades,
  announce: classEvaluations.announce,
});
classEvaluations.attach(analysis);
ltiGrades.attach(analysis.jobs);

// The grading threads load the engine before this process takes a job (ADR 0021): a paper taken by a cold
// thread waits the loading time on top of its grading, and this process serves nobody while it waits.
const warmUpStart = Date.now();
if (gradingProviderFromConfig(config) === builtinProvider) {
  await warmUpGrading().then(
    () => log.info({ ms: Date.now() - warmUpStart }, 'grading threads ready'),
    (error: unknown) => log.warn({ err: error }, 'grading warm-up failed; the first paper starts it'),
  );
}
await analysis.jobs.start();
log.info({ database: database.kind }, 'worker taking grading jobs');

// As in server.ts: load the dictionaries, start the extraction threads and run OCR once now, not in the first
// job.
for (const [name, warmUp] of [
  ['spelling dictionaries', warmUpLanguageCheck],
  ['text recognition', warmUpExtraction],
] as const) {
  warmUp().then(
    () => log.info({ ms: Date.now() - warmUpStart }, `${name} ready`),
    (error: unknown) => log.warn({ err: error }, `${name} warm-up failed; the first job loads it`),
  );
}

const shutdown = async (signal: string) => {
  log.info({ signal }, 'worker shutting down');
  await analysis.jobs.stop();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
