import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, ltiToolSchema, messages } from '@korrigo/domain';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { signedInUser } from '../../platform/session';
import { accountTypeOf } from '../profile/profile.repository';
import type { LtiDynamicRegistration } from './lti.registration';

/**
 * GET /api/lti/tool: the values a platform's administrator enters to register Korrigo by hand (ADR 0031), for
 * the teacher's settings section „Lernplattform (LTI)“. They are made from the same public address as the
 * login's redirect_uri, so what she copies is what the launch will check; pupils are refused.
 */
export const ltiToolRoutes =
  (options: {
    db: Executor;
    publicUrl: string;
    publicUrlSet: boolean;
    registration: Pick<LtiDynamicRegistration, 'registrationUrl'>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/lti/tool',
      {
        preHandler: app.authenticate,
        schema: { tags: ['lti'], response: { 200: ltiToolSchema, 403: apiErrorSchema } },
      },
      async (request) => {
        const { userId } = signedInUser(request);
        if ((await accountTypeOf(options.db, userId)) !== 'teacher')
          throw new AppError('forbidden', messages.lti.teachersOnly);
        // Dynamic Registration: the URL binds the platform's registration to her (signed, 24 hours)
        const registration = await options.registration.registrationUrl(userId);
        const launchUrl = `${options.publicUrl}/lti/launch`;
        return {
          launchUrl,
          loginUrl: `${options.publicUrl}/lti/login`,
          jwksUrl: `${options.publicUrl}/lti/jwks`,
          // Moodle asks for the redirection URIs apart; the launch is the only one
          redirectUrl: launchUrl,
          registrationUrl: registration.url,
          registrationUrlExpiresAt: registration.expiresAt.toISOString(),
          publicUrlSet: options.publicUrlSet,
        };
      },
    );
  };
