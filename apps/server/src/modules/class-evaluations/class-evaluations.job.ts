import { z } from 'zod';
import type { JobDefinition } from '../../platform/jobs';

/** A stored upload of a paper, waiting in the job until the paper's analysis exists. */
const queuedFileSchema = z.object({
  storageKey: z.string().min(1),
  originalName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int().min(0),
});

/**
 * The papers travel in the job (the job's row is written in the set's transaction, so they exist exactly when
 * the set does): a paper's typed text and files have no home of their own until its analysis is created.
 */
export const prepareClassEvaluationPayloadSchema = z.object({
  evaluationId: z.uuid(),
  papers: z.array(
    z.object({
      classStudentId: z.uuid(),
      studentName: z.string(),
      classId: z.uuid(),
      inputText: z.string(),
      files: z.array(queuedFileSchema),
    }),
  ),
});
export type PrepareClassEvaluationPayload = z.infer<typeof prepareClassEvaluationPayloadSchema>;

/**
 * The `prepare-class-evaluation` job (ADR 0012 §3): reads the key file once with the shared extractor, then
 * starts grading like an upload without a key file, in one transaction. Idempotent: it acts only on a set
 * still `preparing`, and the move to `grading` is guarded by that status inside the transaction that creates
 * the analyses, so a retry after a crash creates nothing twice.
 */
export function createPrepareClassEvaluationJob(deps: {
  /** bound once the service exists (the service needs the job queue this definition is part of) */
  prepare: () => (payload: PrepareClassEvaluationPayload) => Promise<void>;
  /** the retries are spent: the set fails with the general reason, nothing charged */
  giveUp: () => (payload: PrepareClassEvaluationPayload) => Promise<void>;
}): JobDefinition<PrepareClassEvaluationPayload> {
  return {
    name: 'prepare-class-evaluation',
    version: 1,
    schema: prepareClassEvaluationPayloadSchema,
    retryLimit: 2,
    retryDelaySeconds: 2,
    // reading the stack may take up to stackReadTimeoutMs (20 min for the most pages); a worker that died
    // meanwhile is noticed when this runs out, and the retry reads again
    expireInSeconds: 30 * 60,
    async handle(payload, run) {
      try {
        await deps.prepare()(payload);
      } catch (error) {
        if (run.isLastAttempt) {
          await deps.giveUp()(payload);
          return;
        }
        throw error;
      }
    },
    async onDead(payload) {
      await deps.giveUp()(payload);
    },
  };
}
