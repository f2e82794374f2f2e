import type { DatabaseHandle } from '../../platform/db';
import type { Jobs } from '../../platform/jobs';
import type { SignedIn } from '../../platform/session';
import type { SessionCache } from '../../platform/session-cache';
import type { Storage } from '../../platform/storage';
import { createDataExportJob, createExportSweepJob } from './privacy.export';
import { createErasureReclaimJob } from './privacy.reclaim';
import { createPrivacyRepository } from './privacy.repository';
import { createPrivacyService, type PrivacyService } from './privacy.service';

/**
 * Export and erasure (ADR 0015). As the class sets do, in two steps: the export job goes to the one job queue
 * (createAnalysisModule's `moreJobs`, in app.ts and worker.ts, with the nightly sweep of expired exports), then `attach(jobs, …)` makes the service that
 * enqueues it.
 */
export function createPrivacyModule(deps: { database: DatabaseHandle; storage: Storage; now?: () => Date }) {
  const repository = createPrivacyRepository(deps.database.db);
  const exportJob = createDataExportJob({
    repository,
    storage: deps.storage,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const sweepJob = createExportSweepJob({
    repository,
    storage: deps.storage,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const reclaimJob = createErasureReclaimJob(deps.database);
  return {
    exportJob,
    sweepJob,
    reclaimJob,
    attach(more: {
      jobs: Jobs;
      verifyPassword(hash: string, password: string): Promise<boolean>;
      sessions: Pick<SessionCache<SignedIn>, 'forgetUser'>;
      log: { warn(obj: object, msg?: string): void };
      beforeErase?: (userId: string) => Promise<void>;
    }): PrivacyService {
      return createPrivacyService({
        repository,
        storage: deps.storage,
        exportJob,
        reclaimJob,
        ...more,
        ...(deps.now ? { now: deps.now } : {}),
      });
    },
  };
}
