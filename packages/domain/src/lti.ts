import { z } from 'zod';

/** What „Teilnehmende aus der Lernplattform übernehmen“ answers (issue 35 §2, ADR 0031): counts and the summary. */
export const ltiRosterSyncResultSchema = z.object({
  added: z.number().int(),
  alreadyThere: z.number().int(),
  message: z.string(),
});
export type LtiRosterSyncResult = z.infer<typeof ltiRosterSyncResultSchema>;

/**
 * Grades back (issue 35 §2, ADR 0031 "AGS"): how far the released results of a class set or a single analysis
 * reached the LMS gradebook. `total` 0: nothing of it goes to an LMS (no linked course, no linked pupils).
 */
export const ltiDeliveriesQuerySchema = z
  .object({ classEvaluationId: z.uuid().optional(), analysisId: z.uuid().optional() })
  .refine((query) => Boolean(query.classEvaluationId) !== Boolean(query.analysisId), {
    message: 'classEvaluationId oder analysisId',
  });
export type LtiDeliveriesQuery = z.infer<typeof ltiDeliveriesQuerySchema>;

export const ltiDeliveriesSchema = z.object({
  total: z.number().int(),
  sent: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  /** the German reason of the latest failure, when a row is failed */
  lastError: z.string().nullable(),
  /** „An die Lernplattform übertragen: 23 von 25 · 2 fehlgeschlagen“ */
  summary: z.string(),
});
export type LtiDeliveries = z.infer<typeof ltiDeliveriesSchema>;
