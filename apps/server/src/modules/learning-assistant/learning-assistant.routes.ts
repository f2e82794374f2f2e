import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  chatLimits,
  explainRequestSchema,
  explanationSchema,
  learningChatReplySchema,
  learningChatRequestSchema,
  learningOverviewSchema,
  messages,
  practiceAnswersSchema,
  practiceCheckSchema,
  practiceRequestSchema,
  practiceSessionSchema,
} from '@korrigo/domain';
import { AppError } from '../../platform/errors';
import { signedInUser } from '../../platform/session';
import type { LearningAssistantService } from './learning-assistant.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
/** the AI tools count like the companion: per address, every request */
const aiLimit = { rateLimit: { max: chatLimits.companionRequestsPerMinute, timeWindow: '1 minute' } };

/**
 * The Lern-Assistent (spec 001 §2 'Learning assistant', issue 17 §3): the signed-in student's own results,
 * practice, explanations and chat. A teacher gets 403; another student's session or mistake 404.
 */
export const learningAssistantRoutes =
  (service: LearningAssistantService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/learning-assistant',
      {
        preValidation: app.authenticate,
        schema: { tags: ['learning-assistant'], response: { 200: learningOverviewSchema, ...errors } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.overview(signedInUser(request).userId);
      },
    );

    // validated here rather than by the route schema: an invalid count answers with its own German message
    // ('Bitte wähle zwischen 1 und 10 Aufgaben.'), not only in the fields
    app.post(
      '/api/learning-assistant/practice',
      {
        preValidation: app.authenticate,
        config: aiLimit,
        schema: { tags: ['learning-assistant'], response: { 200: practiceSessionSchema, ...errors } },
      },
      async (request) => {
        const parsed = practiceRequestSchema.safeParse(request.body ?? {});
        if (!parsed.success) {
          const fields: Record<string, string> = {};
          for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
          const first = parsed.error.issues[0];
          const message = first?.path[0] === 'count' ? first.message : messages.http.validation;
          throw new AppError('validation', message, { status: 400, fields });
        }
        return service.createPractice(signedInUser(request).userId, parsed.data);
      },
    );

    app.post(
      '/api/learning-assistant/practice/:sessionId/answers',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['learning-assistant'],
          params: z.object({ sessionId: z.string().max(100) }),
          body: practiceAnswersSchema,
          response: { 200: practiceCheckSchema, ...errors },
        },
      },
      async (request) => service.answer(signedInUser(request).userId, request.params.sessionId, request.body),
    );

    app.post(
      '/api/learning-assistant/explain',
      {
        preValidation: app.authenticate,
        config: aiLimit,
        schema: {
          tags: ['learning-assistant'],
          body: explainRequestSchema,
          response: { 200: explanationSchema, ...errors },
        },
      },
      async (request) => service.explain(signedInUser(request).userId, request.body.mistakeId),
    );

    app.post(
      '/api/learning-assistant/chat',
      {
        preValidation: app.authenticate,
        config: aiLimit,
        schema: {
          tags: ['learning-assistant'],
          body: learningChatRequestSchema,
          response: { 200: learningChatReplySchema, ...errors },
        },
      },
      async (request) => service.chat(signedInUser(request).userId, request.body),
    );
  };
