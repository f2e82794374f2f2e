import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  apiErrorSchema,
  ltiDeepLinkingMessages,
  ltiDeepLinkingRequestSchema,
  ltiDeepLinkingSelectionSchema,
  ltiDeliveriesQuerySchema,
  ltiDeliveriesSchema,
  ltiRegistrationRequestSchema,
  ltiRegistrationSchema,
  ltiRosterSyncResultSchema,
  messages,
} from '@korrigo/domain';
import { AppError } from '../../platform/errors';
import { signedInUser } from '../../platform/session';
import type { LtiDeepLinking } from './lti.deep-linking';
import type { LtiDynamicRegistration } from './lti.registration';
import type { LtiGrades } from './lti.grades';
import type { LtiRoster } from './lti.roster';
import { signedCookieValue, stateCookiePrefix, type LtiService, type ToolKey } from './lti.service';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The pages' head: the SPA's stylesheet is not loaded here, a few calm rules in the app's colours and type. */
const pageHead = (title: string) =>
  `<!doctype html><html lang="de"><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${escapeHtml(title)} – Korrigo</title>` +
  `<style>body{font-family:system-ui,sans-serif;color:#0f172a;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}` +
  `h1{font-size:1.5rem}a{color:#0f5f66}button{font:inherit;padding:.5rem 1rem}</style>`;

/** A refused launch is seen in the LMS's window: a German page, never JSON. */
function refusalPage(reply: FastifyReply, error: unknown, title: string = messages.lti.pageTitle) {
  if (!(error instanceof AppError)) throw error;
  return reply
    .status(error.status)
    .type('text/html; charset=utf-8')
    .send(
      pageHead(title) +
        `<h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(error.message)}</p>` +
        `<p><a href="/">${escapeHtml(messages.web.toHome)}</a></p></html>`,
    );
}

/**
 * A page with one inline script, allowed by its hash instead of the app's `script-src 'self'`; `formAction`
 * and `frameAncestors` are the page's own (the deep linking answer posts to the LMS; the registration page
 * runs in the LMS's frame).
 */
function pageWithScript(
  reply: FastifyReply,
  body: string,
  script: string,
  policy: { formAction: string; frameAncestors: string },
) {
  const hash = crypto.createHash('sha256').update(script).digest('base64');
  // helmet set the app's policy on the raw response; this page's replaces it
  reply.raw.removeHeader('content-security-policy');
  reply.raw.removeHeader('x-frame-options');
  return reply
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${hash}'; ` +
        `form-action ${policy.formAction}; frame-ancestors ${policy.frameAncestors}; base-uri 'none'`,
    )
    .type('text/html; charset=utf-8')
    .send(`${body}<script>${script}</script></html>`);
}

const originOrNone = (candidate: string | undefined) =>
  candidate && URL.canParse(candidate) ? new URL(candidate).origin : "'none'";

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
    options: {
      toolKey: ToolKey;
      secureCookies: boolean;
      deepLinking: LtiDeepLinking;
      registration: LtiDynamicRegistration;
      publicUrl: string;
    },
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

    // ---- Deep Linking 2.0 (ADR 0031, "Deep linking") ----
    app.get(
      '/api/lti/deep-linking',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['lti'],
          querystring: z.object({ t: z.string().min(1).max(8000) }),
          response: { 200: ltiDeepLinkingSelectionSchema, 404: apiErrorSchema },
        },
      },
      async (request) => options.deepLinking.selection(signedInUser(request).userId, request.query.t),
    );
    /**
     * Her choice on /lti/auswahl, posted as a plain form (the app's CSP allows forms to ourselves only): the
     * answer is the page that posts the signed LtiDeepLinkingResponse to the LMS's return URL as field `JWT`.
     */
    app.post('/lti/deep-linking', { schema: { hide: true } }, async (request, reply) => {
      try {
        // /lti/ is spared the app's origin check (the LMS posts there); this form is ours alone
        const origin = request.headers.origin;
        if (origin && origin !== new URL(options.publicUrl).origin)
          throw new AppError('forbidden', messages.http.foreignOrigin);
        await app.authenticate(request);
        const parsed = ltiDeepLinkingRequestSchema.safeParse(request.body ?? {});
        if (!parsed.success) throw new AppError('bad_request', messages.lti.deepLinkingExpired);
        const { returnUrl, jwt } = await options.deepLinking.respond(
          signedInUser(request).userId,
          parsed.data,
        );
        return pageWithScript(
          reply,
          pageHead(ltiDeepLinkingMessages.title) +
            `<form id="f" method="post" action="${escapeHtml(returnUrl)}">` +
            `<input type="hidden" name="JWT" value="${escapeHtml(jwt)}">` +
            `<p>${escapeHtml(ltiDeepLinkingMessages.sending)}</p>` +
            `<noscript><button type="submit">${escapeHtml(ltiDeepLinkingMessages.place)}</button></noscript></form>`,
          "document.getElementById('f').submit()",
          // shown where /lti/auswahl was, in the LMS's frame
          { formAction: originOrNone(returnUrl), frameAncestors: '*' },
        );
      } catch (error) {
        return refusalPage(reply, error, ltiDeepLinkingMessages.title);
      }
    });

    // ---- Dynamic Registration 1.0 (ADR 0031, "Dynamic registration") ----
    app.get('/lti/register', { schema: { hide: true } }, async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      // the page runs in the LMS's frame (Moodle) or its window: it may be framed by the platform only
      const frameAncestors = originOrNone(query.openid_configuration);
      try {
        const { name } = await options.registration.register(query);
        return pageWithScript(
          reply,
          pageHead(messages.lti.registrationPageTitle) +
            `<h1>${escapeHtml(messages.lti.registrationPageTitle)}</h1>` +
            `<p role="status">${escapeHtml(messages.lti.registrationDone(name))}</p>`,
          // LTI-DR §3.6: the platform closes its registration window on this message
          "(window.opener || window.parent).postMessage({ subject: 'org.imsglobal.lti.close' }, '*')",
          { formAction: "'none'", frameAncestors },
        );
      } catch (error) {
        return refusalPage(reply, error, messages.lti.registrationPageTitle);
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
