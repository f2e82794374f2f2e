import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analysisAuditSchema,
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
  isSettledStatus,
  reviewRequestSchema,
  transcriptionRequestSchema,
} from '@korrigo/domain';
import { sendDownload } from '../../platform/download';
import { AppError } from '../../platform/errors';
import { signedInUser } from '../../platform/session';
import { streamStatus } from '../../platform/sse';
import type { AnalysisAuditService } from './analysis.audit';
import type { AnalysisService, StatusView, UploadedFile } from './analysis.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const uploadErrors = { 402: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 422: apiErrorSchema };
const idParams = z.object({ id: z.uuid({ error: messages.http.notFound }) });
const fileParams = idParams.extend({ fileId: z.uuid({ error: messages.http.notFound }) });

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
  (service: AnalysisService, audit: AnalysisAuditService): FastifyPluginAsyncZod =>
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

    // the fallback of a client whose event stream cannot open (ADR 0009)
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

    // Server-sent events (ADR 0009): one `status` event now and at every change, fed by the database's change
    // notifications (no polling, no process state: any API process can serve it); the stream ends when the
    // analysis is done or failed. Another user's analysis answers 404 before the stream opens.
    app.get(
      '/api/analyses/:id/events',
      { preValidation: app.authenticate, schema: { tags: ['analysis'], params: idParams } },
      async (request, reply) =>
        streamStatus<StatusView>(
          reply,
          (send, end) => service.follow(signedInUser(request).userId, request.params.id, send, end),
          (status) => isSettledStatus(status.status),
        ),
    );

    // the teacher's checked transcription resumes an analysis that waits for it (ADR 0009)
    app.patch(
      '/api/analyses/:id/transcription',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['analysis'],
          params: idParams,
          body: transcriptionRequestSchema,
          response: { 200: analysisStatusResponseSchema, 409: apiErrorSchema, ...errors },
        },
      },
      async (request) =>
        service.transcription(signedInUser(request).userId, request.params.id, request.body.text),
    );

    // an uploaded file of the own analysis, for the page images beside the transcription; sent as an
    // attachment with its checked type, so a browser never renders uploaded bytes as a page of ours
    app.get(
      '/api/analyses/:id/files/:fileId',
      { preValidation: app.authenticate, schema: { tags: ['analysis'], params: fileParams } },
      async (request, reply) => {
        const file = await service.file(
          signedInUser(request).userId,
          request.params.id,
          request.params.fileId,
        );
        return reply
          .header('content-type', file.mimeType)
          .header('content-disposition', 'attachment')
          .header('cache-control', 'private, max-age=3600')
          .send(file.data);
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

    // the trail of grading, changes and releases (issue 19 point 3); only for the owner, never cached
    app.get(
      '/api/analyses/:id/audit',
      {
        preValidation: app.authenticate,
        schema: { tags: ['analysis'], params: idParams, response: { 200: analysisAuditSchema, ...errors } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return audit.audit(signedInUser(request).userId, request.params.id);
      },
    );

    // the same trail on A4 for a Widerspruch, as an attachment
    app.get(
      '/api/analyses/:id/audit.pdf',
      { preValidation: app.authenticate, schema: { tags: ['analysis'], params: idParams } },
      async (request, reply) => {
        const file = await audit.pdf(signedInUser(request).userId, request.params.id);
        return sendDownload(reply, { contentType: 'application/pdf', ...file });
      },
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
        const { userId } = signedInUser(request);
        if (!request.isMultipart()) throw new AppError('validation', analysisMessages.emptyInput);
        const { files } = await readMultipart(request);
        return service.extract(userId, files);
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
