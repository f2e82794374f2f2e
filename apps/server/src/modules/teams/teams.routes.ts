import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  createTeamRequestSchema,
  duplicateTeamTestResponseSchema,
  myTeamSchema,
  okSchema,
  teamInvitationPreviewSchema,
  teamInvitationSchema,
  teamInviteRequestSchema,
  teamSchema,
  teamTestListSchema,
  teamTestSchema,
} from '@korrigo/domain';
import { linkBaseUrl, type LinkBase } from '../../platform/origins';
import { signedInUser } from '../../platform/session';
import type { TeamsService } from './teams.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  402: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const tokenParams = z.object({ token: z.string().min(20).max(100) });
const idParams = z.object({ id: z.uuid() });

/**
 * Pro Team (issue 20 point 3). The link's token is what lets a teacher see and accept an invitation (and only
 * at the invited address); everything else acts on the signed-in teacher's own team.
 */
export const teamsRoutes =
  (service: TeamsService, links: LinkBase): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['teams'];

    app.get(
      '/api/team',
      { preValidation: app.authenticate, schema: { tags, response: { 200: myTeamSchema, ...errors } } },
      async (request) => service.mine(signedInUser(request).userId),
    );

    app.post(
      '/api/team',
      {
        preValidation: app.authenticate,
        schema: { tags, body: createTeamRequestSchema, response: { 201: teamSchema, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(signedInUser(request).userId, request.body)),
    );

    app.post(
      '/api/team/leave',
      { preValidation: app.authenticate, schema: { tags, response: { 200: okSchema, ...errors } } },
      async (request) => {
        await service.leave(signedInUser(request).userId);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/team/invitations',
      {
        preValidation: app.authenticate,
        schema: { tags, body: teamInviteRequestSchema, response: { 201: teamInvitationSchema, ...errors } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await service.invite(signedInUser(request).userId, request.body, linkBaseUrl(request, links)),
          ),
    );

    app.delete(
      '/api/team/invitations/:id',
      {
        preValidation: app.authenticate,
        schema: { tags, params: idParams, response: { 200: okSchema, ...errors } },
      },
      async (request) => {
        await service.revoke(signedInUser(request).userId, request.params.id);
        return { ok: true as const };
      },
    );

    app.delete(
      '/api/team/members/:userId',
      {
        preValidation: app.authenticate,
        schema: {
          tags,
          params: z.object({ userId: z.string().min(1).max(64) }),
          response: { 200: okSchema, ...errors },
        },
      },
      async (request) => {
        await service.removeMember(signedInUser(request).userId, request.params.userId);
        return { ok: true as const };
      },
    );

    // the invitation link: its own prefix, so the token never shares a path segment with an id
    app.get(
      '/api/team-invitations/:token',
      {
        preValidation: app.authenticate,
        schema: { tags, params: tokenParams, response: { 200: teamInvitationPreviewSchema, ...errors } },
      },
      async (request) => service.preview(signedInUser(request).userId, request.params.token),
    );

    app.post(
      '/api/team-invitations/:token/accept',
      {
        preValidation: app.authenticate,
        schema: { tags, params: tokenParams, response: { 200: teamSchema, ...errors } },
      },
      async (request) => service.accept(signedInUser(request).userId, request.params.token),
    );

    app.post(
      '/api/team-invitations/:token/decline',
      {
        preValidation: app.authenticate,
        schema: { tags, params: tokenParams, response: { 200: okSchema, ...errors } },
      },
      async (request) => {
        await service.decline(signedInUser(request).userId, request.params.token);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/team/tests',
      { preValidation: app.authenticate, schema: { tags, response: { 200: teamTestListSchema, ...errors } } },
      async (request) => service.library(signedInUser(request).userId),
    );

    app.get(
      '/api/team/tests/:testId',
      {
        preValidation: app.authenticate,
        schema: {
          tags,
          params: z.object({ testId: z.string().min(1).max(64) }),
          response: { 200: teamTestSchema, ...errors },
        },
      },
      async (request) => service.libraryTest(signedInUser(request).userId, request.params.testId),
    );

    app.post(
      '/api/team/tests/:testId/duplicate',
      {
        preValidation: app.authenticate,
        schema: {
          tags,
          params: z.object({ testId: z.string().min(1).max(64) }),
          response: { 201: duplicateTeamTestResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.duplicate(signedInUser(request).userId, request.params.testId)),
    );
  };
