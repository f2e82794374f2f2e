import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  classEvaluationDetailSchema,
  classEvaluationLimits,
  classEvaluationMessages,
  classEvaluationOverviewSchema,
  classEvaluationQuestionsSchema,
  classEvaluationReleaseResponseSchema,
  classEvaluationSettingsSchema,
  classEvaluationSplitRequestSchema,
  classEvaluationSummarySchema,
  confirmPapersRequestSchema,
  confirmPapersResponseSchema,
  groupReviewRequestSchema,
  groupReviewResponseSchema,
  createClassEvaluationFieldsSchema,
  createClassEvaluationResponseSchema,
  messages,
} from '@korrigo/domain';
import { AppError } from '../../platform/errors';
import { sendDownload } from '../../platform/download';
import type { UploadCounter } from '../../platform/rate-limits';
import { signedInUser } from '../../platform/session';
import { streamStatus } from '../../platform/sse';
import type { UploadedFile } from '../analysis/analysis.service';
import type { ClassEvaluationsService, SetStatusView } from './class-evaluations.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const uploadErrors = { 402: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 422: apiErrorSchema };
const idParams = z.object({ id: z.uuid({ error: classEvaluationMessages.notFound }) });
const fileParams = idParams.extend({ fileId: z.uuid({ error: classEvaluationMessages.notFound }) });
const paperParams = idParams.extend({ paperId: z.uuid({ error: classEvaluationMessages.notFound }) });
const listQuery = z.object({ courseId: z.uuid({ error: messages.http.validation }).optional() });
const listSchema = z.object({ classEvaluations: z.array(classEvaluationSummarySchema) });

const tooMany = () => new AppError('too_many_files', classEvaluationMessages.tooManyFiles, { status: 400 });
const tooLarge = () =>
  new AppError('payload_too_large', classEvaluationMessages.totalTooLarge, { status: 413 });

// studentData carries typed papers: up to 60 × 200 000 characters
const maxFieldBytes = 16 * 1024 * 1024;
/** The most a class-set form can be: its files, the typed papers, and 1 MB for the other fields and headers. */
const maxBodyBytes = classEvaluationLimits.maxTotalBytes + maxFieldBytes + 1024 * 1024;

/**
 * A multipart request with the class-set limits: counting and summing while reading stops an upload past them
 * without buffering much more than the limit.
 */
