import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, genericOAuth } from 'better-auth/plugins';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { hash, verify } from '@node-rs/argon2';
import { isPasswordValid, messages } from '@korrigo/domain';
import * as schema from '../db/schema';
import type { Database } from './db';
import type { Mailer } from './mail';
import { originOf, type LinkBase } from './origins';
import { genericOAuthConfigOf, type SchoolProvider } from './school-sign-in';

// OWASP's argon2id baseline (ARCHITECTURE.md §3): 19 MiB memory, 2 iterations, 1 lane.
const argon2Options = {
  algorithm: 2 /* Argon2id; the package's const enum cannot be imported under verbatimModuleSyntax */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string) => hash(password, argon2Options);
/** The check better-auth signs in with; the profile's current-password check uses the same one. */
export const verifyPassword = (stored: string, password: string) => verify(stored, password);

type AccountRuleCode = 'PASSWORD_INVALID' | 'TERMS_NOT_ACCEPTED' | 'CHANGE_IN_PROFILE';
const refuse = (status: 'BAD_REQUEST' | 'FORBIDDEN', code: AccountRuleCode) =>
  new APIError(status, { code, message: messages.authErrors[code] });

function checkNewPassword(password: unknown) {
  if (typeof password !== 'string' || !isPasswordValid(password))
    throw refuse('BAD_REQUEST', 'PASSWORD_INVALID');
}

/**
 * Our account rules on better-auth's own routes. Its hooks run for HTTP requests and for `auth.api` calls
 * alike, so no route that creates or changes a password gets around them: every new password follows the
 * spec's rule (packages/domain), an e-mail sign-up needs the terms, and e-mail address and password are changed
 * only through PUT /api/profile, which asks for the current password, confirms a new address and tells the
 * owner (modules/profile/profile.service.ts).
 */
const accountRules = createAuthMiddleware(async (ctx) => {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  // what a school's sign-in said (issue 35 §1) comes from its verified claims only, never from a form
  if ('schoolRole' in body || 'schoolName' in body) throw refuse('FORBIDDEN', 'CHANGE_IN_PROFILE');
  switch (ctx.path) {
    case '/sign-up/email':
      // the wizard's order (spec 000 §5): the terms belong to step 1, the password to step 2
      if (body.termsAccepted !== true) throw refuse('BAD_REQUEST', 'TERMS_NOT_ACCEPTED');
      checkNewPassword(body.password);
      return;
    case '/reset-password':
    case '/set-password':
      checkNewPassword(body.newPassword);
      return;
    case '/change-password':
    case '/change-email':
      throw refuse('FORBIDDEN', 'CHANGE_IN_PROFILE');
  }
});

/** publicUrl: PUBLIC_URL when it is set, which every link and origin check uses; the rest is origins.ts's */
type AuthOptions = LinkBase & {
  db: Database;
  secret: string;
  /** TRUSTED_ORIGINS, and the Vite dev server's origin during `npm run dev` */
  trustedOrigins: string[];
  mailer: Mailer;
  google?: { clientId: string; clientSecret: string };
  /** SCHOOL_SIGN_IN: OpenID Connect providers of schools (issue 35 §1) */
  schoolProviders: SchoolProvider[];
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /**
   * called for every new user, whatever the sign-up method, so that each has a profile; a school's sign-in
   * gives the account type and school its claims named
   */
  onUserCreated(userId: string, school: { role: 'student' | 'teacher'; name: string } | null): Promise<void>;
  /** called after a password reset (which has ended every session) */
  onPasswordReset(userId: string): Promise<void>;
  /** called for every e-mail sign-up, which accountRules let through only with the terms accepted */
  onTermsAccepted(userId: string): Promise<void>;
  /** called whenever better-auth ended sessions of a user or changed or removed the user */
  onUserChanged(userId: string): void;
};

