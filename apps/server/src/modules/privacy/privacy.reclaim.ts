import { z } from 'zod';
import type { DatabaseHandle } from '../../platform/db';
import type { JobDefinition } from '../../platform/jobs';

/**
 * `erasure-reclaim` (issue 33 §6): after an erasure, the database gives back what the deleted rows took, so
 * that their bytes do not stay in the table files. A plain VACUUM is not enough: it frees the rows' slots but
 * leaves their bytes in the page's free space until a new row overwrites them (the last row of a page, say);
 * `VACUUM FULL` writes each table and its indexes anew, without them. It runs over every table of the app's
 * schema, so a table added later is covered too. The queue is stately: one job waits and one runs at a time,
 * so a day of many erasures rewrites the tables a few times, not once per pupil. Idempotent.
 */
export function createErasureReclaimJob(
  database: Pick<DatabaseHandle, 'sql' | 'maintain'>,
): JobDefinition<Record<string, never>> {
  return {
    name: 'erasure-reclaim',
    version: 1,
    schema: z.object({}).strict() as z.ZodType<Record<string, never>>,
    // a table locked for longer than 5 s by a reader (lock_timeout) fails the run: it is tried again later
    retryLimit: 5,
    retryDelaySeconds: 60,
    expireInSeconds: 30 * 60,
    policy: 'stately',
    async handle() {
      const { rows } = await database.sql.executeSql(
        `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
      );
      await database.maintain((rows as { name: string }[]).map((row) => `VACUUM FULL ${row.name}`));
    },
  };
}
