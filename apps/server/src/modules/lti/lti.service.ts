import crypto from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { createRemoteJWKSet, decodeJwt, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { messages } from '@korrigo/domain';
import {
  ltiContexts,
  ltiDeployments,
  ltiNonces,
  ltiRegistrations,
  ltiUserLinks,
  profiles,
} from '../../db/schema';
import type { Database } from '../../platform/db';
import type { Auth } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { pseudonymousAddress } from '../../platform/school-sign-in';
import { secretKeptInDataDir } from '../../platform/secret';
import type { LtiDeepLinking } from './lti.deep-linking';
import { deepLinkingClaim } from './lti.deep-linking';
import type { LtiRoster } from './lti.roster';

/** LTI 1.3 claims (IMS LTI 1.3 Core §5) */
const claim = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  agsEndpoint: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
} as const;

const messageTypes = new Set(['LtiResourceLinkRequest', 'LtiDeepLinkingRequest']);
const nonceLifetimeMs = 10 * 60_000;
export const stateCookiePrefix = 'lti_state_';

const refuse = (code: 'bad_request' | 'unauthenticated' | 'forbidden', message: string) =>
  new AppError(code, message);

/**
 * The tool's signing key (ADR 0031): LTI_PRIVATE_KEY (PKCS#8 PEM) when given, otherwise one generated on first
 * start and kept in DATA_DIR like the auth secret. Its public half is /lti/jwks.
 */
export function resolveToolKey(configured: string | undefined, dataDir: string) {
  const pem = secretKeptInDataDir(configured, dataDir, 'lti-private-key.pem', () =>
    crypto
      .generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
  );
  const privateKey = crypto.createPrivateKey(pem);
  const { kty, n, e } = crypto.createPublicKey(privateKey).export({ format: 'jwk' });
  const kid = crypto.createHash('sha256').update(`${n}.${e}`).digest('base64url').slice(0, 16);
  return { privateKey, kid, publicJwk: { kty, n, e, kid, alg: 'RS256', use: 'sig' } };
}
export type ToolKey = ReturnType<typeof resolveToolKey>;

const url = (candidate: unknown) =>
  typeof candidate === 'string' && /^https?:\/\//.test(candidate) ? candidate : null;

/** The NRPS 2.0 claim (LTI NRPS §3.6.1): the context's membership URL, when the platform offers version 2.0. */
function nrpsOf(value: unknown): { nrpsMembershipsUrl: string | null } {
  const service = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const versions = Array.isArray(service.service_versions) ? service.service_versions : ['2.0'];
  return { nrpsMembershipsUrl: versions.includes('2.0') ? url(service.context_memberships_url) : null };
}

/** The AGS 2.0 endpoint claim (LTI AGS §3.1); only https-or-http URLs and string scopes are kept. */
function agsOf(value: unknown): {
  agsLineitems: string | null;
  agsLineitem: string | null;
  agsScopes: string[];
} {
  const endpoint = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const scopes = Array.isArray(endpoint.scope)
    ? endpoint.scope.filter((scope) => typeof scope === 'string')
    : [];
  return { agsLineitems: url(endpoint.lineitems), agsLineitem: url(endpoint.lineitem), agsScopes: scopes };
}

/** Instructor, Administrator and ContentDeveloper (context or institution, full or short) teach; Learners learn. */
export function roleOf(roles: unknown): 'teacher' | 'student' | null {
  const list = Array.isArray(roles) ? roles.filter((role) => typeof role === 'string') : [];
  const names = list.map((role) => role.split('#').pop()!.split('/').pop()!);
  if (names.some((name) => ['Instructor', 'Administrator', 'ContentDeveloper'].includes(name)))
    return 'teacher';
  if (names.includes('Learner')) return 'student';
  return null;
}

/** A person's name from a launch's claims or an NRPS member (the same claim names); a nameless one is named so. */
export function personName(claims: Record<string, unknown>) {
  const text = (key: string) => (typeof claims[key] === 'string' ? (claims[key] as string).trim() : '');
  const name =
    text('name') || `${text('given_name')} ${text('family_name')}`.trim() || messages.lti.unnamedPerson;
  return name.slice(0, 200);
}

