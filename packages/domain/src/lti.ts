import { z } from 'zod';

/** What „Teilnehmende aus der Lernplattform übernehmen“ answers (issue 35 §2, ADR 0031): counts and the summary. */
export const ltiRosterSyncResultSchema = z.object({
  added: z.number().int(),
  alreadyThere: z.number().int(),
  message: z.string(),
});
export type LtiRosterSyncResult = z.infer<typeof ltiRosterSyncResultSchema>;
