import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  courseDeletionImpactSchema,
  courseListSchema,
  courseMemberOptionsSchema,
  okSchema,
  courseSchema,
  createCourseRequestSchema,
  updateCourseRequestSchema,
} from '@korrigo/domain';
import { signedInUser } from '../../platform/session';
import type { CoursesService } from './courses.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const courseParams = z.object({ id: z.uuid() });

/** Courses (spec 001 §2, issue 15 §8) through our API; the service checks the role and the teachers. */
export const coursesRoutes =
  (service: CoursesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/courses',
      {
        preValidation: app.authenticate,
        schema: { tags: ['courses'], response: { 200: courseListSchema, ...errors } },
      },
      async (request) => service.list(signedInUser(request).userId),
    );

    app.post(
      '/api/courses',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['courses'],
          body: createCourseRequestSchema,
          response: { 201: courseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(signedInUser(request).userId, request.body)),
    );

    app.get(
      '/api/courses/:id',
      {
        preValidation: app.authenticate,
        schema: { tags: ['courses'], params: courseParams, response: { 200: courseSchema, ...errors } },
      },
      async (request) => service.get(signedInUser(request).userId, request.params.id),
    );

    app.patch(
      '/api/courses/:id',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['courses'],
          params: courseParams,
          body: updateCourseRequestSchema,
          response: { 200: courseSchema, ...errors },
        },
      },
      async (request) => service.update(signedInUser(request).userId, request.params.id, request.body),
    );

    app.get(
      '/api/courses/:id/member-options',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['courses'],
          params: courseParams,
          response: { 200: courseMemberOptionsSchema, ...errors },
        },
      },
      async (request) => service.memberOptions(signedInUser(request).userId, request.params.id),
    );

    app.get(
      '/api/courses/:id/deletion',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['courses'],
          params: courseParams,
          response: { 200: courseDeletionImpactSchema, ...errors },
        },
      },
      async (request) => service.deletionImpact(signedInUser(request).userId, request.params.id),
    );

    app.delete(
      '/api/courses/:id',
      {
        preValidation: app.authenticate,
        schema: { tags: ['courses'], params: courseParams, response: { 200: okSchema, ...errors } },
      },
      async (request) => {
        await service.remove(signedInUser(request).userId, request.params.id);
        return { ok: true as const };
      },
    );
  };
