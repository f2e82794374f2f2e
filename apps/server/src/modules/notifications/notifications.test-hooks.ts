import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  createNotificationSchema,
  notificationPriorities,
  notificationTypes,
} from '@korrigo/domain';
import type { Database } from '../../platform/db';
import { signedInUser } from '../../platform/session';
import type { NotificationsService } from './notifications.service';

const seedRequestSchema = z.object({
  count: z.number().int().min(1).max(200),
  type: z.enum(notificationTypes).default('info'),
  priority: z.enum(notificationPriorities).default('normal'),
  title: z.string().trim().min(1).max(200).default('Hinweis'),
  message: z.string().trim().min(1).max(2000).default('Testbenachrichtigung'),
  metadata: createNotificationSchema.shape.metadata,
  /** the newest one's age; each further one is `stepSeconds` older */
  ageSeconds: z
    .number()
    .int()
    .min(0)
    .max(400 * 86_400)
    .default(0),
  stepSeconds: z.number().int().min(0).max(86_400).default(1),
});

/**
 * Only with TEST_HOOKS=true (the Playwright run sets it): creates notifications for the signed-in user
 * through the same service and the same announcement as the grading job, so that end-to-end tests can
 * reach the badge's 99+ without 100 analyses. It writes nothing but the caller's own notifications.
 */
export const notificationsTestHooks =
  (service: NotificationsService, db: Database, now: () => Date): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/test-hooks/notifications',
      {
        preValidation: app.authenticate,
        schema: {
          hide: true,
          body: seedRequestSchema,
          response: { 201: z.object({ created: z.number() }), 400: apiErrorSchema, 401: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { userId } = signedInUser(request);
        const { count, ageSeconds, stepSeconds, ...input } = request.body;
        const newest = now().getTime() - ageSeconds * 1000;
        await db.transaction(async (tx) => {
          for (let index = 0; index < count; index++) {
            await service.create(tx, userId, input, {
              createdAt: new Date(newest - index * stepSeconds * 1000),
            });
          }
        });
        return reply.status(201).send({ created: count });
      },
    );
  };
