import http from 'node:http';
import crypto from 'node:crypto';
import { pathToFileURL } from 'node:url';
import {
  SignJWT,
  createRemoteJWKSet,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  type CryptoKey,
  type JWK,
} from 'jose';

/**
 * A stand-in LTI 1.3 platform (issue 35 §2): signs its id_tokens with a real RSA key, serves its JWKS, and
 * answers the OIDC authentication request as Moodle does (an auto-submitting form with the id_token posted to
 * the tool's redirect URI). Tests drive it in process; e2e starts it as its own process (`main` below).
 * Its token endpoint grants service tokens as Moodle's `mod/lti/token.php` does: `client_credentials` with a JWT
 * bearer assertion verified against the tool's public keyset URL. Its NRPS 2.0 membership service answers a
 * course's members page by page with `Link: <…>; rel="next"`, to a bearer token with the membership scope.
 * Deep linking: the course page's „Korrigo-Inhalt hinzufügen als …“ starts an LtiDeepLinkingRequest, and
 * /deep-link-return verifies the tool's signed answer and places the link in the course (with a line item in
 * the gradebook, as Moodle does) and then shows the course page; a placed link launches with its resource link
 * id and its `custom` claim.
 * Dynamic registration: /.well-known/openid-configuration and /register, as Moodle 4.x answers them.
 * Its AGS 2.0 service keeps line items and scores (checked as Moodle's gradebook services check them) and can
 * fail on demand (`failAgs`); the course page shows the gradebook. As a process it also answers /_test/health
 * and /_test/registration (the values for Korrigo's registration form) for the Playwright walk.
 */
export type PlatformUser = {
  sub: string;
  name: string;
  roles: string[];
  email?: string;
};
/** an LMS course; `members` are the subs enrolled in it (default: every user of the platform) */
export type PlatformCourse = { id: string; title: string; members?: string[] };

/** A link the tool placed by deep linking (LTI-DL §4.5): an ltiResourceLink content item, in its course. */
export type PlacedLink = {
  id: string;
  courseId: string;
  title: string;
  url: string;
  custom: Record<string, string>;
  lineItem: { scoreMaximum: number; label: string; resourceId: string; tag: string } | null;
  /** the line item the platform created for it (its id in the AGS line items), when it carries one */
  lineItemId: string | null;
};
/** A line item created for a placed link, as Moodle creates one for its grade book. */
export type PlacedLineItem = {
  id: string;
  courseId: string;
  resourceLinkId: string;
  label: string;
  scoreMaximum: number;
  resourceId: string;
  tag: string;
};

export const role = {
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  institutionStudent: 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Student',
};

