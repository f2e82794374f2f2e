import type { DatabaseHandle } from '../../platform/db';
import type { Storage } from '../../platform/storage';
import type { GradeAnalysisDeps } from '../analysis/analysis.job';
import type { AnalysisModule } from '../analysis/analysis.module';
import { createAnalysisRepository } from '../analysis/analysis.repository';
import { createCreditsRepository } from '../credits/credits.repository';
import { createNotificationsRepository } from '../notifications/notifications.repository';
import { createNotificationsService } from '../notifications/notifications.service';
import { createPrepareClassEvaluationJob } from './class-evaluations.job';
import { createClassEvaluationsRepository } from './class-evaluations.repository';
import { createClassEvaluationsService, type ClassEvaluationsService } from './class-evaluations.service';

/**
 * Class sets (ADR 0012) on top of the analysis module: a paper is an analysis, so the job queue, the grading
 * job, the extractor and the event bus are the analysis module's. In two steps, because the queue needs the
 * prepare job's definition and the service needs the queue: `prepareJob` goes to createAnalysisModule
 * (`moreJobs`), then `attach(analysis)` makes the service the job calls.
 */
export function createClassEvaluationsModule(deps: {
  database: DatabaseHandle;
  storage: Storage;
  now?: () => Date;
}) {
  let service: ClassEvaluationsService | undefined;
  const bound = () => {
    if (!service) throw new Error('class evaluations: attach(analysis) was not called');
    return service;
  };
  const prepareJob = createPrepareClassEvaluationJob({
    prepare: () => bound().prepare,
    giveUp: () => bound().giveUp,
  });
  return {
    prepareJob,
    /** for createAnalysisModule: the set announces its papers (ADR 0012) */
    announce: ((tx, analysisId, what) =>
      bound().announce(tx, analysisId, what)) satisfies GradeAnalysisDeps['announce'],
    attach(analysis: AnalysisModule): ClassEvaluationsService {
      service = createClassEvaluationsService({
        repository: createClassEvaluationsRepository(deps.database.db),
        analyses: createAnalysisRepository(deps.database.db),
        credits: createCreditsRepository(deps.database.db),
        plans: analysis.plans,
        storage: deps.storage,
        jobs: analysis.jobs,
        gradeJob: analysis.gradeJob,
        prepareJob,
        extract: analysis.extract,
        notifications: createNotificationsService({
          repository: createNotificationsRepository(deps.database.db),
        }),
        grades: analysis.grades,
        events: analysis.events,
        models: analysis.models,
        ...(deps.now ? { now: deps.now } : {}),
      });
      return service;
    },
  };
}
