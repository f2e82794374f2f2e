import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  myStudentIdSchema,
  studentIdCheckSchema,
  studentIdDecisionSchema,
  studentIdMaxBytes,
  studentIdMessages,
  studentIdReviewListSchema,
} from '@korrigo/domain';
import { AppError } from '../../platform/errors';
import { signedInUser } from '../../platform/session';
import type { StudentIdsService } from './student-ids.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const idParams = z.object({ id: z.uuid() });
/** The download's file name by the type the upload was recognised as (studentIdFileTypes). */
const fileExtension: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

/** The student ID for Premium Student (issue 20 point 4): the student's upload and the reviewers' list. */
export const studentIdsRoutes =
  (service: StudentIdsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['student-ids'];

    app.get(
      '/api/student-id',
      { preValidation: app.authenticate, schema: { tags, response: { 200: myStudentIdSchema, ...errors } } },
      async (request) => service.mine(signedInUser(request).userId),
    );

    app.post(
      '/api/student-id',
      {
        preValidation: app.authenticate,
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          response: { 201: studentIdCheckSchema, 413: apiErrorSchema, 415: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { userId } = signedInUser(request);
        const missing = () => new AppError('validation', studentIdMessages.missingFile);
        if (!request.isMultipart()) throw missing();
        // one byte over the limit is enough to know the file is too large without reading all of it
        const file = await request.file({ limits: { fileSize: studentIdMaxBytes + 1, files: 1 } });
        if (!file) throw missing();
        const tooLarge = () => new AppError('payload_too_large', studentIdMessages.tooLarge);
        const data = await file.toBuffer().catch((error: { code?: string }) => {
          if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          throw error;
        });
        if (file.file.truncated) throw tooLarge();
        return reply.status(201).send(await service.upload(userId, data));
      },
    );

    app.get(
      '/api/student-id/reviews',
      {
        preValidation: app.authenticate,
        schema: { tags, response: { 200: studentIdReviewListSchema, ...errors } },
      },
      async (request) => service.reviewList(signedInUser(request).userId),
    );

    app.get(
      '/api/student-id/reviews/:id/file',
      { preValidation: app.authenticate, schema: { tags, params: idParams } },
      async (request, reply) => {
        const file = await service.file(signedInUser(request).userId, request.params.id);
        return (
          reply
            .header('content-type', file.mime)
            .header('cache-control', 'private, no-store')
            // a download, never rendered under our origin: the file is of the pupil's choosing (issue 31)
            .header(
              'content-disposition',
              `attachment; filename="ausweis.${fileExtension[file.mime] ?? 'bin'}"`,
            )
            .send(file.data)
        );
      },
    );

    app.post(
      '/api/student-id/reviews/:id/decision',
      {
        preValidation: app.authenticate,
        schema: {
          tags,
          params: idParams,
          body: studentIdDecisionSchema,
          response: { 200: studentIdCheckSchema, ...errors },
        },
      },
      async (request) => service.decide(signedInUser(request).userId, request.params.id, request.body),
    );
  };
