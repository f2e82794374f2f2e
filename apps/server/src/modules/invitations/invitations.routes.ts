import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationResponseSchema,
  apiErrorSchema,
  createInvitationRequestSchema,
  invitationCodeParamsSchema,
  invitationListSchema,
  invitationPreviewSchema,
  myClassesSchema,
  okSchema,
  sentInvitationSchema,
  studentClassSchema,
} from '@korrigo/domain';
import { linkBaseUrl, type LinkBase } from '../../platform/origins';
import { signedInUser } from '../../platform/session';
import type { InvitationsService } from './invitations.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * Invitations into schools and classes (issue 15 §1, §3) and the student's own classes. The code in a link
 * is what grants the right to see and accept an invitation; everything else is checked in the service.
 */
export const invitationsRoutes =
  (service: InvitationsService, links: LinkBase): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/invitations',
      {
        preValidation: app.authenticate,
        schema: { tags: ['invitations'], response: { 200: invitationListSchema, ...errors } },
      },
      async (request) => service.list(signedInUser(request).userId),
    );

    app.post(
      '/api/invitations',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['invitations'],
          body: createInvitationRequestSchema,
          response: { 201: sentInvitationSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await service.create(signedInUser(request).userId, request.body, linkBaseUrl(request, links)),
          ),
    );

    app.get(
      '/api/invitations/:code',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['invitations'],
          params: invitationCodeParamsSchema,
          response: { 200: invitationPreviewSchema, ...errors },
        },
      },
      async (request) => service.preview(signedInUser(request).userId, request.params.code),
    );

    // No session: the link's visitor may have no account yet and reads what she is invited to before she
    // signs up (issue 34 §5). Wrong codes count against her address like the other code routes (rate-limits.ts).
    app.get(
      '/api/invitations/:code/details',
      {
        schema: {
          tags: ['invitations'],
          params: invitationCodeParamsSchema,
          response: { 200: invitationPreviewSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request) => service.details(request.params.code),
    );

    app.post(
      '/api/invitations/:code/accept',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['invitations'],
          params: invitationCodeParamsSchema,
          response: { 200: acceptInvitationResponseSchema, ...errors },
        },
      },
      async (request) => service.accept(signedInUser(request).userId, request.params.code),
    );

    app.post(
      '/api/invitations/:code/decline',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['invitations'],
          params: invitationCodeParamsSchema,
          response: { 200: okSchema, ...errors },
        },
      },
      async (request) => {
        await service.decline(signedInUser(request).userId, request.params.code);
        return { ok: true as const };
      },
    );

    app.delete(
      '/api/invitations/:code',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['invitations'],
          // the same segment as the code routes (one parameter name per position); revoking takes the id
          params: z.object({ code: z.uuid() }),
          response: { 200: okSchema, ...errors },
        },
      },
      async (request) => {
        await service.revoke(signedInUser(request).userId, request.params.code);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/my-classes',
      {
        preValidation: app.authenticate,
        schema: { tags: ['invitations'], response: { 200: myClassesSchema, ...errors } },
      },
      async (request) => service.myClasses(signedInUser(request).userId),
    );

    app.get(
      '/api/my-classes/:id',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['invitations'],
          params: z.object({ id: z.uuid() }),
          response: { 200: studentClassSchema, ...errors },
        },
      },
      async (request) => service.myClass(signedInUser(request).userId, request.params.id),
    );
  };
