import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, dashboardSchema } from '@korrigo/domain';
import { signedInUser } from '../../platform/session';
import type { DashboardService } from './dashboard.service';

/** `GET /api/dashboard`: the signed-in user's stat cards and newest analyses. */
export const dashboardRoutes =
  (service: DashboardService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dashboard',
      {
        preValidation: app.authenticate,
        schema: { tags: ['dashboard'], response: { 200: dashboardSchema, 401: apiErrorSchema } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.get(signedInUser(request).userId);
      },
    );
  };