async function readMultipart(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let total = 0;
  try {
    const parts = request.parts({
      limits: {
        files: classEvaluationLimits.maxFiles + 1,
        fileSize: classEvaluationLimits.maxFileBytes + 1,
        fieldSize: maxFieldBytes,
        // the form's fields are a dozen (createClassEvaluationFieldsSchema); more is no browser's form
        fields: 50,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (files.length >= classEvaluationLimits.maxFiles) throw tooMany();
      const data = await part.toBuffer();
      const name = part.filename || 'datei';
      if (part.file.truncated) {
        throw new AppError('payload_too_large', classEvaluationMessages.fileTooLarge(name), { status: 413 });
      }
      total += data.length;
      if (total > classEvaluationLimits.maxTotalBytes) throw tooLarge();
      files.push({ name, data });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw tooMany();
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  return { fields, files };
}

/** `options` and `studentData` travel as JSON text in a multipart form (spec 001 §7), or as JSON in a JSON body. */
function parseFields(raw: Record<string, unknown>) {
  const json = (name: string, message: string) => {
    const value = raw[name];
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      throw new AppError('validation', message, { fields: { [name]: message } });
    }
  };
  const parsed = createClassEvaluationFieldsSchema.safeParse({
    ...raw,
    options: json('options', messages.http.validation),
    studentData: json('studentData', classEvaluationMessages.studentDataInvalid),
  });
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.') || '_';
      fields[path] ??=
        issue.path[0] === 'studentData' ? classEvaluationMessages.studentDataInvalid : issue.message;
    }
    const first = Object.values(fields)[0] ?? messages.http.validation;
    throw new AppError('validation', first, { fields });
  }
  return parsed.data;
}

/**
 * The class-set API (issue 16, ADR 0012). Authentication runs first; every `:id` route answers 404 for a set
 * of another user. `countUploads` counts a set's papers against the upload budget (platform/rate-limits.ts).
 */
export const classEvaluationsRoutes =
  (service: ClassEvaluationsService, countUploads: UploadCounter): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * Before an upload's body is read (issue 31): the session, then the plan and a declared size past the
     * limits, then the upload budget (the preHandler of platform/rate-limits.ts). A refusal answers at once
     * and leaves the body unread: nothing of it is buffered or stored, and a refused plan costs no budget.
     */
    const admit = async (request: FastifyRequest) => {
      await service.requireClassSets(signedInUser(request).userId);
      if (Number(request.headers['content-length'] ?? 0) > maxBodyBytes) throw tooLarge();
    };
    /**
     * A set counts one upload per paper: the first is the try its upload was admitted with, the others are
     * counted once its papers are known (at the upload, or at the start of a stack's papers) and refused
     * never: the budget may run over, and the next upload waits for its window.
     */
    const countPapers = (request: FastifyRequest) => (papers: number) => countUploads(request, papers - 1);

    const create = async (request: FastifyRequest) => {
      const { userId } = signedInUser(request);
      const { fields, files } = request.isMultipart()
        ? await readMultipart(request)
        : { fields: (request.body ?? {}) as Record<string, unknown>, files: [] };
      return service.create(userId, parseFields(fields), files, countPapers(request));
    };
    const createSchema = {
      tags: ['class-evaluations'],
      consumes: ['multipart/form-data', 'application/json'],
      response: { 202: createClassEvaluationResponseSchema, 429: apiErrorSchema, ...uploadErrors, ...errors },
    };

    app.post(
      '/api/class-evaluations',
      { preValidation: [app.authenticate, admit], schema: createSchema },
      async (request, reply) => reply.status(202).send(await create(request)),
    );

    // spec 001 §7: the same handler under the old name; courseName, schoolId and classId are read from the course
    app.post(
      '/evaluate-class',
      { preValidation: [app.authenticate, admit], schema: createSchema },
      async (request, reply) => reply.status(202).send(await create(request)),
    );

    app.get(
      '/api/class-evaluations',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['class-evaluations'],
          querystring: listQuery,
          response: { 200: listSchema, ...errors },
        },
      },
      async (request) => service.list(signedInUser(request).userId, request.query.courseId),
    );

    app.get(
      '/api/class-evaluations/:id',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['class-evaluations'],
          params: idParams,
          response: { 200: classEvaluationDetailSchema, ...errors },
        },
      },
      async (request) => service.get(signedInUser(request).userId, request.params.id),
    );

    // Server-sent events like GET /api/analyses/:id/events (ADR 0009, 0012 §4): one `status` event with the
    // set's status and progress now and at every change of the set or a paper; the stream ends when the set
    // is done or failed.
    app.get(
      '/api/class-evaluations/:id/events',
      { preValidation: app.authenticate, schema: { tags: ['class-evaluations'], params: idParams } },
      async (request, reply) =>
        streamStatus<SetStatusView>(
          reply,
          (send, end) => service.follow(signedInUser(request).userId, request.params.id, send, end),
          (status) => status.status === 'done' || status.status === 'failed',
        ),
    );

    // the teacher's check of a stack's split (ADR 0012 §3)
    app.put(
      '/api/class-evaluations/:id/papers',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['class-evaluations'],
          params: idParams,
          body: classEvaluationSplitRequestSchema,
          response: { 200: classEvaluationDetailSchema, 409: apiErrorSchema, ...errors },
        },
      },
      async (request) => service.split(signedInUser(request).userId, request.params.id, request.body),
    );

    app.post(
      '/api/class-evaluations/:id/start',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['class-evaluations'],
          params: idParams,
          response: { 200: classEvaluationDetailSchema, 402: apiErrorSchema, 409: apiErrorSchema, ...errors },
        },
      },
      async (request) => service.start(signedInUser(request).userId, request.params.id, countPapers(request)),
    );

    // the key file or a stack file, as an attachment with its checked type (never rendered as a page of ours)
    app.get(
      '/api/class-evaluations/:id/files/:fileId',
      { preValidation: app.authenticate, schema: { tags: ['class-evaluations'], params: fileParams } },
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
    // review by question, confirmation, overview and return (issue 16 §4–§6)
    app.get(
      '/api/class-evaluations/:id/questions',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['class-evaluations'],
          params: idParams,
          response: { 200: classEvaluationQuestionsSchema, ...errors },
        },
      },
      async (request) => service.questions(signedInUser(request).userId, request.params.id),
    );

    app.post(
      '/api/class-evaluations/:id/group-review',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['class-evaluations'],
          params: idParams,
          body: groupReviewRequestSchema,
          response: { 200: groupReviewResponseSchema, 409: apiErrorSchema, ...errors },
        },
      },
      async (request) =>
        service.groupReview(
          signedInUser(request).userId,
          request.params.id,
          request.body.analysisIds,
          request.body.change,
        ),
    );

    app.post(
      '/api/class-evaluations/:id/confirm',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['class-evaluations'],
          params: idParams,
          body: confirmPapersRequestSchema,
          response: { 200: confirmPapersResponseSchema, 409: apiErrorSchema, ...errors },
        },
      },
      async (request) =>
        service.confirm(signedInUser(request).userId, request.params.id, request.body.analysisIds),
    );

    app.get(
      '/api/class-evaluations/:id/overview',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['class-evaluations'],
          params: idParams,
          response: { 200: classEvaluationOverviewSchema, ...errors },
        },
      },
      async (request) => service.overview(signedInUser(request).userId, request.params.id),
    );

    app.patch(
      '/api/class-evaluations/:id',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['class-evaluations'],
          params: idParams,
          body: classEvaluationSettingsSchema,
          response: { 200: classEvaluationDetailSchema, ...errors },
        },
      },
      async (request) =>
        service.updateSettings(signedInUser(request).userId, request.params.id, request.body),
    );

    app.post(
      '/api/class-evaluations/:id/release',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['class-evaluations'],
          params: idParams,
          response: { 200: classEvaluationReleaseResponseSchema, 409: apiErrorSchema, ...errors },
        },
      },
      async (request) => service.release(signedInUser(request).userId, request.params.id),
    );

    // the exports are attachments with an ASCII file name; never cached by a shared cache (pupils' grades)
    app.get(
      '/api/class-evaluations/:id/export.csv',
      { preValidation: app.authenticate, schema: { tags: ['class-evaluations'], params: idParams } },
      async (request, reply) => {
        const file = await service.exportCsv(signedInUser(request).userId, request.params.id);
        return sendDownload(reply, { contentType: 'text/csv; charset=utf-8', ...file });
      },
    );

    app.get(
      '/api/class-evaluations/:id/notenliste.pdf',
      { preValidation: app.authenticate, schema: { tags: ['class-evaluations'], params: idParams } },
      async (request, reply) => {
        const file = await service.notenlistePdf(signedInUser(request).userId, request.params.id);
        return sendDownload(reply, { contentType: 'application/pdf', ...file });
      },
    );

    // „Alle Schüler-PDFs“ (issue 34 §6): one PDF per graded pupil in a ZIP, or all of them in one print file
    app.get(
      '/api/class-evaluations/:id/paper-pdfs.zip',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['class-evaluations'],
          params: idParams,
          response: { 409: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const file = await service.allPapersZip(signedInUser(request).userId, request.params.id);
        return sendDownload(reply, { contentType: 'application/zip', ...file });
      },
    );

    app.get(
      '/api/class-evaluations/:id/paper-pdfs.pdf',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['class-evaluations'],
          params: idParams,
          response: { 409: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const file = await service.allPapersPdf(signedInUser(request).userId, request.params.id);
        return sendDownload(reply, { contentType: 'application/pdf', ...file });
      },
    );

    app.get(
      '/api/class-evaluations/:id/papers/:paperId/pdf',
      { preValidation: app.authenticate, schema: { tags: ['class-evaluations'], params: paperParams } },
      async (request, reply) => {
        const file = await service.paperPdf(
          signedInUser(request).userId,
          request.params.id,
          request.params.paperId,
        );
        return sendDownload(reply, { contentType: 'application/pdf', ...file });
      },
    );
  };
