import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@korrigo/domain';
import { analyses } from '../../db/schema';
import type { Database } from '../../platform/db';
import { signedInUser } from '../../platform/session';
import { analysisSeedValues } from './analysis-seed';

const seedRequestSchema = z.object({
  analyses: z
    .array(
      z.object({
        title: z.string().max(300).optional(),
        subject: z.string().max(100).optional(),
        studentName: z.string().max(200).optional(),
        gradeLevel: z.string().max(100).optional(),
        grade: z.string().max(20).nullable().optional(),
        achievedPoints: z.number().min(0).nullable().optional(),
        totalPoints: z.number().min(0).nullable().optional(),
        status: z.enum(['processing', 'done', 'failed']).optional(),
        reviewState: z.enum(['suggested', 'confirmed']).optional(),
        /** how long ago the analysis was made (the dashboard compares months) */
        ageSeconds: z
          .number()
          .int()
          .min(0)
          .max(5 * 366 * 86_400)
          .default(0),
      }),
    )
    .min(1)
    .max(200),
});

/**
 * Only with TEST_HOOKS=true (the Playwright run sets it): finished analyses of chosen ages for the signed-in
 * user, which the real workflow cannot make (it stamps "now", grades, and costs a credit each). It writes
 * nothing but the caller's own analyses.
 */
export const historyTestHooks =
  (db: Database, now: () => Date): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/test-hooks/analyses',
      {
        preValidation: app.authenticate,
        schema: {
          hide: true,
          body: seedRequestSchema,
          response: { 201: z.object({ ids: z.array(z.string()) }), 400: apiErrorSchema, 401: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { userId } = signedInUser(request);
        const at = now().getTime();
        const rows = await db
          .insert(analyses)
          .values(
            request.body.analyses.map(({ ageSeconds, ...seed }) =>
              analysisSeedValues(userId, { ...seed, createdAt: new Date(at - ageSeconds * 1000) }),
            ),
          )
          .returning({ id: analyses.id });
        return reply.status(201).send({ ids: rows.map((row) => row.id) });
      },
    );
  };
