import type { DatabaseHandle } from '../../platform/db';
import type { Storage } from '../../platform/storage';
import type { AnalysisModule } from '../analysis/analysis.module';
import { createAnalysisRepository } from '../analysis/analysis.repository';
import { createCreditsRepository } from '../credits/credits.repository';
import { createClassEvaluationsRepository } from './class-evaluations.repository';
import { createClassEvaluationsService } from './class-evaluations.service';

/**
 * Class sets (ADR 0012) on top of the analysis module: a paper is an analysis, so its job queue, grading job
 * and event bus are the analysis module's.
 */
export function createClassEvaluationsModule(deps: {
  database: DatabaseHandle;
  storage: Storage;
  analysis: AnalysisModule;
  now?: () => Date;
}) {
  const service = createClassEvaluationsService({
    repository: createClassEvaluationsRepository(deps.database.db),
    analyses: createAnalysisRepository(deps.database.db),
    credits: createCreditsRepository(deps.database.db),
    storage: deps.storage,
    jobs: deps.analysis.jobs,
    gradeJob: deps.analysis.gradeJob,
    events: deps.analysis.events,
    models: deps.analysis.models,
    ...(deps.now ? { now: deps.now } : {}),
  });
  return { service };
}
