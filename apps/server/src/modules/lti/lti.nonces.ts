import { lt } from 'drizzle-orm';
import { z } from 'zod';
import { ltiNonces } from '../../db/schema';
import type { Database } from '../../platform/db';
import type { JobDefinition } from '../../platform/jobs';

type Log = { info(obj: object, msg?: string): void };

/**
 * A login's nonce (`lti_nonces`) lives ten minutes: the launch consumes it, but a login whose launch never
 * came (the pupil closed the LMS tab, a refused launch) leaves its row behind. Every hour the expired ones go,
 * so the table holds only logins that are still open. A used nonce is deleted by its launch, and an expired
 * one is refused by the launch anyway (`gt(expiresAt, now)`), so the sweep changes no launch's outcome.
 */
export function createLtiNonceSweep(deps: { db: Database; log: Log; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  async function sweep() {
    const gone = await deps.db
      .delete(ltiNonces)
      .where(lt(ltiNonces.expiresAt, now()))
      .returning({ nonce: ltiNonces.nonce });
    return gone.length;
  }

  const job: JobDefinition<Record<string, never>> = {
    name: 'lti-nonce-sweep',
    version: 1,
    schema: z.object({}).strict() as z.ZodType<Record<string, never>>,
    retryLimit: 2,
    retryDelaySeconds: 5 * 60,
    expireInSeconds: 10 * 60,
    schedule: { cron: '17 * * * *', timeZone: 'Europe/Berlin', payload: {} },
    async handle() {
      const deleted = await sweep();
      if (deleted > 0) deps.log.info({ deleted }, 'lti: expired login nonces deleted');
    },
  };

  return { job, sweep };
}