export async function startLtiPlatform(options: {
  /** the tool's base URL (its /lti/login and /lti/launch) */
  toolUrl: string;
  clientId?: string;
  deploymentId?: string;
  port?: number;
  /**
   * the host in the platform's URLs; e2e gives `localhost` so that the platform and the tool are one site for the
   * browser (the state cookie is SameSite=Lax over http) and the platform then listens on every interface
   */
  publicHost?: string;
  courses?: PlatformCourse[];
  users?: PlatformUser[];
  /** the tool's public keyset URL as entered in the LMS (default: the tool's /lti/jwks) */
  toolJwksUrl?: string;
  /** the platform's clock for its service tokens (tests move it with the tool's) */
  now?: () => Date;
  /** members per NRPS page (Moodle pages by the tool's `limit`; a small page tests the paging) */
  nrpsPageSize?: number;
}) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = crypto.randomBytes(8).toString('hex');
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const clientId = options.clientId ?? `client-${crypto.randomBytes(4).toString('hex')}`;
  const deploymentId = options.deploymentId ?? '1';
  const courses = options.courses ?? [{ id: 'course-1', title: 'Mathematik 7b' }];
  const users = new Map((options.users ?? []).map((user) => [user.sub, user]));
  /** login hints handed out by the course page: which user launches which course */
  const hints = new Map<string, { sub: string; courseId: string }>();
  let issuer = '';
  // ---- deep linking and dynamic registration (ADR 0031): state ----
  /** what an lti_message_hint stands for: a deep linking request of a course, or a launch of a placed link */
  const messageHints = new Map<
    string,
    { kind: 'deep-linking'; courseId: string; data: string } | { kind: 'placed'; linkId: string }
  >();
  /** the deep linking requests handed out, by their `data`: the course the answer places its link into */
  const deepLinkRequests = new Map<string, { courseId: string }>();
  /** the links placed by the tool's deep linking answers, in their course */
  const placed: PlacedLink[] = [];
  /** the line items Moodle creates for placed links that carry one (createLineItemForPlacedLink) */
  const deepLinkLineItems: Array<PlacedLineItem> = [];
  /** the registration token of the open dynamic registration (one at a time, used once) */
  let registrationToken: string | null = null;
  /** what the tool registered itself with (POST /register), for the tests to read */
  let registeredTool: Record<string, unknown> | null = null;
  /** an issuer the openid configuration names instead of the platform's own (a platform that lies) */
  let reportedIssuer: string | null = null;
  // ---- end of deep linking and dynamic registration state ----
  const now = options.now ?? (() => new Date());
  const toolKeys = createRemoteJWKSet(new URL(options.toolJwksUrl ?? `${options.toolUrl}/lti/jwks`));
  /** the service tokens handed out, with their scopes; the assertions' ids, each accepted once */
  const tokens = new Map<string, { scopes: string[]; expiresAt: number }>();
  const usedAssertions = new Set<string>();
  const tokenLifetimeSeconds = 3600;
  /** the scopes this tool is allowed, as the LMS administrator ticked them */
  const grantableScopes = [
    'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
    'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
    'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
    'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  ];
  let tokenRequests = 0;
  const nrpsScope = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
  const nrpsMediaType = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
  const nrpsPageSize = options.nrpsPageSize ?? 2;
  /** an NRPS outage from this page on (1-based), with its status; null when the service works */
  let nrpsOutage: { fromPage: number; status: number } | null = null;
  const membersOf = (course: PlatformCourse) =>
    [...users.values()].filter((user) => !course.members || course.members.includes(user.sub));

  /** The token endpoint (IMS Security Framework §4.1.1, RFC 7523 §2.2): a bad assertion is `invalid_client`. */
  async function grantToken(form: URLSearchParams) {
    tokenRequests += 1;
    const refuse = (error: string) => ({ status: error === 'invalid_client' ? 401 : 400, body: { error } });
    if (form.get('grant_type') !== 'client_credentials') return refuse('unsupported_grant_type');
    if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
      return refuse('invalid_request');
    try {
      const { payload } = await jwtVerify(form.get('client_assertion') ?? '', toolKeys, {
        issuer: clientId,
        subject: clientId,
        audience: `${issuer}/token`,
        algorithms: ['RS256'],
        requiredClaims: ['jti', 'exp', 'iat'],
        currentDate: now(),
      });
      if (usedAssertions.has(String(payload.jti))) return refuse('invalid_client');
      usedAssertions.add(String(payload.jti));
    } catch {
      return refuse('invalid_client');
    }
    const scopes = (form.get('scope') ?? '').split(' ').filter((scope) => grantableScopes.includes(scope));
    if (scopes.length === 0) return refuse('invalid_scope');
    const accessToken = crypto.randomBytes(16).toString('hex');
    tokens.set(accessToken, { scopes, expiresAt: now().getTime() + tokenLifetimeSeconds * 1000 });
    return {
      status: 200,
      body: {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: tokenLifetimeSeconds,
        scope: scopes.join(' '),
      },
    };
  }

  /** the id_token of a resource link launch; `override` changes claims, `key` signs with another key */
  async function idToken(
    input: { sub: string; courseId: string; nonce: string },
    override: Record<string, unknown> = {},
    signing: { key?: CryptoKey; kid?: string; expiresInSeconds?: number; issuedAt?: number } = {},
  ) {
    const user = users.get(input.sub) ?? { sub: input.sub, name: input.sub, roles: [role.learner] };
    const course = courses.find((candidate) => candidate.id === input.courseId) ?? courses[0]!;
    const iat = signing.issuedAt ?? Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = {
      nonce: input.nonce,
      name: user.name,
      ...(user.email ? { email: user.email } : {}),
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiResourceLinkRequest',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': deploymentId,
      'https://purl.imsglobal.org/spec/lti/claim/target_link_uri': `${options.toolUrl}/lti/launch`,
      'https://purl.imsglobal.org/spec/lti/claim/resource_link': {
        id: `link-${course.id}`,
        title: 'Korrigo',
      },
      'https://purl.imsglobal.org/spec/lti/claim/roles': user.roles,
      'https://purl.imsglobal.org/spec/lti/claim/context': {
        id: course.id,
        title: course.title,
        type: ['http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering'],
      },
      // AGS 2.0 endpoint claim: the course's line items and this resource link's own line item
      'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
        scope: [
          'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
          'https://purl.imsglobal.org/spec/lti-ags/scope/score',
        ],
        lineitems: `${issuer}/ags/${course.id}/lineitems`,
        lineitem: `${issuer}/ags/${course.id}/lineitems/link-${course.id}`,
      },
      // NRPS claim as Moodle sends it: the course's membership URL and both versions of the service
      'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
        context_memberships_url: `${issuer}/nrps/${course.id}/memberships`,
        service_versions: ['1.0', '2.0'],
      },
      ...override,
    };
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: signing.kid ?? kid, typ: 'JWT' })
      .setIssuer(typeof override.iss === 'string' ? override.iss : issuer)
      .setAudience((override.aud as string | string[] | undefined) ?? clientId)
      .setSubject(input.sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + (signing.expiresInSeconds ?? 300))
      .sign(signing.key ?? privateKey);
  }

  // ---- deep linking and dynamic registration (ADR 0031): the platform's side ----
  const deepLinkingSettingsClaim = 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings';

  /** The login URL of the course page's links: the tool's third-party login, with a message hint when given. */
  function loginUrl(sub: string, courseId: string, messageHint?: string) {
    const hint = crypto.randomBytes(8).toString('hex');
    hints.set(hint, { sub, courseId });
    const login = new URL(`${options.toolUrl}/lti/login`);
    for (const [key, value] of Object.entries({
      iss: issuer,
      login_hint: hint,
      target_link_uri: `${options.toolUrl}/lti/launch`,
      client_id: clientId,
      lti_deployment_id: deploymentId,
      ...(messageHint ? { lti_message_hint: messageHint } : {}),
    }))
      login.searchParams.set(key, value);
    return login.toString();
  }

  /** A deep linking request of `courseId` (Moodle's „Inhalt auswählen“): its lti_message_hint. */
  function deepLinkingHint(courseId: string) {
    const data = crypto.randomBytes(8).toString('hex');
    deepLinkRequests.set(data, { courseId });
    const messageHint = crypto.randomBytes(8).toString('hex');
    messageHints.set(messageHint, { kind: 'deep-linking', courseId, data });
    return messageHint;
  }

  /** A launch of a placed link: its lti_message_hint. */
  function placedLinkHint(linkId: string) {
    const messageHint = crypto.randomBytes(8).toString('hex');
    messageHints.set(messageHint, { kind: 'placed', linkId });
    return messageHint;
  }

  /** The claims an lti_message_hint changes in the id_token (LTI-DL §4.4 for a deep linking request). */
  function claimsOfMessageHint(messageHint: string | undefined): Record<string, unknown> {
    const message = messageHints.get(messageHint ?? '');
    if (!message) return {};
    if (message.kind === 'deep-linking')
      return {
        'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingRequest',
        'https://purl.imsglobal.org/spec/lti/claim/resource_link': undefined,
        'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': undefined,
        [deepLinkingSettingsClaim]: {
          deep_link_return_url: `${issuer}/deep-link-return`,
          accept_types: ['ltiResourceLink'],
          accept_presentation_document_targets: ['iframe', 'window'],
          accept_multiple: false,
          auto_create: true,
          data: message.data,
        },
      };
    const link = placed.find((candidate) => candidate.id === message.linkId);
    if (!link) return {};
    return {
      'https://purl.imsglobal.org/spec/lti/claim/resource_link': { id: link.id, title: link.title },
      'https://purl.imsglobal.org/spec/lti/claim/custom': link.custom,
      'https://purl.imsglobal.org/spec/lti/claim/target_link_uri': link.url,
    };
  }

  /** Moodle creates a grade item for a placed link with a line item; the AGS service will answer it. */
  function createLineItemForPlacedLink(
    courseId: string,
    resourceLinkId: string,
    lineItem: NonNullable<PlacedLink['lineItem']>,
  ) {
    // numbered as every line item of the gradebook (AGS below answers `/lineitems/<n>/lineitem`): a grade item
    // of a placed link must take the tool's scores at its URL like any other
    lineItemCount += 1;
    const item: PlacedLineItem = {
      id: `${issuer}/ags/${courseId}/lineitems/${lineItemCount}/lineitem?type_id=1`,
      courseId,
      resourceLinkId,
      ...lineItem,
    };
    deepLinkLineItems.push(item);
    // the same grade item is in the gradebook, where the tool's AGS finds it by its resourceId
    const { label, scoreMaximum, resourceId, tag } = lineItem;
    lineItems.set(item.id, {
      id: item.id,
      courseId,
      label,
      scoreMaximum,
      resourceId,
      tag,
      scores: new Map(),
    });
    return item.id;
  }

  /**
   * The deep linking answer (LTI-DL §4.5): the JWT verified against the tool's keyset — iss our client id,
   * aud this platform, a nonce, our deployment, the message type, the version, not expired — and the `data`
   * of a request we made; then each ltiResourceLink is placed in that request's course.
   */
  async function receiveDeepLinkingResponse(form: URLSearchParams) {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(form.get('JWT') ?? '', toolKeys, {
        issuer: clientId,
        audience: issuer,
        algorithms: ['RS256'],
        requiredClaims: ['nonce', 'exp', 'iat'],
        currentDate: now(),
      }));
    } catch {
      return { status: 400, body: 'invalid JWT' };
    }
    const claim = (name: string) => payload[`https://purl.imsglobal.org/spec/lti/claim/${name}`];
    if (claim('deployment_id') !== deploymentId) return { status: 400, body: 'wrong deployment' };
    if (claim('message_type') !== 'LtiDeepLinkingResponse' || claim('version') !== '1.3.0')
      return { status: 400, body: 'wrong message' };
    const data = payload['https://purl.imsglobal.org/spec/lti-dl/claim/data'];
    const request = deepLinkRequests.get(typeof data === 'string' ? data : '');
    if (!request) return { status: 400, body: 'unknown data' };
    deepLinkRequests.delete(String(data));
    const items = payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'];
    if (!Array.isArray(items)) return { status: 400, body: 'no content items' };
    for (const item of items as Array<Record<string, unknown>>) {
      if (item.type !== 'ltiResourceLink') continue;
      const id = `placed-${crypto.randomBytes(6).toString('hex')}`;
      const lineItem = (item.lineItem ?? null) as PlacedLink['lineItem'];
      placed.push({
        id,
        courseId: request.courseId,
        title: String(item.title ?? ''),
        url: String(item.url ?? `${options.toolUrl}/lti/launch`),
        custom: (item.custom ?? {}) as Record<string, string>,
        lineItem,
        lineItemId: lineItem ? createLineItemForPlacedLink(request.courseId, id, lineItem) : null,
      });
    }
    return { status: 200, body: 'placed', courseId: request.courseId };
  }

  /** The platform's OpenID configuration (LTI-DR §3.5.2), as Moodle's openid-configuration.php answers it. */
  const openidConfiguration = () => ({
    issuer: reportedIssuer ?? issuer,
    authorization_endpoint: `${issuer}/auth`,
    token_endpoint: `${issuer}/token`,
    token_endpoint_auth_methods_supported: ['private_key_jwt'],
    token_endpoint_auth_signing_alg_values_supported: ['RS256'],
    jwks_uri: `${issuer}/jwks`,
    registration_endpoint: `${issuer}/register`,
    scopes_supported: ['openid', ...grantableScopes],
    response_types_supported: ['id_token'],
    subject_types_supported: ['public', 'pairwise'],
    id_token_signing_alg_values_supported: ['RS256'],
    claims_supported: ['sub', 'iss', 'name', 'given_name', 'family_name', 'email'],
    'https://purl.imsglobal.org/spec/lti-platform-configuration': {
      product_family_code: 'moodle',
      version: '4.3',
      messages_supported: [{ type: 'LtiResourceLinkRequest' }, { type: 'LtiDeepLinkingRequest' }],
      variables: [],
    },
  });

  /** The client registration (LTI-DR §3.5.3): the bearer registration token once, then the tool's answer. */
  function registerTool(authorization: string | undefined, body: Record<string, unknown> | null) {
    const bearer = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    if (!registrationToken || bearer !== registrationToken)
      return { status: 401, body: { error: 'bad token' } };
    const configuration = body?.['https://purl.imsglobal.org/spec/lti-tool-configuration'] as
      Record<string, unknown> | undefined;
    if (
      !body ||
      body.application_type !== 'web' ||
      body.token_endpoint_auth_method !== 'private_key_jwt' ||
      typeof body.jwks_uri !== 'string' ||
      typeof body.initiate_login_uri !== 'string' ||
      !Array.isArray(body.redirect_uris) ||
      !configuration
    )
      return { status: 400, body: { error: 'invalid_client_metadata' } };
    registrationToken = null;
    registeredTool = body;
    return {
      status: 200,
      body: {
        ...body,
        client_id: clientId,
        'https://purl.imsglobal.org/spec/lti-tool-configuration': {
          ...configuration,
          deployment_id: deploymentId,
        },
      },
    };
  }
  // ---- end of deep linking and dynamic registration ----

  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  // ---- AGS 2.0 (grades back, issue 35 §2): line items and scores as Moodle's gradebookservices answers them ----
  const agsScope = {
    lineitem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
    lineitemReadonly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
    score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  };
  const agsMediaType = {
    container: 'application/vnd.ims.lis.v2.lineitemcontainer+json',
    lineItem: 'application/vnd.ims.lis.v2.lineitem+json',
    score: 'application/vnd.ims.lis.v1.score+json',
  };
  type LineItem = {
    id: string;
    courseId: string;
    label: string;
    scoreMaximum: number;
    resourceId?: string;
    tag?: string;
  };
  type Score = {
    userId: string;
    scoreGiven?: number;
    scoreMaximum?: number;
    comment?: string;
    activityProgress: string;
    gradingProgress: string;
    timestamp: string;
  };
  /** the gradebook: line items by their URL (Moodle's carry `?type_id=`), each with its scores by LMS user id */
  const lineItems = new Map<string, LineItem & { scores: Map<string, Score> }>();
  let lineItemCount = 0;
  /** every AGS request answers this status while set (an outage); null when the service works */
  let agsOutage: number | null = null;
  let agsRequests = 0;
  const publicLineItem = ({
    scores: _scores,
    courseId: _courseId,
    ...item
  }: LineItem & { scores: unknown }) => item;

  /** AGS 2.0 §3 (line items) and §4 (scores); answers null for any other path */
  async function answerAgs(
    request: http.IncomingMessage,
    url: URL,
    body: () => Promise<string>,
  ): Promise<{ status: number; type: string; body: string } | null> {
    const container = /^\/ags\/([^/]+)\/lineitems$/.exec(url.pathname);
    const item = /^\/ags\/([^/]+)\/lineitems\/(\d+)\/lineitem(\/scores)?$/.exec(url.pathname);
    if (!container && !item) return null;
    agsRequests += 1;
    const text = (status: number, message: string) => ({ status, type: 'text/plain', body: message });
    const json = (status: number, type: string, value: unknown) => ({
      status,
      type,
      body: JSON.stringify(value),
    });
    if (agsOutage) return text(agsOutage, 'service unavailable');
    const course = courses.find((candidate) => candidate.id === decodeURIComponent((container ?? item)![1]!));
    if (!course) return text(404, 'no such course');
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const token = tokens.get(bearer);
    if (!token || token.expiresAt <= now().getTime()) return text(401, 'bad token');
    const may = (...scopes: string[]) => scopes.some((scope) => token.scopes.includes(scope));
    const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim();
    const readJson = async () => {
      try {
        return JSON.parse(await body()) as Record<string, unknown>;
      } catch {
        return null;
      }
    };

    if (container && request.method === 'GET') {
      if (!may(agsScope.lineitem, agsScope.lineitemReadonly)) return text(403, 'scope not granted');
      if (!(request.headers.accept ?? '').includes(agsMediaType.container)) return text(406, 'accept');
      const resourceId = url.searchParams.get('resource_id');
      const tag = url.searchParams.get('tag');
      const found = [...lineItems.values()].filter(
        (candidate) =>
          candidate.courseId === course.id &&
          (resourceId === null || candidate.resourceId === resourceId) &&
          (tag === null || candidate.tag === tag),
      );
      return json(200, agsMediaType.container, found.map(publicLineItem));
    }
    if (container && request.method === 'POST') {
      if (!may(agsScope.lineitem)) return text(403, 'scope not granted');
      if (contentType !== agsMediaType.lineItem) return text(415, 'content type');
      const posted = await readJson();
      if (
        !posted ||
        typeof posted.label !== 'string' ||
        !posted.label.trim() ||
        typeof posted.scoreMaximum !== 'number' ||
        posted.scoreMaximum <= 0
      )
        return text(400, 'label and a positive scoreMaximum are required');
      lineItemCount += 1;
      const id = `${issuer}/ags/${course.id}/lineitems/${lineItemCount}/lineitem?type_id=1`;
      const created = {
        id,
        courseId: course.id,
        label: posted.label,
        scoreMaximum: posted.scoreMaximum,
        ...(typeof posted.resourceId === 'string' ? { resourceId: posted.resourceId } : {}),
        ...(typeof posted.tag === 'string' ? { tag: posted.tag } : {}),
        scores: new Map<string, Score>(),
      };
      lineItems.set(id, created);
      return json(201, agsMediaType.lineItem, publicLineItem(created));
    }
    const stored = item
      ? lineItems.get(`${issuer}/ags/${course.id}/lineitems/${item[2]}/lineitem?type_id=1`)
      : undefined;
    if (!stored || stored.courseId !== course.id) return text(404, 'no such line item');
    if (item && !item[3] && request.method === 'GET') {
      if (!may(agsScope.lineitem, agsScope.lineitemReadonly)) return text(403, 'scope not granted');
      return json(200, agsMediaType.lineItem, publicLineItem(stored));
    }
    if (item?.[3] && request.method === 'POST') {
      if (!may(agsScope.score)) return text(403, 'scope not granted');
      if (contentType !== agsMediaType.score) return text(415, 'content type');
      const score = await readJson();
      if (!score || typeof score.userId !== 'string') return text(400, 'userId is required');
      if (!membersOf(course).some((user) => user.sub === score.userId)) return text(400, 'not a member');
      if (typeof score.timestamp !== 'string' || Number.isNaN(Date.parse(score.timestamp)))
        return text(400, 'timestamp is required');
      if (typeof score.activityProgress !== 'string' || typeof score.gradingProgress !== 'string')
        return text(400, 'activityProgress and gradingProgress are required');
      if (score.scoreGiven !== undefined) {
        if (typeof score.scoreGiven !== 'number' || typeof score.scoreMaximum !== 'number')
          return text(400, 'scoreGiven needs scoreMaximum');
        if (score.scoreGiven < 0 || score.scoreMaximum <= 0 || score.scoreGiven > score.scoreMaximum)
          return text(400, 'scoreGiven out of range');
      }
      const before = stored.scores.get(score.userId);
      // Moodle refuses a score older than the one it holds
      if (before && Date.parse(before.timestamp) > Date.parse(score.timestamp))
        return text(409, 'a newer score is stored');
      stored.scores.set(score.userId, {
        userId: score.userId,
        ...(typeof score.scoreGiven === 'number' ? { scoreGiven: score.scoreGiven } : {}),
        ...(typeof score.scoreMaximum === 'number' ? { scoreMaximum: score.scoreMaximum } : {}),
        ...(typeof score.comment === 'string' ? { comment: score.comment } : {}),
        activityProgress: score.activityProgress,
        gradingProgress: score.gradingProgress,
        timestamp: score.timestamp,
      });
      return text(204, '');
    }
    return text(405, 'method not allowed');
  }

  /** the course page's gradebook: each line item with every user's score and comment */
  function gradebookHtml(courseId: string) {
    const items = [...lineItems.values()].filter((candidate) => candidate.courseId === courseId);
    if (items.length === 0) return '';
    return (
      '<h2>Bewertungen</h2>' +
      items
        .map(
          (candidate) =>
            `<table data-line-item="${escape(candidate.resourceId ?? '')}"><caption>${escape(candidate.label)} ` +
            `(max. ${candidate.scoreMaximum})</caption><tr><th>Teilnehmer</th><th>Punkte</th><th>Kommentar</th></tr>` +
            [...candidate.scores.values()]
              .map(
                (score) =>
                  `<tr><td>${escape(users.get(score.userId)?.name ?? score.userId)}</td>` +
                  `<td>${score.scoreGiven ?? ''} / ${score.scoreMaximum ?? ''}</td>` +
                  `<td>${escape(score.comment ?? '')}</td></tr>`,
              )
              .join('') +
            '</table>',
        )
        .join('')
    );
  }
  // ---- end AGS ----

  /** what a teacher enters as a manual registration in Korrigo */
  const registration = () => ({
    name: 'Stand-in Moodle',
    issuer,
    clientId,
    authUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    jwksUrl: `${issuer}/jwks`,
    deploymentIds: [deploymentId],
  });

  const page = (body: string) =>
    `<!doctype html><html lang="de"><meta charset="utf-8"><title>Stand-in LMS</title><body>${body}</body></html>`;

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    };
    const readBody = async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    };
    void (async () => {
      if (url.pathname === '/token' && request.method === 'POST') {
        const granted = await grantToken(new URLSearchParams(await readBody()));
        return send(granted.status, 'application/json', JSON.stringify(granted.body));
      }
      // NRPS 2.0 membership container (LTI NRPS §2): bearer token with the scope, the v2 media type, paged
      const nrpsMatch = /^\/nrps\/([^/]+)\/memberships$/.exec(url.pathname);
      if (nrpsMatch && request.method === 'GET') {
        const course = courses.find((candidate) => candidate.id === decodeURIComponent(nrpsMatch[1]!));
        if (!course) return send(404, 'text/plain', 'no such course');
        const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
        const scopes = tokens.get(bearer);
        if (!scopes || scopes.expiresAt <= now().getTime()) return send(401, 'text/plain', 'bad token');
        if (!scopes.scopes.includes(nrpsScope)) return send(403, 'text/plain', 'scope not granted');
        if (!(request.headers.accept ?? '').includes(nrpsMediaType)) return send(406, 'text/plain', 'accept');
        const page = Number(url.searchParams.get('page') ?? '1');
        if (nrpsOutage && page >= nrpsOutage.fromPage)
          return send(nrpsOutage.status, 'text/plain', 'service unavailable');
        const all = membersOf(course);
        const members = all.slice((page - 1) * nrpsPageSize, page * nrpsPageSize).map((user) => {
          const [given, ...family] = user.name.split(' ');
          return {
            status: 'Active',
            name: user.name,
            given_name: given,
            family_name: family.join(' '),
            ...(user.email ? { email: user.email } : {}),
            user_id: user.sub,
            roles: user.roles,
          };
        });
        const headers: Record<string, string> = { 'content-type': nrpsMediaType };
        if (page * nrpsPageSize < all.length)
          headers.link = `<${issuer}/nrps/${course.id}/memberships?page=${page + 1}>; rel="next"`;
        response.writeHead(200, headers);
        return response.end(
          JSON.stringify({
            id: `${issuer}/nrps/${course.id}/memberships`,
            context: { id: course.id, label: course.id, title: course.title },
            members,
          }),
        );
      }
      // ---- deep linking and dynamic registration (ADR 0031): routes ----
      if (url.pathname === '/deep-link-return' && request.method === 'POST') {
        const answer = await receiveDeepLinkingResponse(new URLSearchParams(await readBody()));
        // Moodle closes its selection dialog and shows the course with the new activity
        if (answer.courseId) {
          response.writeHead(303, { location: `${issuer}/course/${encodeURIComponent(answer.courseId)}` });
          return response.end();
        }
        return send(answer.status, 'text/plain', answer.body);
      }
      if (url.pathname === '/.well-known/openid-configuration')
        return send(200, 'application/json', JSON.stringify(openidConfiguration()));
      if (url.pathname === '/register' && request.method === 'POST') {
        const body = (await readBody().then(
          (text) => JSON.parse(text) as Record<string, unknown>,
          () => null,
        )) as Record<string, unknown> | null;
        const answer = registerTool(request.headers.authorization, body);
        return send(answer.status, 'application/json', JSON.stringify(answer.body));
      }
      // ---- end of deep linking and dynamic registration routes ----
      // AGS line items and scores (block above)
      const ags = await answerAgs(request, url, readBody);
      if (ags) return send(ags.status, ags.type, ags.body);
      if (url.pathname === '/jwks')
        return send(200, 'application/json', JSON.stringify({ keys: [publicJwk] }));
      // the course page: "open activity" for a chosen user, as Moodle's link starts a third-party login
      const courseMatch = /^\/course\/([^/]+)$/.exec(url.pathname);
      if (courseMatch) {
        const course = courses.find((candidate) => candidate.id === decodeURIComponent(courseMatch[1]!));
        if (!course) return send(404, 'text/plain', 'no such course');
        const links = [...users.values()]
          .map((user) => {
            const login = loginUrl(user.sub, course.id);
            return `<li><a href="${escape(login)}">Korrigo öffnen als ${escape(user.name)}</a></li>`;
          })
          .join('');
        // deep linking: each instructor adds content; each placed link opens for everyone
        const addContent = [...users.values()]
          .filter((user) => user.roles.includes(role.instructor))
          .map((user) => {
            const login = loginUrl(user.sub, course.id, deepLinkingHint(course.id));
            return `<li><a href="${escape(login)}">Korrigo-Inhalt hinzufügen als ${escape(user.name)}</a></li>`;
          })
          .join('');
        const placedLinks = placed
          .filter((link) => link.courseId === course.id)
          .map((link) => {
            const opens = [...users.values()]
              .map((user) => {
                const login = loginUrl(user.sub, course.id, placedLinkHint(link.id));
                return `<li><a href="${escape(login)}">öffnen als ${escape(user.name)}</a></li>`;
              })
              .join('');
            const points = link.lineItem ? ` (${link.lineItem.scoreMaximum} Punkte)` : '';
            return `<li>${escape(link.title)}${escape(points)}<ul>${opens}</ul></li>`;
          })
          .join('');
        return send(
          200,
          'text/html; charset=utf-8',
          page(
            `<h1>${escape(course.title)}</h1><ul>${links}</ul><ul>${addContent}</ul>` +
              `<h2>Aktivitäten</h2><ul>${placedLinks}</ul>${gradebookHtml(course.id)}`,
          ),
        );
      }
      // the OIDC authentication request (LTI 1.3 Core §5.1.1.2): checked as Moodle checks it
      if (url.pathname === '/auth') {
        const q = Object.fromEntries(url.searchParams);
        if (q.client_id !== clientId) return send(400, 'text/plain', 'unknown client_id');
        if (q.redirect_uri !== `${options.toolUrl}/lti/launch`)
          return send(400, 'text/plain', 'bad redirect_uri');
        if (q.response_type !== 'id_token' || q.scope !== 'openid' || q.response_mode !== 'form_post')
          return send(400, 'text/plain', 'bad request');
        const hint = hints.get(q.login_hint ?? '');
        if (!hint || !q.nonce || !q.state) return send(400, 'text/plain', 'bad login_hint');
        const token = await idToken({ ...hint, nonce: q.nonce }, claimsOfMessageHint(q.lti_message_hint));
        return send(
          200,
          'text/html; charset=utf-8',
          page(
            `<form id="f" method="post" action="${escape(q.redirect_uri)}">` +
              `<input type="hidden" name="id_token" value="${escape(token)}">` +
              `<input type="hidden" name="state" value="${escape(q.state)}"></form>` +
              `<script>document.getElementById('f').submit()</script>`,
          ),
        );
      }
      // ---- e2e (issue 35 §5): what the Playwright walk reads of the stand-in when it runs as a process ----
      if (url.pathname === '/_test/health') return send(200, 'text/plain', 'ok');
      // the values the administrating teacher types into Korrigo's „Lernplattform verbinden“ form
      if (url.pathname === '/_test/registration')
        return send(200, 'application/json', JSON.stringify(registration()));
      // ---- end of e2e ----
      return send(404, 'text/plain', 'not found');
    })().catch((error: unknown) => send(500, 'text/plain', String(error)));
  });
  await new Promise<void>((resolve) =>
    options.publicHost
      ? server.listen(options.port ?? 0, resolve)
      : server.listen(options.port ?? 0, '127.0.0.1', resolve),
  );
  const address = server.address();
  issuer = `http://${options.publicHost ?? '127.0.0.1'}:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    get issuer() {
      return issuer;
    },
    clientId,
    deploymentId,
    kid,
    /** what a teacher enters as a manual registration in Korrigo */
    registration,
    addUser(user: PlatformUser) {
      users.set(user.sub, user);
    },
    /** a login hint for `sub` in `courseId`, as the course page's link carries */
    hintFor(sub: string, courseId = courses[0]!.id) {
      const hint = crypto.randomBytes(8).toString('hex');
      hints.set(hint, { sub, courseId });
      return hint;
    },
    idToken,
    /** NRPS answers `status` from page `fromPage` on (an outage in the middle of the list); null ends it */
    failNrps(outage: { fromPage: number; status: number } | null) {
      nrpsOutage = outage;
    },
    /** how many token requests reached the endpoint (granted or not) */
    get tokenRequests() {
      return tokenRequests;
    },
    /** the scopes of a service token the platform gave out and that has not ended, else null */
    scopesOf(accessToken: string) {
      const token = tokens.get(accessToken);
      return token && token.expiresAt > now().getTime() ? token.scopes : null;
    },
    // ---- deep linking and dynamic registration (ADR 0031): accessors ----
    /** the lti_message_hint of a deep linking request in `courseId`, as the course page's link carries */
    deepLinkingHintFor: (courseId = courses[0]!.id) => deepLinkingHint(courseId),
    /** the lti_message_hint of a launch of a placed link */
    placedLinkHintFor: (linkId: string) => placedLinkHint(linkId),
    /** the links the tool placed in `courseId` */
    placedLinks: (courseId = courses[0]!.id) => placed.filter((link) => link.courseId === courseId),
    /** the line items created for placed links of `courseId` */
    placedLineItems: (courseId = courses[0]!.id) =>
      deepLinkLineItems.filter((item) => item.courseId === courseId),
    /**
     * Moodle's „Tool-URL…“ → „LTI Advantage hinzufügen“: the tool's registration URL with the platform's
     * `openid_configuration` and a fresh one-time `registration_token` added to its query
     */
    registrationStartUrl(toolRegistrationUrl: string) {
      registrationToken = crypto.randomBytes(12).toString('hex');
      const start = new URL(toolRegistrationUrl);
      start.searchParams.set('openid_configuration', `${issuer}/.well-known/openid-configuration`);
      start.searchParams.set('registration_token', registrationToken);
      return start.toString();
    },
    /** what the tool registered itself with, or null */
    get registeredTool() {
      return registeredTool;
    },
    /** the openid configuration names `value` as its issuer (null: its own) */
    reportIssuer(value: string | null) {
      reportedIssuer = value;
    },
    // ---- end of deep linking and dynamic registration accessors ----
    // ---- AGS accessors ----
    /** every AGS request answers `status` (an outage of the grade service); null ends it */
    failAgs(status: number | null) {
      agsOutage = status;
    },
    /** how many AGS requests reached the platform (answered or not) */
    get agsRequests() {
      return agsRequests;
    },
    /** the course's gradebook: its line items, each with the scores by LMS user id */
    gradebook(courseId: string = courses[0]!.id) {
      return [...lineItems.values()]
        .filter((candidate) => candidate.courseId === courseId)
        .map((candidate) => ({ ...publicLineItem(candidate), scores: Object.fromEntries(candidate.scores) }));
    },
    /** a line item made in the LMS beforehand (as a deep link's `lineItem` makes one); answers its URL */
    addLineItem(item: {
      courseId?: string;
      label: string;
      scoreMaximum: number;
      resourceId?: string;
      tag?: string;
    }) {
      const courseId = item.courseId ?? courses[0]!.id;
      lineItemCount += 1;
      const id = `${issuer}/ags/${courseId}/lineitems/${lineItemCount}/lineitem?type_id=1`;
      const { courseId: _courseId, ...rest } = item;
      lineItems.set(id, { ...rest, id, courseId, scores: new Map() });
      return id;
    },
    // ---- end AGS accessors ----
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type LtiPlatform = Awaited<ReturnType<typeof startLtiPlatform>>;

// `tsx apps/server/test/support/lti-platform.ts <toolUrl> [port]`: the stand-in as its own process (e2e)
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [toolUrl = 'http://localhost:3000', port = '3911'] = process.argv.slice(2);
  void startLtiPlatform({
    toolUrl,
    port: Number(port),
    publicHost: 'localhost',
    users: [
      { sub: 'teacher-1', name: 'Frau Berg', roles: [role.instructor] },
      { sub: 'pupil-1', name: 'Anna Schmidt', roles: [role.learner] },
      { sub: 'pupil-2', name: 'Ben Yilmaz', roles: [role.learner] },
    ],
  }).then((platform) => {
    console.log(JSON.stringify({ url: platform.issuer, ...platform.registration() }));
  });
}