export function createLtiService(options: {
  db: Database;
  auth: Auth;
  publicUrl: () => string;
  roster: LtiRoster;
  deepLinking: LtiDeepLinking;
  now?: () => Date;
}) {
  const { db, auth } = options;
  const now = options.now ?? (() => new Date());
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  const keySetOf = (url: string) => {
    let set = keySets.get(url);
    if (!set) keySets.set(url, (set = createRemoteJWKSet(new URL(url))));
    return set;
  };

  async function registrationFor(issuer: string, clientId: string | undefined) {
    const rows = await db
      .select()
      .from(ltiRegistrations)
      .where(
        clientId
          ? and(eq(ltiRegistrations.issuer, issuer), eq(ltiRegistrations.clientId, clientId))
          : eq(ltiRegistrations.issuer, issuer),
      );
    // without a client id the issuer must name one registration; guessing between two schools is refused
    if (rows.length !== 1) throw refuse('bad_request', messages.lti.unknownPlatform);
    return rows[0]!;
  }

  /** The Korrigo account of (registration, sub): linked by the subject only, never by the LMS's e-mail. */
  async function accountOf(registrationId: string, payload: JWTPayload, role: 'teacher' | 'student') {
    const subject = String(payload.sub ?? '');
    if (!subject) throw refuse('bad_request', messages.lti.badToken);
    const [link] = await db
      .select()
      .from(ltiUserLinks)
      .where(and(eq(ltiUserLinks.registrationId, registrationId), eq(ltiUserLinks.subject, subject)));
    if (link) return link.userId;
    const context = await auth.$context;
    const created = await context.internalAdapter.createUser(
      {
        name: personName(payload),
        email: pseudonymousAddress('lti', `${registrationId}:${subject}`),
        emailVerified: false,
        schoolRole: role,
        schoolName: '',
      },
      { method: 'admin' },
    );
    await db.insert(ltiUserLinks).values({ registrationId, subject, userId: created.id });
    return created.id;
  }

  return {
    /** Third-party initiated login (LTI 1.3 Core §5.1.1): where to send the browser, and the state to bind. */
    async login(params: Record<string, unknown>) {
      const text = (key: string) => (typeof params[key] === 'string' ? (params[key] as string) : '');
      if (!text('iss') || !text('login_hint') || !text('target_link_uri'))
        throw refuse('bad_request', messages.lti.badLogin);
      const registration = await registrationFor(text('iss'), text('client_id') || undefined);
      const state = crypto.randomBytes(24).toString('base64url');
      const nonce = crypto.randomBytes(24).toString('base64url');
      await db.insert(ltiNonces).values({
        nonce,
        registrationId: registration.id,
        expiresAt: new Date(now().getTime() + nonceLifetimeMs),
      });
      const url = new URL(registration.authUrl);
      const query: Record<string, string> = {
        scope: 'openid',
        response_type: 'id_token',
        response_mode: 'form_post',
        prompt: 'none',
        client_id: registration.clientId,
        redirect_uri: `${options.publicUrl()}/lti/launch`,
        login_hint: text('login_hint'),
        state,
        nonce,
        ...(text('lti_message_hint') ? { lti_message_hint: text('lti_message_hint') } : {}),
      };
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      return { redirect: url.toString(), state };
    },

    /**
     * The launch (LTI 1.3 Core §5.1.3, IMS Security Framework §5.1.3): the id_token verified in full, the nonce
     * consumed, the user found or made, a session created. Returns the session's token and where to go.
     */
    async launch(input: { idToken: string; stateMatches: boolean }) {
      if (!input.stateMatches) throw refuse('bad_request', messages.lti.stateMismatch);
      let unverified: JWTPayload;
      try {
        unverified = decodeJwt(input.idToken);
      } catch {
        throw refuse('bad_request', messages.lti.badToken);
      }
      const audiences = Array.isArray(unverified.aud) ? unverified.aud : [unverified.aud];
      const clientId = audiences.length > 1 ? unverified.azp : audiences[0];
      if (typeof unverified.iss !== 'string' || typeof clientId !== 'string')
        throw refuse('bad_request', messages.lti.badToken);
      const registration = await registrationFor(unverified.iss, clientId);
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(input.idToken, keySetOf(registration.jwksUrl), {
          issuer: registration.issuer,
          audience: registration.clientId,
          algorithms: ['RS256', 'RS384', 'RS512'],
          clockTolerance: 60,
          requiredClaims: ['exp', 'iat', 'nonce', 'sub'],
          currentDate: now(),
        }));
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw refuse('unauthenticated', messages.lti.expired);
        throw refuse('unauthenticated', messages.lti.badToken);
      }
      if (audiences.length > 1 && payload.azp !== registration.clientId)
        throw refuse('unauthenticated', messages.lti.badToken);
      const consumed = await db
        .delete(ltiNonces)
        .where(
          and(
            eq(ltiNonces.nonce, String(payload.nonce)),
            eq(ltiNonces.registrationId, registration.id),
            gt(ltiNonces.expiresAt, now()),
          ),
        )
        .returning();
      if (consumed.length === 0) throw refuse('unauthenticated', messages.lti.replayed);
      const deploymentId = String(payload[claim.deploymentId] ?? '');
      const [deployment] = await db
        .select()
        .from(ltiDeployments)
        .where(
          and(
            eq(ltiDeployments.registrationId, registration.id),
            eq(ltiDeployments.deploymentId, deploymentId),
          ),
        );
      if (!deployment) throw refuse('forbidden', messages.lti.unknownDeployment);
      if (payload[claim.version] !== '1.3.0') throw refuse('bad_request', messages.lti.badToken);
      const messageType = String(payload[claim.messageType] ?? '');
      if (!messageTypes.has(messageType)) throw refuse('bad_request', messages.lti.unsupportedMessage);
      const role = roleOf(payload[claim.roles]);
      if (!role) throw refuse('forbidden', messages.lti.unknownRole);
      // placing content into the course is the instructor's (LTI-DL §4.4): a learner's request makes no account
      const deepLinking = messageType === 'LtiDeepLinkingRequest';
      if (deepLinking && role !== 'teacher') throw refuse('forbidden', messages.lti.deepLinkingTeachersOnly);

      const userId = await accountOf(registration.id, payload, role);
      const session = async (landing: string) => {
        const authContext = await auth.$context;
        const created = await authContext.internalAdapter.createSession(userId);
        return {
          userId,
          role,
          messageType,
          registrationId: registration.id,
          landing,
          sessionToken: created.token,
          cookie: {
            name: authContext.authCookies.sessionToken.name,
            attributes: authContext.authCookies.sessionToken.attributes,
            maxAge: authContext.sessionConfig.expiresIn,
            secret: authContext.secret,
          },
        };
      };
      if (deepLinking) {
        // the selection page, with the request's settings signed into its address and bound to her; the
        // context is not touched (a deep linking request may lack the service claims a launch records)
        const token = await options.deepLinking.selectionToken({
          userId,
          registrationId: registration.id,
          deploymentId,
          settings: payload[deepLinkingClaim.settings],
        });
        return session(`/lti/auswahl?t=${encodeURIComponent(token)}`);
      }
      const contextClaim = payload[claim.context] as { id?: unknown; title?: unknown } | undefined;
      let context: typeof ltiContexts.$inferSelect | undefined;
      if (contextClaim && typeof contextClaim.id === 'string') {
        // the LMS may rename the course and add or move its services later: the latest launch wins (the
        // Korrigo course keeps its name, the teacher's to change)
        const latest = {
          title: typeof contextClaim.title === 'string' ? contextClaim.title.slice(0, 200) : '',
          ...agsOf(payload[claim.agsEndpoint]),
          ...nrpsOf(payload[claim.nrps]),
        };
        [context] = await db
          .insert(ltiContexts)
          .values({ registrationId: registration.id, deploymentId, contextId: contextClaim.id, ...latest })
          .onConflictDoUpdate({
            target: [ltiContexts.registrationId, ltiContexts.deploymentId, ltiContexts.contextId],
            set: latest,
          })
          .returning();
      }
      const landing = await options.roster.afterLaunch({
        context,
        userId,
        subject: String(payload.sub),
        role,
        platformName: registration.name,
      });
      // a link placed by deep linking names its test or class set; a pupil goes to her start page as always
      const target =
        role === 'teacher'
          ? await options.deepLinking.landingOf(userId, payload[deepLinkingClaim.custom])
          : null;
      return session(target ?? landing);
    },

    /** A teacher's registration of a platform: the manual form and the dynamic registration both make it here. */
    async createRegistration(
      ownerId: string,
      values: {
        name: string;
        issuer: string;
        clientId: string;
        authUrl: string;
        tokenUrl: string;
        jwksUrl: string;
        deploymentIds: string[];
      },
    ) {
      const [profile] = await db.select().from(profiles).where(eq(profiles.userId, ownerId));
      if (profile?.accountType !== 'teacher') throw new AppError('forbidden', messages.lti.teachersOnly);
      const [row] = await db
        .insert(ltiRegistrations)
        .values({ ownerId, ...values })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError('conflict', messages.lti.duplicateRegistration);
      if (values.deploymentIds.length)
        await db
          .insert(ltiDeployments)
          .values(values.deploymentIds.map((deploymentId) => ({ registrationId: row.id, deploymentId })));
      return row;
    },
    async registrationsOf(ownerId: string) {
      return db.select().from(ltiRegistrations).where(eq(ltiRegistrations.ownerId, ownerId));
    },
  };
}
export type LtiService = ReturnType<typeof createLtiService>;

/** better-auth's signed cookie value (better-call's signCookieValue: `token.base64(HMAC-SHA256)`) */
export function signedCookieValue(value: string, secret: string) {
  const signature = crypto.createHmac('sha256', secret).update(value).digest('base64');
  return encodeURIComponent(`${value}.${signature}`);
}
