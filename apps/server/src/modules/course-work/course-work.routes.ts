import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  assignmentListSchema,
  assignmentSchema,
  courseWorkLimits,
  courseWorkMessages,
  createAssignmentRequestSchema,
  createExamRequestSchema,
  createMaterialRequestSchema,
  examListSchema,
  examSchema,
  materialListSchema,
  materialSchema,
  messages,
  updateAssignmentRequestSchema,
  updateExamRequestSchema,
  updateMaterialRequestSchema,
} from '@korrigo/domain';
import { AppError } from '../../platform/errors';
import { signedInUser } from '../../platform/session';
import type { CourseWorkService, UploadedFile } from './course-work.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const uuid = () => z.uuid({ error: messages.http.notFound });
// `:id` is the course, as in the courses module's routes: one parameter name per position of the route tree
const courseParams = z.object({ id: uuid() });
const assignmentParams = courseParams.extend({ assignmentId: uuid() });
const examParams = courseParams.extend({ examId: uuid() });
const materialParams = courseParams.extend({ materialId: uuid() });
const fileParams = materialParams.extend({ fileId: uuid() });

const tooMany = () => new AppError('validation', courseWorkMessages.tooManyFiles);
const tooLarge = () => new AppError('payload_too_large', courseWorkMessages.fileTooLarge);

/**
 * The files and fields of a multipart request. Counting while reading stops the eleventh file and a file past
 * 10 MB without buffering more than one byte past the limit. The fields are a new material's (its title,
 * type, …: `POST …/materials/upload`); the upload to an existing material ignores them.
 */
