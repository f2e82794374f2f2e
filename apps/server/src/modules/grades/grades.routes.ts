import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analysisReleaseSchema,
  apiErrorSchema,
  courseGradeListSchema,
  gradeDetailSchema,
  learningProfileSchema,
  messages,
} from '@korrigo/domain';
import { sendDownload } from '../../platform/download';
import { signedInUser } from '../../platform/session';
import type { GradesService } from './grades.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const idParams = z.object({ id: z.uuid({ error: messages.http.notFound }) });
// any text: an id that is no uuid names no record of hers and answers the record's 404 (the service checks)
const analysisParams = z.object({ analysisId: z.string().max(100) });

/** Grade records (issue 17): the release of a single analysis, the learning profile, a record's detail. */
export function gradesRoutes(service: GradesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/analyses/:id/release',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['grades'],
          params: idParams,
          response: { 200: analysisReleaseSchema, 409: apiErrorSchema, ...errors },
        },
      },
      async (request) => service.releaseAnalysis(signedInUser(request).userId, request.params.id),
    );

    app.get(
      '/api/learning-profile',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['grades'],
          response: { 200: learningProfileSchema, 403: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return service.learningProfile(signedInUser(request).userId);
      },
    );

    // spec 001 §7 names the path without /api; both answer the same
    for (const path of ['/grades/:analysisId', '/api/grades/:analysisId']) {
      app.get(
        path,
        {
          preValidation: app.authenticate,
          schema: {
            tags: ['grades'],
            params: analysisParams,
            response: { 200: gradeDetailSchema, ...errors },
          },
        },
        async (request, reply) => {
          reply.header('cache-control', 'private, no-store');
          return service.detail(signedInUser(request).userId, request.params.analysisId);
        },
      );
    }

    // an attachment with an ASCII file name; never cached by a shared cache (a pupil's grade)
    app.get(
      '/api/grades/:analysisId/pdf',
      { preValidation: app.authenticate, schema: { tags: ['grades'], params: analysisParams } },
      async (request, reply) => {
        const user = signedInUser(request);
        const file = await service.pdf(user.userId, request.params.analysisId, user.name);
        return sendDownload(reply, { contentType: 'application/pdf', ...file });
      },
    );

    app.get(
      '/api/courses/:id/grades',
      {
        preValidation: app.authenticate,
        schema: { tags: ['grades'], params: idParams, response: { 200: courseGradeListSchema, ...errors } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return service.courseGrades(signedInUser(request).userId, request.params.id);
      },
    );
  };
}
