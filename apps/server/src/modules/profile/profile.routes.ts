import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  profileSchema,
  profileUpdateResponseSchema,
  profileUpdateSchema,
} from '@korrigo/domain';
import { accountConstants, messages } from '@korrigo/domain';
import { AppError } from '../../platform/errors';
import { linkBaseUrl, type LinkBase } from '../../platform/origins';
import { signedInUser } from '../../platform/session';
import type { ProfileService } from './profile.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

export const profileRoutes =
  (service: ProfileService, links: LinkBase): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/profile',
      {
        preHandler: app.authenticate,
        schema: { tags: ['profile'], response: { 200: profileSchema, ...errors } },
      },
      async (request) => service.get(signedInUser(request).userId),
    );

    // Wrong current passwords are limited per account (platform/rate-limits.ts), so that a stolen session
    // cannot guess the password at speed.
    app.put(
      '/api/profile',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['profile'],
          body: profileUpdateSchema,
          response: {
            200: profileUpdateResponseSchema,
            403: apiErrorSchema,
            409: apiErrorSchema,
            429: apiErrorSchema,
            ...errors,
          },
        },
      },
      async (request) => {
        const { userId, sessionId } = signedInUser(request);
        return service.update(userId, sessionId, request.body, linkBaseUrl(request, links));
      },
    );

    // The link in the confirmation mail: no session needed (it may be opened on another device); the login
    // page shows the outcome, as every session ends with a changed address.
    app.get(
      '/api/profile/email-change',
      { schema: { tags: ['profile'], querystring: z.object({ token: z.string().max(300).default('') }) } },
      async (request, reply) => {
        const outcome = await service.confirmEmailChange(request.query.token);
        return reply.redirect(`/login?emailChange=${outcome}`, 303);
      },
    );

    app.post(
      '/api/profile/photo',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['profile'],
          consumes: ['multipart/form-data'],
          response: { 200: profileSchema, 413: apiErrorSchema, 415: apiErrorSchema, ...errors },
        },
      },
      async (request) => {
        const { userId } = signedInUser(request);
        // One byte over the limit is enough to know the file is too large without reading all of it.
        const file = await request.file({
          limits: { fileSize: accountConstants.profileImageMaxBytes + 1, files: 1 },
        });
        if (!file) throw new AppError('validation', messages.profile.invalidImageType, { status: 415 });
        const data = await file.toBuffer().catch((error: { code?: string }) => {
          if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError('image-too-large', messages.profile.imageTooLarge, { status: 413 });
          }
          throw error;
        });
        if (file.file.truncated) {
          throw new AppError('image-too-large', messages.profile.imageTooLarge, { status: 413 });
        }
        return service.setPhoto(userId, data);
      },
    );

    app.get(
      '/api/profile/photo',
      {
        preHandler: app.authenticate,
        schema: { tags: ['profile'], querystring: z.object({ v: z.string().optional() }) },
      },
      async (request, reply) => {
        const photo = await service.getPhoto(signedInUser(request).userId);
        return reply
          .header('content-type', photo.mime)
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(photo.data);
      },
    );
  };
