import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Auth } from './auth';
import { unauthenticated } from './errors';
import type { SessionCache } from './session-cache';

export type SignedIn = { userId: string; sessionId: string; email: string; name: string };

// Declaration merging is the one reason for `interface` here: Fastify's request and instance types are extended.
declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    signedIn: SignedIn | null;
  }
}

/**
 * `preHandler: app.authenticate` on a route puts the signed-in user on `request.signedIn` or answers 401.
 * Sessions come from the HttpOnly cookie or, for API clients, `Authorization: Bearer <token>`. better-auth's
 * answer is remembered for a few seconds (session-cache.ts says how long and what forgets it).
 */
export function registerSession(app: FastifyInstance, auth: Auth, cache: SessionCache<SignedIn>) {
  /** The signed-in user of the request's credentials, or null; never throws for missing ones. */
  const resolve = async (request: FastifyRequest): Promise<SignedIn | null> => {
    const { cookie, authorization } = request.headers;
    return cache.resolve({ cookie, authorization }, async () => {
      const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      if (!result) return null;
      return {
        // shared by the requests that hit the cache: nobody may change it
        value: Object.freeze({
          userId: result.user.id,
          sessionId: result.session.id,
          email: result.user.email,
          name: result.user.name,
        }),
        expiresAt: result.session.expiresAt,
      };
    });
  };
  app.decorateRequest('signedIn', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const signedIn = await resolve(request);
    if (!signedIn) throw unauthenticated();
    request.signedIn = signedIn;
  });
  return resolve;
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

/** For handlers behind `app.authenticate`: the user is there, or the hook had already answered 401. */
export function signedInUser(request: FastifyRequest): SignedIn {
  if (!request.signedIn) throw unauthenticated();
  return request.signedIn;
}
