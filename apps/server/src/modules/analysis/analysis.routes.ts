import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analysisDetailSchema,
  analysisListSchema,
  analysisMessages,
  analysisStatusResponseSchema,
  analysisUploadLimits,
  apiErrorSchema,
  createAnalysisFieldsSchema,
  createAnalysisResponseSchema,
  extractTextResponseSchema,
  generateResponseRequestSchema,
  generateResponseResponseSchema,
  messages,
  reviewRequestSchema,
} from '@korrigo/domain';
import { AppError } from '../../platform/errors';
import { signedInUser } from '../../platform/session';
import type { AnalysisService, UploadedFile } from './analysis.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const uploadErrors = { 402: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 422: apiErrorSchema };
const idParams = z.object({ id: z.uuid({ error: messages.http.notFound }) });

const tooMany = () => new AppError('too_many_files', analysisMessages.tooManyFiles, { status: 400 });
const tooLarge = () => new AppError('payload_too_large', analysisMessages.totalTooLarge, { status: 413 });

/**
 * Reads a multipart request: files in order, other parts as text fields. Counting and summing while reading
 * stops a fourth file or the 9 MB mark without buffering more than one byte past the limit.
 */
async function readMultipart(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let total = 0;
  try {
    const parts = request.parts({
      limits: {
        files: analysisUploadLimits.maxFiles + 1,
        fileSize: analysisUploadLimits.maxTotalBytes + 1,
        fieldSize: 1024 * 1024,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (files.length >= analysisUploadLimits.maxFiles) throw tooMany();
      const data = await part.toBuffer();
      if (part.file.truncated) throw tooLarge();
      total += data.length;
      if (total > analysisUploadLimits.maxTotalBytes) throw tooLarge();
      files.push({ name: part.filename || 'datei', data });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw tooMany();
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  return { fields, files };
}

function parseFields(raw: Record<string, unknown>) {
  let options: unknown = raw.options;
  if (typeof options === 'string') {
    try {
      options = JSON.parse(options);
    } catch {
      throw new AppError('validation', messages.http.validation, {
        fields: { options: messages.http.validation },
      });
    }
  }
  const parsed = createAnalysisFieldsSchema.safeParse({ ...raw, options });
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
    throw new AppError('validation', messages.http.validation, { fields });
  }
  return parsed.data;
}

/**
 * The analysis API (issue 5 §2, §4, §5). Authentication runs first, so a signed-out caller gets 401 before
 * anything is read; every `:id` route answers 404 for an analysis of another user.
 */
export const analysisRoutes =
  (service: AnalysisService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/analyses',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['analysis'],
          consumes: ['multipart/form-data', 'application/json'],
          response: { 202: createAnalysisResponseSchema, ...uploadErrors, ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = signedInUser(request);
        const { fields, files } = request.isMultipart()
          ? await readMultipart(request)
          : { fields: (request.body ?? {}) as Record<string, unknown>, files: [] };
        const created = await service.create(userId, parseFields(fields), files);
        return reply.status(202).send(created);
      },
    );

    app.get(
      '/api/analyses',
      {
        preValidation: app.authenticate,
        schema: { tags: ['analysis'], response: { 200: analysisListSchema, ...errors } },
      },
      async (request) => service.list(signedInUser(request).userId),
    );

    app.get(
      '/api/analyses/:id',
      {
        preValidation: app.authenticate,
        schema: { tags: ['analysis'], params: idParams, response: { 200: analysisDetailSchema, ...errors } },
      },
      async (request) => service.get(signedInUser(request).userId, request.params.id),
    );

    // what a polling client asks every second or so until the status is done or failed
    app.get(
      '/api/analyses/:id/status',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['analysis'],
          params: idParams,
          response: { 200: analysisStatusResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.status(signedInUser(request).userId, request.params.id);
      },
    );

    // Server-sent events for the same status: one `status` event now and at every change, then the stream
    // ends when the analysis is done or failed. The database is the source (no process state), so any API
    // process can serve it.
    app.get(
      '/api/analyses/:id/events',
      { preValidation: app.authenticate, schema: { tags: ['analysis'], params: idParams } },
      async (request, reply) => {
        const userId = signedInUser(request).userId;
        let current = await service.status(userId, request.params.id);
        reply.hijack();
        reply.raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
        });
        let open = true;
        request.raw.on('close', () => {
          open = false;
        });
        const send = (status: typeof current) =>
          reply.raw.write(`event: status\ndata: ${JSON.stringify(status)}\n\n`);
        send(current);
        const deadline = Date.now() + 10 * 60_000;
        while (open && current.status === 'processing' && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          const next = await service.status(userId, request.params.id);
          if (next.status !== current.status || next.updatedAt !== current.updatedAt) send(next);
          current = next;
        }
        reply.raw.end();
      },
    );

    app.patch(
      '/api/analyses/:id/review',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['analysis'],
          params: idParams,
          body: reviewRequestSchema,
          response: { 200: analysisDetailSchema, 409: apiErrorSchema, ...errors },
        },
      },
      async (request) =>
        service.review(signedInUser(request).userId, request.params.id, request.body.changes),
    );

    app.post(
      '/api/analyses/:id/confirm',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['analysis'],
          params: idParams,
          response: { 200: analysisDetailSchema, 409: apiErrorSchema, ...errors },
        },
      },
      async (request) => service.confirm(signedInUser(request).userId, request.params.id),
    );

    // a confirmed result is changed only after this (issue 14 §10): confirmed → suggested, logged
    app.post(
      '/api/analyses/:id/reopen',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['analysis'],
          params: idParams,
          response: { 200: analysisDetailSchema, 409: apiErrorSchema, ...errors },
        },
      },
      async (request) => service.reopen(signedInUser(request).userId, request.params.id),
    );

    app.post(
      '/api/extract-text',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['analysis'],
          consumes: ['multipart/form-data'],
          response: { 200: extractTextResponseSchema, ...uploadErrors, ...errors },
        },
      },
      async (request) => {
        signedInUser(request);
        if (!request.isMultipart()) throw new AppError('validation', analysisMessages.emptyInput);
        const { files } = await readMultipart(request);
        return service.extract(files);
      },
    );

    // spec 001 §7, kept for clients of the old API: waits for the result and answers it as a JSON string
    app.post(
      '/generate-response',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['analysis'],
          body: generateResponseRequestSchema,
          response: { 200: generateResponseResponseSchema, 503: apiErrorSchema, ...uploadErrors, ...errors },
        },
      },
      async (request) => service.generateResponse(signedInUser(request).userId, request.body),
    );
  };
