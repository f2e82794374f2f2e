import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromNodeHeaders } from 'better-auth/node';
import { apiErrorSchema, demoSessionResponseSchema } from '@korrigo/domain';
import type { DemoService } from './demo.service';

export const demoRoutes =
  (service: DemoService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/demo/session',
      {
        schema: {
          tags: ['demo'],
          response: { 201: demoSessionResponseSchema, 429: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const result = await service.start(fromNodeHeaders(request.headers));
        for (const cookie of result.headers.getSetCookie()) reply.header('set-cookie', cookie);
        return reply.status(201).send(result.body);
      },
    );
  };
