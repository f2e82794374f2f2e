import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { GenericOAuthConfig } from 'better-auth/plugins';

/**
 * School sign-in (issue 35 §1, ADR 0030): OpenID Connect providers of schools and states (VIDIS, a state's
 * school cloud, a school's Microsoft or Google tenant), configured in SCHOOL_SIGN_IN as a JSON list. Each is a
 * better-auth generic OAuth provider found by discovery, with PKCE, state and a nonce bound into a verified
 * ID token. The account type comes from the provider's role claim, never from the person signing in.
 */
export const schoolProviderSchema = z.object({
  /** the part of the callback URL: /api/auth/oauth2/callback/<id> */
  id: z.string().regex(/^[a-z0-9-]{2,40}$/, 'id: 2–40 Zeichen aus a–z, 0–9 und -'),
  /** the button's name, e.g. „Schulkonto NRW“ or „Microsoft-Konto der Schule“ */
  name: z.string().trim().min(1).max(60),
  issuer: z.url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1).optional(),
  scopes: z.array(z.string().min(1)).default(['openid', 'profile', 'email']),
  /** the claim that carries the role; a dotted path reaches into objects (`ext.role`) */
  roleClaim: z.string().min(1).default('role'),
  /** values of the role claim (case-insensitive) that make a teacher's account; anything else is a pupil's */
  teacherRoles: z
    .array(z.string().min(1))
    .default(['teacher', 'lehrer', 'lehrkraft', 'lehr', 'faculty', 'staff', 'instructor']),
  /** the claim with the school's name, if the provider has one */
  schoolClaim: z.string().min(1).default('school'),
});
export type SchoolProvider = z.infer<typeof schoolProviderSchema>;

export const schoolSignInSchema = z
  .string()
  .optional()
  .transform((value, ctx): SchoolProvider[] => {
    if (!value?.trim()) return [];
    try {
      return z.array(schoolProviderSchema).parse(JSON.parse(value));
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        message: `keine gültige Liste von Anbietern (JSON): ${error instanceof Error ? error.message.slice(0, 300) : ''}`,
      });
      return z.NEVER;
    }
  });

/**
 * The address of an account whose provider gives none (VIDIS is pseudonymous: a subject and a role). The
 * `.invalid` top-level domain can never receive mail (RFC 2606); the mailer sends nothing there and the
 * profile shows that the account has no address.
 */
export const pseudonymousDomain = 'schulkonto.invalid';
export const hasNoMailbox = (email: string) => email.toLowerCase().endsWith(`@${pseudonymousDomain}`);
/** the pseudonymous address of a subject of a source (a school provider's id, or `lti` for LMS launches) */
export const pseudonymousAddress = (source: string, subject: string) =>
  `${source}-${createHash('sha256').update(subject).digest('hex').slice(0, 24)}@${pseudonymousDomain}`;

const claimAt = (claims: Record<string, unknown>, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      claims,
    );

/** teacher when any value of the role claim is one of the provider's teacher roles; a pupil otherwise */
export function accountTypeOf(
  provider: SchoolProvider,
  claims: Record<string, unknown>,
): 'teacher' | 'student' {
  const value = claimAt(claims, provider.roleClaim);
  const roles = (Array.isArray(value) ? value : [value]).filter((role) => typeof role === 'string');
  const teacher = new Set(provider.teacherRoles.map((role) => role.toLowerCase()));
  return roles.some((role) => teacher.has(role.toLowerCase())) ? 'teacher' : 'student';
}

export function genericOAuthConfigOf(provider: SchoolProvider): GenericOAuthConfig {
  return {
    providerId: provider.id,
    discoveryUrl: `${provider.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
    clientId: provider.clientId,
    ...(provider.clientSecret ? { clientSecret: provider.clientSecret } : {}),
    scopes: provider.scopes,
    pkce: true,
    // without a verified ID token (issuer, audience, expiry, signature, nonce) nobody signs in
    requireIdTokenVerification: true,
    mapProfileToUser: (profile) => {
      const claims = profile as Record<string, unknown>;
      const subject = String(claims.sub ?? '');
      const email = typeof claims.email === 'string' && claims.email.includes('@') ? claims.email : null;
      const given = typeof claims.given_name === 'string' ? claims.given_name : '';
      const family = typeof claims.family_name === 'string' ? claims.family_name : '';
      const name =
        (typeof claims.name === 'string' && claims.name.trim()) ||
        `${given} ${family}`.trim() ||
        'Schulkonto';
      const school = claimAt(claims, provider.schoolClaim);
      return {
        name,
        email: email ?? pseudonymousAddress(provider.id, subject),
        // a pseudonymous account has no address to verify; an address the provider did not verify links nothing
        emailVerified: email !== null && (claims.email_verified === true || claims.email_verified === 'true'),
        schoolRole: accountTypeOf(provider, claims),
        schoolName: typeof school === 'string' ? school.slice(0, 200) : '',
      };
    },
  };
}
