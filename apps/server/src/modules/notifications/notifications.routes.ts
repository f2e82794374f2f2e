import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  clearNotificationsResponseSchema,
  markNotificationReadResponseSchema,
  notificationEventNames,
  notificationListQuerySchema,
  notificationListResponseSchema,
  okSchema,
} from '@korrigo/domain';
import { signedInUser } from '../../platform/session';
import type { NotificationEvents } from './notifications.events';
import type { NotificationsService } from './notifications.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
// the service answers a malformed id like a foreign one (404): neither names an own notification
const idParams = z.object({ id: z.string().max(100) });

/** A comment line now and then keeps proxies and load balancers from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** Streams end after this long and the browser reconnects, so a session that ended stops getting events. */
const STREAM_LIFETIME_MS = 15 * 60_000;
/** The browser's EventSource waits this long before it reconnects after a stream ended. */
const RECONNECT_MS = 3000;

/**
 * The notification calls of spec 000 §7 (GET list, POST {id}/read, DELETE {id}, DELETE clear-all) plus the
 * list's filters and a server-sent event stream of new notifications. Authentication runs first; an id of
 * another user's notification answers 404.
 */
export const notificationsRoutes =
  (service: NotificationsService, events: NotificationEvents): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/notifications',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['notifications'],
          querystring: notificationListQuerySchema,
          response: { 200: notificationListResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.list(signedInUser(request).userId, request.query);
      },
    );

    app.post(
      '/api/notifications/:id/read',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['notifications'],
          params: idParams,
          response: { 200: markNotificationReadResponseSchema, ...errors },
        },
      },
      async (request) => ({
        notification: await service.markRead(signedInUser(request).userId, request.params.id),
      }),
    );

    // a static path: the router takes it before `:id`, so "clear-all" is never read as an id
    app.delete(
      '/api/notifications/clear-all',
      {
        preValidation: app.authenticate,
        schema: { tags: ['notifications'], response: { 200: clearNotificationsResponseSchema, ...errors } },
      },
      async (request) => ({
        ok: true as const,
        deleted: await service.clearAll(signedInUser(request).userId),
      }),
    );

    app.delete(
      '/api/notifications/:id',
      {
        preValidation: app.authenticate,
        schema: { tags: ['notifications'], params: idParams, response: { 200: okSchema, ...errors } },
      },
      async (request) => {
        await service.remove(signedInUser(request).userId, request.params.id);
        return { ok: true as const };
      },
    );

    // One stream per signed-in tab: `event: notification` with the new notification as data, `event:
    // resync` when events may have been missed. See notifications.events.ts for how events reach it.
    app.get(
      '/api/notifications/events',
      { preValidation: app.authenticate, schema: { tags: ['notifications'] } },
      async (request, reply) => {
        const { userId } = signedInUser(request);
        const raw = reply.raw;
        let open = true;
        const write = (chunk: string) => {
          if (open) raw.write(chunk);
        };
        let unsubscribe: () => void = () => undefined;
        const timers: NodeJS.Timeout[] = [];
        const end = () => {
          if (!open) return;
          open = false;
          unsubscribe();
          timers.forEach(clearInterval);
          raw.end();
        };

        unsubscribe = await events.subscribe({
          userId,
          onEvent(event) {
            if (event.kind === 'resync') {
              write(`event: ${notificationEventNames.resync}\ndata: {}\n\n`);
              return;
            }
            // read through the owner check: the row may be gone already (deleted in between)
            service.get(userId, event.id).then(
              (notification) =>
                write(
                  `event: ${notificationEventNames.notification}\ndata: ${JSON.stringify(notification)}\n\n`,
                ),
              () => undefined,
            );
          },
          onClose: end,
        });

        reply.hijack();
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          // reverse proxies (nginx) would otherwise hold events back in their buffer
          'x-accel-buffering': 'no',
        });
        write(`retry: ${RECONNECT_MS}\n: verbunden\n\n`);
        // the response's close: the browser went away (the request's own close fires once it is read)
        raw.on('close', end);
        timers.push(setInterval(() => write(': ping\n\n'), HEARTBEAT_MS));
        timers.push(setTimeout(end, STREAM_LIFETIME_MS));
      },
    );
  };