export function createAuth(options: AuthOptions) {
  return betterAuth({
    appName: 'Korrigo',
    // Without PUBLIC_URL, links in mails (reset, verification) are built on the Host the bridge sets: the base
    // that linkBaseUrl chose (origins.ts, auth-routes.ts). allowedHosts checks it again, for `auth.api` calls.
    baseURL: options.publicUrl ?? {
      allowedHosts: options.ownHosts,
      fallback: options.fallbackUrl,
      protocol: 'http',
    },
    basePath: '/api/auth',
    secret: options.secret,
    telemetry: { enabled: false },
    logger:
      options.logLevel === 'silent'
        ? { disabled: true }
        : { level: options.logLevel === 'debug' ? 'debug' : 'warn' },
    // The same rule as our own origin check (security.ts): PUBLIC_URL, or else the origin of the request itself
    // (auth-routes.ts builds its URL from the Host); TRUSTED_ORIGINS either way.
    trustedOrigins: options.publicUrl
      ? [options.publicUrl, ...options.trustedOrigins]
      : (request) => [...(request ? [originOf(request.url)] : []), ...options.trustedOrigins],
    database: drizzleAdapter(options.db, { provider: 'pg', schema }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      password: {
        hash: hashPassword,
        verify: ({ hash: stored, password }) => verifyPassword(stored, password),
      },
      onPasswordReset: async ({ user }) => {
        await options.onPasswordReset(user.id);
      },
      sendResetPassword: async ({ user, url }) => {
        await options.mailer.send({
          to: user.email,
          subject: 'Korrigo: Passwort zurücksetzen',
          text:
            `Hallo ${user.name},\n\n` +
            `über diesen Link kannst du ein neues Passwort für Korrigo festlegen. Er ist eine Stunde gültig:\n\n` +
            `${url}\n\nWenn du das nicht angefordert hast, kannst du diese E-Mail ignorieren.\n`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: false,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await options.mailer.send({
          to: user.email,
          subject: 'Korrigo: E-Mail-Adresse bestätigen',
          text:
            `Hallo ${user.name},\n\nbitte bestätige deine E-Mail-Adresse für Korrigo über diesen Link:\n\n` +
            `${url}\n\nWenn du kein Konto bei Korrigo angelegt hast, kannst du diese E-Mail ignorieren.\n`,
        });
      },
    },
    socialProviders: options.google
      ? { google: { clientId: options.google.clientId, clientSecret: options.google.clientSecret } }
      : {},
    // set only by a school's sign-in (school-sign-in.ts's mapProfileToUser), never from a request's body
    user: {
      additionalFields: {
        // `input` lets better-auth take them from a provider's profile; accountRules refuses them in any body
        schoolRole: { type: 'string', required: false, input: true },
        schoolName: { type: 'string', required: false, input: true },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // Rate limits are Fastify's (one place, German answers); better-auth's own limiter stays off.
    rateLimit: { enabled: false },
    advanced: {
      // better-auth skips its origin check when it thinks it runs under a test (NODE_ENV, vitest): on always,
      // so that the tests see the checks production has
      disableOriginCheck: false,
      useSecureCookies: (options.publicUrl ?? options.fallbackUrl).startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    hooks: {
      before: accountRules,
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-up/email') return;
        const created = ctx.context.newSession;
        if (created) {
          await options.onTermsAccepted(created.user.id);
          return;
        }
        // better-auth checks that the address is free, then inserts; an e-mail change confirmed in between
        // (modules/profile) makes the unique index refuse the insert, which better-auth answers as a failure of
        // its own. The address is taken, and that is what the person signing up is told.
        const returned = ctx.context.returned as { body?: { code?: string } } | undefined;
        const email = (ctx.body as { email?: unknown } | undefined)?.email;
        if (
          returned?.body?.code === 'FAILED_TO_CREATE_USER' &&
          typeof email === 'string' &&
          (await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase()))
        ) {
          const code = 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL';
          throw new APIError('UNPROCESSABLE_ENTITY', { code, message: messages.authErrors[code] });
        }
      }),
    },
    // Sessions that better-auth ends (sign-out, revoking, password reset or change, ...) and users it changes
    // are forgotten by the session cache at once, and only those users' entries (session-cache.ts).
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            const { schoolRole, schoolName } = user as { schoolRole?: unknown; schoolName?: unknown };
            await options.onUserCreated(
              user.id,
              schoolRole === 'teacher' || schoolRole === 'student'
                ? { role: schoolRole, name: typeof schoolName === 'string' ? schoolName : '' }
                : null,
            );
          },
        },
        update: { after: async (user) => options.onUserChanged(user.id) },
        delete: { after: async (user) => options.onUserChanged(user.id) },
      },
      session: {
        delete: { after: async (session) => options.onUserChanged(session.userId) },
      },
    },
    plugins: [
      bearer(),
      ...(options.schoolProviders.length > 0
        ? [genericOAuth({ config: options.schoolProviders.map(genericOAuthConfigOf) })]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
