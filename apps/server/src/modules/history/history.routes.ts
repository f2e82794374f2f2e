import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analysisDetailsUpdateSchema,
  analysisListItemSchema,
  apiErrorSchema,
  historyDetailSchema,
  historyPageSchema,
  historyQuerySchema,
  messages,
  okSchema,
} from '@korrigo/domain';
import { signedInUser } from '../../platform/session';
import type { HistoryService } from './history.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const changeErrors = { ...errors, 409: apiErrorSchema };
const idParams = z.object({ id: z.uuid({ error: messages.http.notFound }) });

/**
 * `/analysis/:analysisId` is also a screen of the web app (spec 000 §2). A browser that navigates there asks
 * for HTML and gets the app; API clients ask for JSON (or anything) and get the analysis.
 */
async function serveAppToBrowsers(request: FastifyRequest, reply: FastifyReply) {
  const accept = request.headers.accept ?? '';
  reply.header('vary', 'Accept');
  const sendFile = (reply as { sendFile?: (file: string) => FastifyReply }).sendFile;
  if (accept.includes('text/html') && typeof sendFile === 'function') {
    reply.header('cache-control', 'no-cache');
    return sendFile.call(reply, 'index.html');
  }
}

/**
 * The analysis history. Two spellings of the same calls: the REST routes under /api the web app uses, and
 * the paths of spec 000 §7 (`/analysis-history`, `/analysis/{id}`) for clients of the old API. Authentication
 * runs first, so a signed-out caller gets 401; an analysis of another user answers 404 on every route.
 */
export const historyRoutes =
  (service: HistoryService): FastifyPluginAsyncZod =>
  async (app) => {
    const list = {
      preValidation: app.authenticate,
      schema: {
        tags: ['history'],
        querystring: historyQuerySchema,
        response: { 200: historyPageSchema, ...errors },
      },
    };
    app.get('/api/analyses/history', list, async (request) =>
      service.list(signedInUser(request).userId, request.query),
    );
    // spec 000 §7: one list in `analyses`; paged when the client asks for a page
    app.get('/analysis-history', list, async (request) =>
      service.list(signedInUser(request).userId, request.query, { all: true }),
    );

    app.get(
      '/analysis/:id',
      {
        onRequest: serveAppToBrowsers,
        preValidation: app.authenticate,
        schema: {
          tags: ['history'],
          params: idParams,
          response: { 200: historyDetailSchema, ...errors },
        },
      },
      async (request) => service.get(signedInUser(request).userId, request.params.id),
    );

    const update = {
      preValidation: app.authenticate,
      schema: {
        tags: ['history'],
        params: idParams,
        body: analysisDetailsUpdateSchema,
        response: { 200: analysisListItemSchema, ...changeErrors },
      },
    };
    app.patch('/api/analyses/:id', update, async (request) =>
      service.update(signedInUser(request).userId, request.params.id, request.body),
    );
    // spec 000 §7: the whole edited row; fields that are not editable are ignored
    app.put('/analysis/:id', update, async (request) =>
      service.update(signedInUser(request).userId, request.params.id, request.body),
    );

    const remove = {
      preValidation: app.authenticate,
      schema: { tags: ['history'], params: idParams, response: { 200: okSchema, ...changeErrors } },
    };
    for (const url of ['/api/analyses/:id', '/analysis/:id']) {
      app.delete(url, remove, async (request) => {
        await service.remove(signedInUser(request).userId, request.params.id);
        return { ok: true as const };
      });
    }
  };
