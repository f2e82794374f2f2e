import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountDeletionInfoSchema,
  accountDeletionRequestSchema,
  apiErrorSchema,
  dataExportSchema,
  latestDataExportSchema,
  okSchema,
} from '@korrigo/domain';
import { sendDownload } from '../../platform/download';
import { signedInUser } from '../../platform/session';
import type { PrivacyService } from './privacy.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
// any text: an id that is no uuid names no export of hers and answers the export's 404 (the service checks)
const idParams = z.object({ id: z.string().max(100) });

/** 'Meine Daten' (issue 19 point 1, ADR 0015): the caller's own export and the erasure of her account. */
export const privacyRoutes =
  (service: PrivacyService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['privacy'];
    const noStore = { 'cache-control': 'private, no-store' };

    // rate limited per user (platform/rate-limits.ts): every export reads all her files
    app.post(
      '/api/privacy/exports',
      {
        preValidation: app.authenticate,
        schema: {
          tags,
          response: { 202: dataExportSchema, 409: apiErrorSchema, 429: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const started = await service.startExport(signedInUser(request).userId);
        return reply.status(202).send(started);
      },
    );

    app.get(
      '/api/privacy/exports/latest',
      {
        preValidation: app.authenticate,
        schema: { tags, response: { 200: latestDataExportSchema, ...errors } },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return { export: await service.latestExport(signedInUser(request).userId) };
      },
    );

    app.get(
      '/api/privacy/exports/:id',
      {
        preValidation: app.authenticate,
        schema: { tags, params: idParams, response: { 200: dataExportSchema, ...errors } },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return service.getExport(signedInUser(request).userId, request.params.id);
      },
    );

    app.get(
      '/api/privacy/exports/:id/download',
      { preValidation: app.authenticate, schema: { tags, params: idParams } },
      async (request, reply) => {
        const file = await service.download(signedInUser(request).userId, request.params.id);
        return sendDownload(reply, { contentType: 'application/zip', ...file });
      },
    );

    app.get(
      '/api/privacy/account-deletion',
      {
        preValidation: app.authenticate,
        schema: { tags, response: { 200: accountDeletionInfoSchema, ...errors } },
      },
      async (request) => service.deletionInfo(signedInUser(request).userId),
    );

    // wrong passwords are limited per account (platform/rate-limits.ts), as the profile's are
    app.post(
      '/api/privacy/account-deletion',
      {
        preValidation: app.authenticate,
        schema: {
          tags,
          body: accountDeletionRequestSchema,
          response: { 200: okSchema, 429: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        await service.eraseAccount(signedInUser(request).userId, request.body);
        // her session cookie names a session that no longer exists: the browser forgets it too
        reply.header('set-cookie', [
          'better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
          '__Secure-better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
          'better-auth.dont_remember=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
        ]);
        return { ok: true as const };
      },
    );
  };
