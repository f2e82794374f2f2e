import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromNodeHeaders } from 'better-auth/node';
import {
  accountTypes,
  apiErrorSchema,
  messages,
  profileSchema,
  publicConfigSchema,
  signupRequestSchema,
  type PublicConfig,
} from '@korrigo/domain';
import { signedInUser } from '../../platform/session';
import type { AccountService } from './account.service';

const step1Schema = z
  .object({
    name: z.string().trim().max(120),
    accountType: z.enum(accountTypes),
    bundesland: z.string().trim().max(60).default(''),
    school: z.string().trim().max(200).default(''),
    subjects: z.array(z.string().trim().min(1).max(60)).max(30).default([]),
    classLevel: z.string().trim().max(40).default(''),
    termsAccepted: z.boolean(),
  })
  .strict();

export const accountRoutes =
  (service: AccountService, publicConfig: PublicConfig): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/config',
      { schema: { tags: ['account'], response: { 200: publicConfigSchema } } },
      async () => publicConfig,
    );

    app.post(
      '/api/signup',
      {
        schema: {
          tags: ['account'],
          body: signupRequestSchema,
          response: {
            201: z.object({ profile: profileSchema }),
            400: apiErrorSchema,
            409: apiErrorSchema,
            429: apiErrorSchema,
            500: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const result = await service.signUp(request.body, fromNodeHeaders(request.headers));
        for (const cookie of result.headers.getSetCookie()) reply.header('set-cookie', cookie);
        if (!result.profileSaved) {
          // The account exists and the user is signed in; only the profile fields are missing (spec 000 §8).
          return reply
            .status(500)
            .send({ error: { code: 'profile-save-failed', message: messages.signup.profileSaveFailed } });
        }
        return reply.status(201).send({ profile: result.profile });
      },
    );

    app.post(
      '/api/signup/complete-google',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['account'],
          body: step1Schema,
          response: {
            200: z.object({ profile: profileSchema }),
            400: apiErrorSchema,
            401: apiErrorSchema,
            409: apiErrorSchema,
          },
        },
      },
      async (request) => ({
        profile: await service.completeGoogleSignUp(signedInUser(request).userId, request.body),
      }),
    );
  };
