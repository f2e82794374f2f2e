import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  generateQuestionsRequestSchema,
  generateQuestionsResponseSchema,
  okSchema,
  savedTestListSchema,
  savedTestSchema,
  saveTestRequestSchema,
  saveTestResponseSchema,
} from '@korrigo/domain';
import { signedInUser } from '../../platform/session';
import type { TestCreatorService } from './test-creator.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const id = z.string().min(1).max(64);

/**
 * The four calls of spec 001 §7 plus generation. Authentication runs before validation, so a signed-out
 * caller gets 401 whatever the body is; the service checks the role (403) and the owner (404).
 */
export const testCreatorRoutes =
  (service: TestCreatorService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/tests/:userId',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['tests'],
          params: z.object({ userId: id }),
          response: { 200: savedTestListSchema, ...errors },
        },
      },
      async (request) => service.list(signedInUser(request).userId, request.params.userId),
    );

    app.get(
      '/api/tests/:userId/:testId',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['tests'],
          params: z.object({ userId: id, testId: id }),
          response: { 200: savedTestSchema, ...errors },
        },
      },
      async (request) =>
        service.get(signedInUser(request).userId, request.params.userId, request.params.testId),
    );

    app.post(
      '/api/tests',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['tests'],
          body: saveTestRequestSchema,
          response: { 200: saveTestResponseSchema, ...errors },
        },
      },
      async (request) => service.save(signedInUser(request).userId, request.body),
    );

    app.delete(
      '/api/tests/:userId/:testId',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['tests'],
          params: z.object({ userId: id, testId: id }),
          response: { 200: okSchema, ...errors },
        },
      },
      async (request) => {
        await service.remove(signedInUser(request).userId, request.params.userId, request.params.testId);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/tests/generate',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['tests'],
          body: generateQuestionsRequestSchema,
          response: { 200: generateQuestionsResponseSchema, 503: apiErrorSchema, ...errors },
        },
      },
      async (request) => service.generate(signedInUser(request).userId, request.body),
    );
  };
