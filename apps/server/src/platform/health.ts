import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, okSchema } from '@korrigo/domain';
import type { Database } from './db';

/**
 * GET /api/health: this process answers, and so does its database (`select 1`, within the database's time
 * limits; else the German 503 of errors.ts). `npm start`'s supervisor asks it and starts the server again when
 * it stops answering (issue 31): a process that is alive but hangs serves nobody.
 */
export const healthRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      { schema: { tags: ['health'], response: { 200: okSchema, 503: apiErrorSchema } } },
      async () => {
        await db.execute(sql`select 1`);
        return { ok: true as const };
      },
    );
  };
