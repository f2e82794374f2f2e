import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  chatLimits,
  lessonDraftRequestSchema,
  lessonDraftSchema,
  lessonPlanInputSchema,
  lessonPlanListSchema,
  lessonPlanMessages,
  lessonPlanSchema,
  lessonTemplateListSchema,
  messages,
  okSchema,
} from '@korrigo/domain';
import { sendDownload } from '../../platform/download';
import { AppError } from '../../platform/errors';
import { signedInUser } from '../../platform/session';
import type { LessonPlansService } from './lesson-plans.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
// any text: an id that is no uuid names no plan of hers and answers the plan's 404 (the service checks)
const idParams = z.object({ id: z.string().max(100) });
const listQuery = z.object({ courseId: z.uuid({ error: lessonPlanMessages.courseNotFound }).optional() });
/** a draft may call the model: counted like the other AI tools */
const aiLimit = { rateLimit: { max: chatLimits.companionRequestsPerMinute, timeWindow: '1 minute' } };

/**
 * Validated here rather than by the route schema: the answer's message is the first German reason ('Bitte
 * geben Sie einen Titel ein.'), not only the generic one, with every field's reason in `fields`.
 */
function parsed<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw new AppError('validation', result.error.issues[0]?.message ?? messages.http.validation, {
    status: 400,
    fields,
  });
}

/** Lesson plans (spec 001 §2 lessonsplan, issue 18 point 3): the teacher's own; students get 403. */
export const lessonPlansRoutes =
  (service: LessonPlansService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['lesson-plans'];

    app.get(
      '/api/lesson-plans',
      {
        preValidation: app.authenticate,
        schema: { tags, querystring: listQuery, response: { 200: lessonPlanListSchema, ...errors } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return service.list(signedInUser(request).userId, request.query.courseId);
      },
    );

    app.get(
      '/api/lesson-plans/templates',
      {
        preValidation: app.authenticate,
        schema: { tags, response: { 200: lessonTemplateListSchema, ...errors } },
      },
      async (request) => service.templates(signedInUser(request).userId),
    );

    app.post(
      '/api/lesson-plans/draft',
      {
        preValidation: app.authenticate,
        config: aiLimit,
        schema: { tags, response: { 200: lessonDraftSchema, ...errors } },
      },
      async (request) =>
        service.draft(signedInUser(request).userId, parsed(lessonDraftRequestSchema, request.body)),
    );

    app.post(
      '/api/lesson-plans',
      { preValidation: app.authenticate, schema: { tags, response: { 201: lessonPlanSchema, ...errors } } },
      async (request, reply) => {
        const plan = await service.create(
          signedInUser(request).userId,
          parsed(lessonPlanInputSchema, request.body),
        );
        return reply.status(201).send(plan);
      },
    );

    app.get(
      '/api/lesson-plans/:id',
      {
        preValidation: app.authenticate,
        schema: { tags, params: idParams, response: { 200: lessonPlanSchema, ...errors } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return service.get(signedInUser(request).userId, request.params.id);
      },
    );

    app.put(
      '/api/lesson-plans/:id',
      {
        preValidation: app.authenticate,
        schema: { tags, params: idParams, response: { 200: lessonPlanSchema, ...errors } },
      },
      async (request) =>
        service.update(
          signedInUser(request).userId,
          request.params.id,
          parsed(lessonPlanInputSchema, request.body),
        ),
    );

    app.delete(
      '/api/lesson-plans/:id',
      {
        preValidation: app.authenticate,
        schema: { tags, params: idParams, response: { 200: okSchema, ...errors } },
      },
      async (request) => {
        await service.delete(signedInUser(request).userId, request.params.id);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/lesson-plans/:id/duplicate',
      {
        preValidation: app.authenticate,
        schema: { tags, params: idParams, response: { 201: lessonPlanSchema, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await service.duplicate(signedInUser(request).userId, request.params.id)),
    );

    // an attachment with an ASCII file name, kept by no shared cache
    app.get(
      '/api/lesson-plans/:id/pdf',
      { preValidation: app.authenticate, schema: { tags, params: idParams } },
      async (request, reply) => {
        const file = await service.pdf(signedInUser(request).userId, request.params.id);
        return sendDownload(reply, { contentType: 'application/pdf', ...file });
      },
    );
  };
