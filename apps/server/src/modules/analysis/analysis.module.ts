import os from 'node:os';
import {
  builtinProvider,
  createLlmProvider,
  extractTextIsolated,
  grade,
  gradeIsolated,
  llmConfigFromEnv,
  type GradingProvider,
} from '@korrigo/grading';
import type { Config } from '../../env';
import type { DatabaseHandle } from '../../platform/db';
import { createJobs, type JobDefinition, type Jobs, type JobsOptions } from '../../platform/jobs';
import type { Storage } from '../../platform/storage';
import { createCreditsRepository } from '../credits/credits.repository';
import { createPlans, type Plans } from '../plans/plans.service';
import { createNotificationsRepository } from '../notifications/notifications.repository';
import { createNotificationsService } from '../notifications/notifications.service';
import { createGradesRepository } from '../grades/grades.repository';
import { createGradeRecords, type GradeRecords } from '../grades/grades.records';
import {
  createGradeAnalysisJob,
  type Extract,
  type Grade,
  type GradeAnalysisDeps,
  type GradeAnalysisPayload,
} from './analysis.job';
import { createAnalysisAudit, type AnalysisAuditService } from './analysis.audit';
import { createAnalysisEvents, type AnalysisEvents } from './analysis.events';
import { createAnalysisRepository } from './analysis.repository';
import { createAnalysisService, type AnalysisService } from './analysis.service';

type Log = GradeAnalysisDeps['log'] & { warn(obj: object, msg?: string): void };

/** The builtin engine, or the LLM provider when AI_PROVIDER=openai-compatible (ARCHITECTURE.md §4). */
export function gradingProviderFromConfig(config: Config): GradingProvider {
  const llm = llmConfigFromEnv(config);
  return llm ? createLlmProvider(llm) : builtinProvider;
}

export type AnalysisModule = {
  service: AnalysisService;
  jobs: Jobs;
  gradeJob: JobDefinition<GradeAnalysisPayload>;
  /** who follows an analysis in this process; listens only once someone does */
  events: AnalysisEvents;
  /** model choices of the configured LLM; empty with the builtin engine, which ignores the model */
  models: string[];
  /** the one extractor, for other modules that read uploads (a class set's key file) */
  extract: Extract;
  /** the one writer of grade records, for the class sets' and the grades module's releases */
  grades: GradeRecords;
  /** what a user's plan allows (issue 20), for the modules beside analyses */
  plans: Plans;
  /** an analysis's trail of grading, changes and releases (issue 19 point 3) */
  audit: AnalysisAuditService;
};

/**
 * The analysis feature with its job queue, as the API (app.ts) and the worker process (worker.ts) both need
 * it: the API enqueues and, unless told otherwise, also works; the worker only works.
 */
export function createAnalysisModule(deps: {
  config: Config;
  database: DatabaseHandle;
  storage: Storage;
  log: Log;
  now?: () => Date;
  jobs?: JobsOptions;
  provider?: GradingProvider;
  beforeStore?: GradeAnalysisDeps['beforeStore'];
  announce?: GradeAnalysisDeps['announce'];
  /** default: the process's ExtractionPool, whose worker threads keep decoding off this thread (ADR 0007) */
  extract?: Extract;
  /**
   * default: the builtin engine in the process's GradingPool, whose worker threads keep scoring off this
   * thread, with a time limit per paper (ADR 0021); another provider grades here (an LLM waits on the
   * network; a test's provider is a function, which cannot cross to a thread)
   */
  grade?: Grade;
  /** jobs of modules built on this one (a class set's prepare job), worked by the same queue */
  moreJobs?: JobDefinition<never>[];
  /** grades back to an LMS (issue 35 §2): told of each record released or updated, in its transaction */
  deliveries?: Parameters<typeof createGradeRecords>[0]['deliveries'];
}): AnalysisModule {
  const extract = deps.extract ?? ((files, limits) => extractTextIsolated(files, limits));
  const repository = createAnalysisRepository(deps.database.db);
  const credits = createCreditsRepository(deps.database.db);
  const plans = createPlans(deps.database.db);
  const provider = deps.provider ?? gradingProviderFromConfig(deps.config);
  const gradeWork: Grade =
    deps.grade ??
    (provider === builtinProvider
      ? (input, options) => gradeIsolated(input, options)
      : (input, options) => grade(input, options, provider));
  const notifications = createNotificationsService({
    repository: createNotificationsRepository(deps.database.db),
  });
  // the one writer of grade records (issue 17): the job's self-checks, the review's refresh, the releases
  const grades = createGradeRecords({
    repository: createGradesRepository(deps.database.db),
    notifications,
    ...(deps.deliveries ? { deliveries: deps.deliveries } : {}),
    ...(deps.now ? { now: deps.now } : {}),
  });
  const gradeJob = createGradeAnalysisJob({
    repository,
    extract,
    grade: gradeWork,
    credits,
    plans,
    notifications,
    grades,
    storage: deps.storage,
    provider,
    log: deps.log,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.beforeStore ? { beforeStore: deps.beforeStore } : {}),
    ...(deps.announce ? { announce: deps.announce } : {}),
  });
  const jobs = createJobs({
    sql: deps.database.sql,
    kind: deps.database.kind,
    definitions: [gradeJob as never, ...(deps.moreJobs ?? [])],
    log: deps.log,
    options: {
      pollingIntervalSeconds: 1,
      // OCR and the builtin engine run in worker threads and LLM calls wait on the network: one job per core
      // keeps them busy
      concurrency: os.availableParallelism(),
      heartbeatSeconds: deps.config.JOB_HEARTBEAT_SECONDS,
      staleAfterSeconds: deps.config.JOB_STALE_AFTER_SECONDS,
      ...deps.jobs,
    },
  });
  const events = createAnalysisEvents({ listen: deps.database.listen, log: deps.log });
  const models = provider.name === 'llm' ? deps.config.aiModels : [];
  const service = createAnalysisService({
    repository,
    credits,
    storage: deps.storage,
    jobs,
    gradeJob,
    // the one extractor: the job and `POST /api/extract-text` read files alike
    extract,
    events,
    models,
    grades,
    plans,
    // a placed answer is graded again by the builtin engine, whichever provider grades new papers
    regrade: (input, options) => gradeIsolated(input, options),
    ...(deps.now ? { now: deps.now } : {}),
  });
  const audit = createAnalysisAudit({ repository, ...(deps.now ? { now: deps.now } : {}) });
  return { service, jobs, gradeJob, events, models, extract, grades, audit, plans };
}
