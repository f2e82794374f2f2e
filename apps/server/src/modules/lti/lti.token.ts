import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { messages } from '@korrigo/domain';
import { AppError } from '../../platform/errors';
import type { ToolKey } from './lti.service';

/** How long before its end a cached token is no longer handed out: a call started with it still arrives in time. */
const expiryMarginSeconds = 60;
const assertionLifetimeSeconds = 5 * 60;
const requestTimeoutMs = 10_000;

/** A service call of the platform (token, NRPS, later AGS) that did not work: the teacher reads the message. */
export const platformFailed = (message: string = messages.lti.platformFailed) =>
  new AppError('lms_unavailable', message);

/**
 * The OAuth 2.0 client of the LTI services (IMS Security Framework §4.1, RFC 7523): `client_credentials` with a
 * JWT bearer assertion signed by the tool key (`iss` = `sub` = our client id, `aud` = the platform's token URL,
 * a fresh `jti`, five minutes), for whatever scopes the caller needs (NRPS now, AGS later). A token is kept
 * per registration and scope set until shortly before it ends.
 */
export function createLtiTokenClient(options: { toolKey: ToolKey; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  const cache = new Map<string, { accessToken: string; usableUntil: number }>();

  async function assertion(clientId: string, tokenUrl: string) {
    const issuedAt = Math.floor(now().getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: options.toolKey.kid, typ: 'JWT' })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(tokenUrl)
      .setJti(crypto.randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + assertionLifetimeSeconds)
      .sign(options.toolKey.privateKey);
  }

  return {
    /** A bearer token of the platform for `scopes`; refused or unreachable answers the German 502. */
    async accessToken(registration: { clientId: string; tokenUrl: string }, scopes: string[]) {
      const scope = [...new Set(scopes)].sort().join(' ');
      const key = `${registration.tokenUrl}\n${registration.clientId}\n${scope}`;
      const cached = cache.get(key);
      if (cached && cached.usableUntil > now().getTime()) return cached.accessToken;

      let response: Response;
      try {
        response = await fetch(registration.tokenUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
            client_assertion: await assertion(registration.clientId, registration.tokenUrl),
            scope,
          }),
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
      } catch {
        throw platformFailed(messages.lti.platformUnreachable);
      }
      if (!response.ok) throw platformFailed(messages.lti.tokenRefused);
      const body = (await response.json().catch(() => null)) as {
        access_token?: unknown;
        expires_in?: unknown;
      } | null;
      if (typeof body?.access_token !== 'string' || !body.access_token) throw platformFailed();
      // without a lifetime the token is used for this call only
      if (typeof body.expires_in === 'number' && body.expires_in > expiryMarginSeconds)
        cache.set(key, {
          accessToken: body.access_token,
          usableUntil: now().getTime() + (body.expires_in - expiryMarginSeconds) * 1000,
        });
      return body.access_token;
    },
  };
}
export type LtiTokenClient = ReturnType<typeof createLtiTokenClient>;
