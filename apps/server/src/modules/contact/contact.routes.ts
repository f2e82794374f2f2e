import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, contactRequestSchema, contactResponseSchema } from '@korrigo/domain';
import type { ContactService } from './contact.service';

export const contactRoutes =
  (service: ContactService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/contact',
      {
        schema: {
          tags: ['contact'],
          body: contactRequestSchema,
          response: { 201: contactResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await service.submit(request.body)),
    );
  };
