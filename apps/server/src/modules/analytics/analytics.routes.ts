import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analyticsOverviewSchema,
  analyticsQuerySchema,
  apiErrorSchema,
  questionAnalysisSchema,
} from '@korrigo/domain';
import { sendDownload } from '../../platform/download';
import { signedInUser } from '../../platform/session';
import type { AnalyticsService } from './analytics.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
// any text: a test id that names none of hers answers 404 (the service checks)
const questionsQuery = analyticsQuerySchema.extend({ test: z.string().max(200) });
// the exports carry the Aufgabenanalyse of this test, or without it of every test in the period
const exportQuery = analyticsQuerySchema.extend({ test: z.string().max(200).optional() });

/**
 * Teacher analytics (spec 001 §2 'Analytics dashboard', issue 18 §1): figures of the signed-in teacher's
 * own graded analyses. A student gets 403; another teacher's class, course or test 404.
 */
export function analyticsRoutes(service: AnalyticsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/analytics/overview',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['analytics'],
          querystring: analyticsQuerySchema,
          response: { 200: analyticsOverviewSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return service.overview(signedInUser(request).userId, request.query);
      },
    );

    app.get(
      '/api/analytics/questions',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['analytics'],
          querystring: questionsQuery,
          response: { 200: questionAnalysisSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return service.questions(signedInUser(request).userId, request.query);
      },
    );

    app.get(
      '/api/analytics/export.csv',
      { preValidation: app.authenticate, schema: { tags: ['analytics'], querystring: exportQuery } },
      async (request, reply) => {
        const file = await service.csv(signedInUser(request).userId, request.query);
        return sendDownload(reply, { contentType: 'text/csv; charset=utf-8', ...file });
      },
    );

    app.get(
      '/api/analytics/report.pdf',
      { preValidation: app.authenticate, schema: { tags: ['analytics'], querystring: exportQuery } },
      async (request, reply) => {
        const file = await service.pdf(signedInUser(request).userId, request.query);
        return sendDownload(reply, { contentType: 'application/pdf', ...file });
      },
    );
  };
}
