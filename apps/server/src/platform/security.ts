import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { messages } from '@korrigo/domain';
import { originOf, requestOrigin } from './origins';

/**
 * Security headers with a strict CSP: scripts only from us; nothing from third parties. helmet's middleware is
 * built once and runs on every request (the @fastify/helmet plugin built it anew for every request, ~5 % of
 * the CPU of a signed-in API call).
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string) {
  const setHeaders = helmetFor(publicUrl, ["'none'"]);
  // the deep linking selection runs where the LMS shows it, Moodle in its dialog's frame (ADR 0031): any site
  // may frame it; its buttons act only with the selection token her own LMS launch signed
  // Its „Einfügen“ is a plain form post to /lti/deep-linking, which refuses a foreign Origin. Under helmet's
  // `Referrer-Policy: no-referrer` a browser sends such a post with `Origin: null` (Fetch: a no-cors request's
  // origin is serialized as null under no-referrer), so that every placing was refused; `same-origin` sends
  // our own origin to us and still nothing to other sites.
  const setFramedHeaders = helmetFor(publicUrl, ['*'], 'same-origin');
  app.addHook('onRequest', (request, reply, done) => {
    const set = request.url.startsWith('/lti/auswahl') ? setFramedHeaders : setHeaders;
    set(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}

function helmetFor(
  publicUrl: string,
  frameAncestors: string[],
  referrerPolicy: 'no-referrer' | 'same-origin' = 'no-referrer',
) {
  return helmet({
    referrerPolicy: { policy: referrerPolicy },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Toasts and Radix position themselves with inline style elements; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: only so that a teacher sees an image resource she added by its address (test creator);
        // our own pages load no third-party images, and such images go out without a referrer.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'"],
        // blob: for previews of files the user picked (they never leave the browser that way)
        connectSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors,
        formAction: ["'self'"],
        upgradeInsecureRequests: publicUrl.startsWith('https://') ? [] : null,
      },
    },
    strictTransportSecurity: publicUrl.startsWith('https://'),
    crossOriginEmbedderPolicy: false,
    // frame-ancestors says who may frame; the old header could only say "nobody else"
    xFrameOptions: frameAncestors.includes('*') ? false : { action: 'sameorigin' },
  });
}

/**
 * State-changing requests from a foreign Origin are refused (CSRF defence on top of SameSite cookies).
 * Allowed: PUBLIC_URL's origin when it is set, else the request's own (scheme and Host: platform/origins.ts),
 * and the TRUSTED_ORIGINS list either way. Requests without an Origin header (API clients with a Bearer token,
 * curl) are not browsers' cross-site requests and pass.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  options: { publicUrl: string | undefined; trustedOrigins: string[] },
) {
  const trusted = new Set([
    ...(options.publicUrl ? [originOf(options.publicUrl)] : []),
    ...options.trustedOrigins.map(originOf),
  ]);
  app.addHook('onRequest', async (request, reply) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    // an LMS posts the LTI login and launch from its own site by design; the state cookie and the signed
    // id_token protect them (ADR 0031)
    if (request.url.startsWith('/lti/')) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const normalised = originOf(origin);
    if (normalised && trusted.has(normalised)) return;
    if (!options.publicUrl && normalised && normalised === requestOrigin(request)) return;
    return reply
      .status(403)
      .send({ error: { code: 'foreign_origin', message: messages.http.foreignOrigin } });
  });
}
