import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { apiErrorSchema, assignPlanRequestSchema, operatorPlanIds, planMessages } from '@korrigo/domain';
import { user } from '../../db/schema';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { operatorCheck } from '../../platform/operators';
import { signedInUser } from '../../platform/session';
import { accountOf } from '../profile/profile.repository';
import { onPlanChanged } from './plan-changed';
import { applyPlan } from './plans.service';

/**
 * `PUT /api/admin/plans` (issue 20 point 1, ADR 0018): Enterprise is agreed in person, so the operator
 * (OPERATOR_EMAILS) assigns it, or takes it back to Freemium. Paid plans come only from the payment webhook.
 */
export const plansRoutes =
  (deps: { db: Database; operatorEmails: readonly string[] }): FastifyPluginAsyncZod =>
  async (app) => {
    const isOperator = operatorCheck(deps.operatorEmails);
    app.put(
      '/api/admin/plans',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['plans'],
          body: assignPlanRequestSchema,
          response: {
            200: z.object({ email: z.string(), plan: z.enum(operatorPlanIds) }),
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      },
      async (request) => {
        const caller = await accountOf(deps.db, signedInUser(request).userId);
        if (!caller || !isOperator(caller)) {
          throw new AppError('forbidden', planMessages.operatorOnly, { status: 403 });
        }
        const email = request.body.email.toLowerCase();
        const [target] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
        if (!target) throw new AppError('not_found', planMessages.accountNotFound, { status: 404 });
        await deps.db.transaction(async (tx) => {
          await applyPlan(tx, target.id, request.body.plan);
          // as when the provider ends a plan: Enterprise taken back from an owner ends her team (ADR 0020)
          await onPlanChanged(tx, target.id, request.body.plan);
        });
        request.log.info(
          { operator: caller.email, userId: target.id, plan: request.body.plan },
          'plan assigned',
        );
        return { email, plan: request.body.plan };
      },
    );
  };
