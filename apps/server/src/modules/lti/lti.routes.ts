import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  apiErrorSchema,
  ltiDeliveriesQuerySchema,
  ltiDeliveriesSchema,
  ltiRegistrationRequestSchema,
  ltiRegistrationSchema,
  ltiRosterSyncResultSchema,
  messages,
} from '@korrigo/domain';
import { AppError } from '../../platform/errors';
import { signedInUser } from '../../platform/session';
import type { LtiGrades } from './lti.grades';
import type { LtiRoster } from './lti.roster';
import { signedCookieValue, stateCookiePrefix, type LtiService, type ToolKey } from './lti.service';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A refused launch is seen in the LMS's window: a German page, never JSON. */
function refusalPage(reply: FastifyReply, error: unknown) {
  if (!(error instanceof AppError)) throw error;
  return reply
    .status(error.status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="de"><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(messages.lti.pageTitle)} – Korrigo</title>` +
        // the SPA's stylesheet is not loaded here: a few calm rules in the app's colours and type
        `<style>body{font-family:system-ui,sans-serif;color:#0f172a;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}` +
        `h1{font-size:1.5rem}a{color:#0f5f66}</style>` +
        `<h1>${escapeHtml(messages.lti.pageTitle)}</h1><p role="alert">${escapeHtml(error.message)}</p>` +
        `<p><a href="/">${escapeHtml(messages.web.toHome)}</a></p></html>`,
    );
}

const cookiesOf = (request: FastifyRequest) =>
  Object.fromEntries(
    (request.headers.cookie ?? '')
      .split(';')
      .map((part) => part.trim().split('='))
      .filter((pair) => pair.length >= 2)
      .map(([key, ...value]) => [key!, value.join('=')]),
  );

export const ltiRoutes =
  (
    service: LtiService,
    roster: LtiRoster,
    grades: LtiGrades,
    options: { toolKey: ToolKey; secureCookies: boolean },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    // the LMS posts its login and launch as an HTML form; only these routes read form bodies
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    // the platform's form post is cross-site: the state cookie must travel with it (SameSite=None needs https)
    const stateAttributes = `Path=/lti/; HttpOnly; ${options.secureCookies ? 'SameSite=None; Secure' : 'SameSite=Lax'}`;

    app.get('/lti/jwks', { schema: { hide: true } }, async () => ({ keys: [options.toolKey.publicJwk] }));

    const login = async (request: FastifyRequest, reply: FastifyReply) => {
      const params = { ...(request.query as object), ...((request.body as object | undefined) ?? {}) };
      try {
        const { redirect, state } = await service.login(params as Record<string, unknown>);
        return reply
          .header('set-cookie', `${stateCookiePrefix}${state}=1; ${stateAttributes}; Max-Age=600`)
          .redirect(redirect, 302);
      } catch (error) {
        return refusalPage(reply, error);
      }
    };
    app.get('/lti/login', { schema: { hide: true } }, login);
    app.post('/lti/login', { schema: { hide: true } }, login);

    app.post('/lti/launch', { schema: { hide: true } }, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const state = typeof body.state === 'string' ? body.state : '';
      try {
        const launched = await service.launch({
          idToken: typeof body.id_token === 'string' ? body.id_token : '',
          stateMatches: state !== '' && cookiesOf(request)[`${stateCookiePrefix}${state}`] === '1',
        });
        const { name, attributes, maxAge, secret } = launched.cookie;
        const session = [
          `${name}=${signedCookieValue(launched.sessionToken, secret)}`,
          `Path=${attributes.path ?? '/'}`,
          `Max-Age=${maxAge}`,
          'HttpOnly',
          // Moodle may open the tool in an iframe; the session cookie is then third-party (README: new window)
          options.secureCookies ? 'SameSite=None; Secure' : 'SameSite=Lax',
        ].join('; ');
        return (
          reply
            .header('set-cookie', [session, `${stateCookiePrefix}${state}=; ${stateAttributes}; Max-Age=0`])
            // a teacher to the LMS course's Korrigo course, a pupil to her start page
            .redirect(launched.landing, 303)
        );
      } catch (error) {
        return refusalPage(reply, error);
      }
    });

    app.post(
      '/api/lti/registrations',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['lti'],
          body: ltiRegistrationRequestSchema,
          response: {
            201: ltiRegistrationSchema,
            400: apiErrorSchema,
            403: apiErrorSchema,
            409: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const row = await service.createRegistration(signedInUser(request).userId, request.body);
        return reply.status(201).send(row);
      },
    );
    app.get(
      '/api/lti/registrations',
      {
        preHandler: app.authenticate,
        schema: { tags: ['lti'], response: { 200: z.array(ltiRegistrationSchema) } },
      },
      async (request) => service.registrationsOf(signedInUser(request).userId),
    );
    app.post(
      '/api/lti/courses/:courseId/roster-sync',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['lti'],
          params: z.object({ courseId: z.uuid() }),
          response: {
            200: ltiRosterSyncResultSchema,
            404: apiErrorSchema,
            409: apiErrorSchema,
            502: apiErrorSchema,
          },
        },
      },
      async (request) => roster.syncRoster(signedInUser(request).userId, request.params.courseId),
    );
    // grades back (AGS): how far a release reached the LMS gradebook, and „Erneut senden“ for what failed;
    // the class set's or analysis's owner (or the teacher who released) only, anyone else 404
    app.get(
      '/api/lti/deliveries',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['lti'],
          querystring: ltiDeliveriesQuerySchema,
          response: { 200: ltiDeliveriesSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request) => grades.list(signedInUser(request).userId, request.query),
    );
    app.post(
      '/api/lti/deliveries/retry',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['lti'],
          body: ltiDeliveriesQuerySchema,
          response: { 200: ltiDeliveriesSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request) => grades.retry(signedInUser(request).userId, request.body),
    );
  };
