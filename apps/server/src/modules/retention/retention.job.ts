import { z } from 'zod';
import { retentionCutoff, retentionTimeZone, type PaperRetention } from '@korrigo/domain';
import type { Database } from '../../platform/db';
import type { JobDefinition } from '../../platform/jobs';
import type { Storage } from '../../platform/storage';
import { createRetentionRepository } from './retention.repository';

type Log = { info(obj: object, msg?: string): void };

/** rows per round: keeps every statement's list of ids far below PostgreSQL's parameter limit */
const batchSize = 500;

/**
 * Retention of student papers (issue 19 point 2, ADR 0016): every night the uploaded files of analyses and
 * the scanned stacks of class sets past PAPER_RETENTION are deleted from storage, then their rows, and the
 * analysis or set is marked with the day (`files_deleted_at`), so the result view can say so. Results, the
 * recognised text and the audit trail stay. Idempotent: what is deleted is not found again, and a run cut
 * short (storage deleted, rows not yet) finds the same rows again and deletes missing files without error.
 */
export function createPaperRetention(deps: {
  db: Database;
  storage: Storage;
  setting: PaperRetention;
  log: Log;
  now?: () => Date;
}) {
  const repository = createRetentionRepository(deps.db);
  const now = deps.now ?? (() => new Date());

  async function run() {
    const at = now();
    const cutoff = retentionCutoff(deps.setting, at);
    const done = { analyses: new Set<string>(), classEvaluations: new Set<string>(), files: 0 };
    for (;;) {
      const [analysisFiles, stackFiles] = await Promise.all([
        repository.expiredAnalysisFiles(cutoff, batchSize),
        repository.expiredStackFiles(cutoff, batchSize),
      ]);
      if (analysisFiles.length === 0 && stackFiles.length === 0) break;
      const keys = [...new Set([...analysisFiles, ...stackFiles].map((file) => file.key))];
      const stillUsed = await repository.keysStillUsed(keys, {
        analysisFileIds: analysisFiles.map((file) => file.id),
        stackFileIds: stackFiles.map((file) => file.id),
      });
      // storage first: should the transaction below fail, the next run finds the rows again; the other way
      // round a failed delete would leave a file that no row leads to
      const gone = keys.filter((key) => !stillUsed.has(key));
      await Promise.all(gone.map((key) => deps.storage.delete(key)));
      await repository.forget({ analysisFiles, stackFiles }, at);
      for (const file of analysisFiles) done.analyses.add(file.ownerId);
      for (const file of stackFiles) done.classEvaluations.add(file.ownerId);
      done.files += gone.length;
    }
    return {
      cutoff,
      analyses: done.analyses.size,
      classEvaluations: done.classEvaluations.size,
      files: done.files,
    };
  }

  const job: JobDefinition<Record<string, never>> = {
    name: 'paper-retention',
    version: 1,
    schema: z.object({}).strict() as z.ZodType<Record<string, never>>,
    retryLimit: 3,
    retryDelaySeconds: 15 * 60,
    expireInSeconds: 60 * 60,
    // at night, after the 1 August has begun in Berlin, whichever process works jobs takes it
    schedule: { cron: '30 3 * * *', timeZone: retentionTimeZone, payload: {} },
    async handle() {
      const result = await run();
      deps.log.info(
        { ...result, cutoff: result.cutoff.toISOString() },
        'paper retention: old uploads deleted',
      );
    },
  };

  return { job, run };
}
