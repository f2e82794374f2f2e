import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  chatLimits,
  chatListSchema,
  chatMessages,
  chatSchema,
  chatScopeQuerySchema,
  companionReplySchema,
  companionRequestSchema,
  messages,
  okSchema,
  saveChatRequestSchema,
} from '@korrigo/domain';
import { AppError } from '../../platform/errors';
import { signedInUser } from '../../platform/session';
import type { ChatService } from './chat.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const idParams = z.object({ id: z.uuid({ error: messages.http.notFound }) });

type Log = { error(obj: object, msg?: string): void };

const sse = (event: string, data: object) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The chat calls of spec 000 §7, each behind sign-in (the spec sends /api/openai without auth; here every
 * call needs the session, and the service checks that chat and analysis belong to the caller: 404
 * otherwise). Authentication runs before validation, so a signed-out caller gets 401 whatever it sends.
 */
export const chatRoutes =
  (service: ChatService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/chats',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['chat'],
          querystring: chatScopeQuerySchema,
          response: { 200: chatListSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.list(signedInUser(request).userId, request.query);
      },
    );

    app.post(
      '/api/chats',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['chat'],
          body: saveChatRequestSchema,
          response: { 200: chatSchema, ...errors },
        },
      },
      async (request) => service.save(signedInUser(request).userId, request.body),
    );

    app.delete(
      '/api/chats/:id',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['chat'],
          params: idParams,
          querystring: chatScopeQuerySchema,
          response: { 200: okSchema, ...errors },
        },
      },
      async (request) => {
        await service.remove(signedInUser(request).userId, request.params.id, request.query);
        return { ok: true as const };
      },
    );

    // The companion's answer. With `Accept: text/event-stream` it streams (delta events, then done or
    // error); otherwise it answers { reply } when complete. Every check happens before the first byte, so
    // a refused question is an ordinary JSON error either way.
    app.post(
      '/api/openai',
      {
        preValidation: app.authenticate,
        config: { rateLimit: { max: chatLimits.companionRequestsPerMinute, timeWindow: '1 minute' } },
        schema: {
          tags: ['chat'],
          body: companionRequestSchema,
          response: { 200: companionReplySchema, 503: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const prepared = await service.prepareReply(signedInUser(request).userId, request.body);
        const log: Log = request.log;
        const aborted = new AbortController();
        request.raw.on('close', () => aborted.abort());

        if (!(request.headers.accept ?? '').includes('text/event-stream')) {
          let text = '';
          try {
            for await (const piece of prepared.stream(aborted.signal)) text += piece;
          } catch (error) {
            log.error({ err: error, engine: prepared.engine }, 'companion reply failed');
            if (!text) await prepared.giveBack();
            throw new AppError('unavailable', chatMessages.aiFailed, { status: 503 });
          }
          return { reply: text };
        }

        reply.hijack();
        reply.raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        let text = '';
        try {
          for await (const piece of prepared.stream(aborted.signal)) {
            if (aborted.signal.aborted) break;
            text += piece;
            reply.raw.write(sse('delta', { text: piece }));
          }
          if (!aborted.signal.aborted) reply.raw.write(sse('done', { reply: text }));
        } catch (error) {
          if (!aborted.signal.aborted) {
            log.error({ err: error, engine: prepared.engine }, 'companion reply failed');
            if (!text) await prepared.giveBack();
            reply.raw.write(sse('error', { message: chatMessages.aiFailed }));
          }
        }
        reply.raw.end();
      },
    );
  };
