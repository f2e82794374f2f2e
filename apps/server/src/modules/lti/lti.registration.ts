import { messages } from '@korrigo/domain';
import { AppError } from '../../platform/errors';
import type { LtiService } from './lti.service';
import type { SignedTokens } from './lti.signed';

const registrationLifetimeSeconds = 24 * 60 * 60;
const requestTimeoutMs = 10_000;
const platformConfiguration = 'https://purl.imsglobal.org/spec/lti-platform-configuration';
const toolConfiguration = 'https://purl.imsglobal.org/spec/lti-tool-configuration';
/** AGS (line items, results, scores) and NRPS: what the grade delivery and the roster sync ask tokens for */
export const toolScopes = [
  'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
];

const refused = (message: string, code: 'bad_request' | 'lms_unavailable' = 'bad_request') =>
  new AppError(code, message);
const isUrl = (value: unknown): value is string =>
  typeof value === 'string' && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/**
 * LTI Dynamic Registration 1.0 (ADR 0031, "Dynamic registration"), as Moodle 4.x runs it: the administrator
 * pastes the teacher's registration URL, the platform opens it with `openid_configuration` and
 * `registration_token`; Korrigo reads the configuration, registers itself at the platform's
 * `registration_endpoint` and records the answer through the same code as the manual registration. The URL's
 * `k` (signed, 24 hours) names the teacher the registration is hers.
 */
export function createLtiDynamicRegistration(deps: {
  signed: SignedTokens;
  service: Pick<LtiService, 'createRegistration'>;
  publicUrl: () => string;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** What the tool asks for (LTI-DR §3.4): the manual registration's values, its scopes and its messages. */
  function toolRegistration() {
    const base = deps.publicUrl();
    const launchUrl = `${base}/lti/launch`;
    return {
      application_type: 'web',
      response_types: ['id_token'],
      grant_types: ['implicit', 'client_credentials'],
      initiate_login_uri: `${base}/lti/login`,
      redirect_uris: [launchUrl],
      client_name: 'Korrigo',
      jwks_uri: `${base}/lti/jwks`,
      token_endpoint_auth_method: 'private_key_jwt',
      scope: toolScopes.join(' '),
      [toolConfiguration]: {
        domain: new URL(base).host,
        description: 'Korrigo: Tests erstellen und Arbeiten bewerten',
        target_link_uri: launchUrl,
        claims: ['iss', 'sub', 'name', 'given_name', 'family_name'],
        messages: [
          { type: 'LtiResourceLinkRequest', target_link_uri: launchUrl },
          { type: 'LtiDeepLinkingRequest', target_link_uri: launchUrl, label: 'Korrigo-Inhalt hinzufügen' },
        ],
      },
    };
  }

  async function fetchJson(url: string, init?: RequestInit) {
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers: { accept: 'application/json', ...(init?.headers ?? {}) },
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch {
      throw refused(messages.lti.registrationUnreachable, 'lms_unavailable');
    }
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    return { ok: response.ok, body };
  }

  return {
    /** The settings section's „Registrierungs-URL“ for her; a fresh one on every visit. */
    async registrationUrl(userId: string) {
      const expiresAt = new Date(now().getTime() + registrationLifetimeSeconds * 1000);
      const k = await deps.signed.sign('registration', { sub: userId }, registrationLifetimeSeconds);
      return { url: `${deps.publicUrl()}/lti/register?k=${encodeURIComponent(k)}`, expiresAt };
    },

    /** GET /lti/register: the whole registration; the platform's name when it is done, else a German AppError. */
    async register(query: { k?: string; openid_configuration?: string; registration_token?: string }) {
      const claims = await deps.signed.verify('registration', query.k ?? '');
      if (!claims || typeof claims.sub !== 'string') throw refused(messages.lti.registrationLinkInvalid);
      const configurationUrl = query.openid_configuration ?? '';
      if (!isUrl(configurationUrl)) throw refused(messages.lti.registrationIncomplete);

      const configuration = await fetchJson(configurationUrl);
      if (!configuration.ok || !configuration.body)
        throw refused(messages.lti.registrationUnreachable, 'lms_unavailable');
      const platform = configuration.body;
      // kept as the platform writes it: the launch's `iss` must equal it
      const issuer = typeof platform.issuer === 'string' ? platform.issuer : '';
      const prefix = issuer.replace(/\/+$/, '');
      // LTI-DR §3.5.1: the configuration is the issuer's own — its URL begins with the issuer
      if (!isUrl(issuer) || !(configurationUrl === prefix || configurationUrl.startsWith(`${prefix}/`)))
        throw refused(messages.lti.registrationIssuerMismatch);
      const algorithms = platform.id_token_signing_alg_values_supported;
      const product = platform[platformConfiguration] as Record<string, unknown> | undefined;
      if (
        !isUrl(platform.authorization_endpoint) ||
        !isUrl(platform.token_endpoint) ||
        !isUrl(platform.jwks_uri) ||
        !isUrl(platform.registration_endpoint) ||
        (Array.isArray(algorithms) && !algorithms.includes('RS256')) ||
        typeof product !== 'object' ||
        product === null
      )
        throw refused(messages.lti.registrationUnsupported);

      const answer = await fetchJson(platform.registration_endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(query.registration_token ? { authorization: `Bearer ${query.registration_token}` } : {}),
        },
        body: JSON.stringify(toolRegistration()),
      });
      if (!answer.ok || !answer.body) throw refused(messages.lti.registrationRefused, 'lms_unavailable');
      const clientId = answer.body.client_id;
      const deploymentId = (answer.body[toolConfiguration] as Record<string, unknown> | undefined)
        ?.deployment_id;
      if (typeof clientId !== 'string' || !clientId || typeof deploymentId !== 'string' || !deploymentId)
        throw refused(messages.lti.registrationRefused, 'lms_unavailable');

      const family = typeof product.product_family_code === 'string' ? product.product_family_code : '';
      const productName = family ? family.charAt(0).toUpperCase() + family.slice(1) : 'Lernplattform';
      const name = `${productName} (${new URL(issuer).host})`.slice(0, 100);
      await deps.service.createRegistration(claims.sub, {
        name,
        issuer,
        clientId,
        authUrl: platform.authorization_endpoint,
        tokenUrl: platform.token_endpoint,
        jwksUrl: platform.jwks_uri,
        deploymentIds: [deploymentId],
      });
      return { name, issuer };
    },
  };
}
export type LtiDynamicRegistration = ReturnType<typeof createLtiDynamicRegistration>;
