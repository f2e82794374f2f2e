import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@korrigo/domain';
import type { Auth } from './auth';
import { linkBaseUrl, requestOrigin, type LinkBase } from './origins';

/** better-auth's successful answers whose `message` is English, by path: the reset flow reads German too. */
const successMessages: Record<string, string> = {
  '/api/auth/request-password-reset': messages.passwordReset.requested,
  '/api/auth/reset-password': messages.passwordReset.done,
  '/api/auth/send-verification-email': messages.profile.verificationSent,
};

/** better-auth answers errors as { code, message } in English; users read German (the shape stays its own). */
async function translateError(response: Response, path: string): Promise<string> {
  const text = await response.text();
  const success = response.status < 400 ? successMessages[path] : undefined;
  if ((response.status < 400 && !success) || !text) return text;
  try {
    const body = JSON.parse(text) as { code?: string; message?: string };
    if (success) return JSON.stringify({ ...body, message: success });
    const table = messages.authErrors as Record<string, string>;
    return JSON.stringify({ ...body, message: table[body.code ?? ''] ?? messages.authErrors.fallback });
  } catch {
    return text;
  }
}

/**
 * Mounts better-auth under /api/auth/* by turning the Fastify request into a Fetch Request. The rate limits
 * of its routes are in rate-limits.ts; the session cache forgets what better-auth changes through its database
 * hooks (auth.ts), so nothing here needs to clear it.
 */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth, links: LinkBase) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // Without PUBLIC_URL better-auth sees the address the browser used in the URL (its origin check, auth.ts)
    const url = new URL(request.url, links.publicUrl ?? requestOrigin(request) ?? 'http://localhost');
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      headers.set(key, Array.isArray(value) ? value.join(', ') : String(value));
    }
    // ... and builds its links from the Host (auth.ts: baseURL): the host of our links' base, so that its
    // mails and ours point to the same place (origins.ts)
    if (!links.publicUrl) headers.set('host', new URL(linkBaseUrl(request, links)).host);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
    const response = await auth.handler(
      new Request(url, {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(request.body) : undefined,
      }),
    );
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
    });
    for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
    return reply.send(await translateError(response, url.pathname));
  };

  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', schema: { hide: true }, handler });
}