async function readUpload(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart()) throw new AppError('validation', courseWorkMessages.noFilesSent);
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    const parts = request.parts({
      limits: {
        files: courseWorkLimits.maxFiles + 1,
        fileSize: courseWorkLimits.maxFileBytes + 1,
        fields: 20,
        // a material's text: 20 000 characters, up to 4 bytes each in UTF-8
        fieldSize: 4 * courseWorkLimits.textMax + 1024,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new AppError('validation', courseWorkMessages.tooLong);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (files.length >= courseWorkLimits.maxFiles) throw tooMany();
      const data = await part.toBuffer();
      if (part.file.truncated || data.length > courseWorkLimits.maxFileBytes) throw tooLarge();
      files.push({ name: part.filename || 'datei', data });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw tooMany();
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (error instanceof AppError) throw error;
    // anything else here is a body that does not parse (cut off, bad boundary): the sender's mistake, never a 500
    throw new AppError('validation', courseWorkMessages.uploadFailed);
  }
  return { fields, files };
}

/**
 * `Content-Disposition` with the original name: an ASCII fallback for old clients and the exact name
 * percent-encoded (RFC 6266/5987), so quotes, line breaks or umlauts in a name can never break the header.
 */
export function attachmentHeader(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * A course's assignments, exams and materials (spec 001 §2, issue 15 §5). The service checks the caller's role
 * in the course: teachers write, participants read, anyone else finds no course (404).
 */
export const courseWorkRoutes =
  (service: CourseWorkService): FastifyPluginAsyncZod =>
  async (app) => {
    const base = '/api/courses/:id';

    // assignments
    app.get(
      `${base}/assignments`,
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['course-work'],
          params: courseParams,
          response: { 200: assignmentListSchema, ...errors },
        },
      },
      async (request) => service.listAssignments(signedInUser(request).userId, request.params.id),
    );
    app.post(
      `${base}/assignments`,
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['course-work'],
          params: courseParams,
          body: createAssignmentRequestSchema,
          response: { 201: assignmentSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await service.createAssignment(signedInUser(request).userId, request.params.id, request.body),
          ),
    );
    app.patch(
      `${base}/assignments/:assignmentId`,
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['course-work'],
          params: assignmentParams,
          body: updateAssignmentRequestSchema,
          response: { 200: assignmentSchema, ...errors },
        },
      },
      async (request) =>
        service.updateAssignment(
          signedInUser(request).userId,
          request.params.id,
          request.params.assignmentId,
          request.body,
        ),
    );
    app.delete(
      `${base}/assignments/:assignmentId`,
      { preValidation: app.authenticate, schema: { tags: ['course-work'], params: assignmentParams } },
      async (request, reply) => {
        await service.deleteAssignment(
          signedInUser(request).userId,
          request.params.id,
          request.params.assignmentId,
        );
        return reply.status(204).send();
      },
    );

    // exams
    app.get(
      `${base}/exams`,
      {
        preValidation: app.authenticate,
        schema: { tags: ['course-work'], params: courseParams, response: { 200: examListSchema, ...errors } },
      },
      async (request) => service.listExams(signedInUser(request).userId, request.params.id),
    );
    app.post(
      `${base}/exams`,
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['course-work'],
          params: courseParams,
          body: createExamRequestSchema,
          response: { 201: examSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.createExam(signedInUser(request).userId, request.params.id, request.body)),
    );
    app.patch(
      `${base}/exams/:examId`,
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['course-work'],
          params: examParams,
          body: updateExamRequestSchema,
          response: { 200: examSchema, ...errors },
        },
      },
      async (request) =>
        service.updateExam(
          signedInUser(request).userId,
          request.params.id,
          request.params.examId,
          request.body,
        ),
    );
    app.delete(
      `${base}/exams/:examId`,
      { preValidation: app.authenticate, schema: { tags: ['course-work'], params: examParams } },
      async (request, reply) => {
        await service.deleteExam(signedInUser(request).userId, request.params.id, request.params.examId);
        return reply.status(204).send();
      },
    );

    // materials: the fields as JSON and the files by their own multipart upload, or both in one (upload)
    app.get(
      `${base}/materials`,
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['course-work'],
          params: courseParams,
          response: { 200: materialListSchema, ...errors },
        },
      },
      async (request) => service.listMaterials(signedInUser(request).userId, request.params.id),
    );
    app.post(
      `${base}/materials`,
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['course-work'],
          params: courseParams,
          body: createMaterialRequestSchema,
          response: { 201: materialSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.createMaterial(signedInUser(request).userId, request.params.id, request.body)),
    );
    // A new material with its files in one request (issue 34): it is created only together with them, so a
    // failed upload leaves no empty material behind. The fields come as form fields beside the files.
    app.post(
      `${base}/materials/upload`,
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['course-work'],
          consumes: ['multipart/form-data'],
          params: courseParams,
          response: { 201: materialSchema, 413: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = signedInUser(request);
        // the role first: a stranger's upload is not read at all
        await service.checkTeacher(userId, request.params.id);
        const { fields, files } = await readUpload(request);
        return reply
          .status(201)
          .send(await service.createMaterialWithFiles(userId, request.params.id, fields, files));
      },
    );
    app.patch(
      `${base}/materials/:materialId`,
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['course-work'],
          params: materialParams,
          body: updateMaterialRequestSchema,
          response: { 200: materialSchema, ...errors },
        },
      },
      async (request) =>
        service.updateMaterial(
          signedInUser(request).userId,
          request.params.id,
          request.params.materialId,
          request.body,
        ),
    );
    app.delete(
      `${base}/materials/:materialId`,
      { preValidation: app.authenticate, schema: { tags: ['course-work'], params: materialParams } },
      async (request, reply) => {
        await service.deleteMaterial(
          signedInUser(request).userId,
          request.params.id,
          request.params.materialId,
        );
        return reply.status(204).send();
      },
    );
    app.post(
      `${base}/materials/:materialId/files`,
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['course-work'],
          consumes: ['multipart/form-data'],
          params: materialParams,
          response: { 200: materialSchema, 413: apiErrorSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = signedInUser(request);
        const { id: courseId, materialId } = request.params;
        // the role first: a stranger's upload is not read at all
        await service.checkTeacher(userId, courseId);
        return service.addFiles(userId, courseId, materialId, (await readUpload(request)).files);
      },
    );
    app.delete(
      `${base}/materials/:materialId/files/:fileId`,
      {
        preValidation: app.authenticate,
        schema: { tags: ['course-work'], params: fileParams, response: { 200: materialSchema, ...errors } },
      },
      async (request) =>
        service.deleteFile(
          signedInUser(request).userId,
          request.params.id,
          request.params.materialId,
          request.params.fileId,
        ),
    );
    // sent as an attachment with its checked type, so a browser never renders uploaded bytes as a page of ours
    app.get(
      `${base}/materials/:materialId/files/:fileId`,
      { preValidation: app.authenticate, schema: { tags: ['course-work'], params: fileParams } },
      async (request, reply) => {
        const file = await service.file(
          signedInUser(request).userId,
          request.params.id,
          request.params.materialId,
          request.params.fileId,
        );
        return reply
          .header('content-type', file.mimeType)
          .header('content-disposition', attachmentHeader(file.name))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(file.data);
      },
    );
  };
