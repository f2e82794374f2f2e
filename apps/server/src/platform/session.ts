import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Auth } from './auth';
import { unauthenticated } from './errors';

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
 * Sessions come from the HttpOnly cookie or, for API clients, `Authorization: Bearer <token>`.
 */
export function registerSession(app: FastifyInstance, auth: Auth) {
  app.decorateRequest('signedIn', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!result) throw unauthenticated();
    request.signedIn = {
      userId: result.user.id,
      sessionId: result.session.id,
      email: result.user.email,
      name: result.user.name,
    };
  });
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
