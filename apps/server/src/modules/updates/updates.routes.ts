import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  releaseInputSchema,
  releaseLimits,
  releaseListSchema,
  releaseSchema,
} from '@korrigo/domain';
import type { UpdatesService } from './updates.service';

const apiKeyOf = (header: string | string[] | undefined) => (Array.isArray(header) ? header[0] : header);

export const updatesRoutes =
  (service: UpdatesService): FastifyPluginAsyncZod =>
  async (app) => {
    // spec 000 §9: one budget of 100 requests per 15 minutes per IP for the whole release-notes service,
    // reading and publishing together (route-level limits would each count on their own).
    const limit = app.rateLimit({
      max: releaseLimits.perWindow,
      timeWindow: `${releaseLimits.windowMinutes} minutes`,
      keyGenerator: (request) => `releases:${request.ip}`,
    });

    app.get(
      '/api/updates',
      {
        onRequest: limit,
        schema: { tags: ['updates'], response: { 200: releaseListSchema, 429: apiErrorSchema } },
      },
      async () => service.list(),
    );

    app.post(
      '/api/updates',
      {
        onRequest: limit,
        // The key is checked before the body, so nobody without it learns anything about the payload rules.
        preValidation: async (request) => service.checkKey(apiKeyOf(request.headers['x-api-key'])),
        schema: {
          tags: ['updates'],
          headers: z.object({ 'x-api-key': z.string().optional() }),
          body: releaseInputSchema,
          response: {
            201: releaseSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            409: apiErrorSchema,
            429: apiErrorSchema,
            503: apiErrorSchema,
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.publish(apiKeyOf(request.headers['x-api-key']), request.body)),
    );
  };
