import { APIError } from 'better-auth/api';
import {
  messages,
  signupRequestSchema,
  validateSignupStep1,
  validateSignupStep2,
  type SignupRequest,
  type SignupStep1,
} from '@korrigo/domain';
import { z } from 'zod';
import type { Auth } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { ProfileService } from '../profile/profile.service';

/** better-auth's error codes -> the spec's provider codes (spec 000 §8), whose German text the web shows. */
function providerCode(error: APIError): string {
  const code = (error.body as { code?: string } | undefined)?.code ?? '';
  if (code.startsWith('USER_ALREADY_EXISTS')) return 'email-already-in-use';
  if (code === 'INVALID_EMAIL') return 'invalid-email';
  if (code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG') return 'weak-password';
  return code || 'unknown';
}

function checkStep1(data: SignupStep1) {
  const problem = validateSignupStep1(data);
  if (problem) throw new AppError('validation', problem);
}

export function createAccountService(deps: { auth: Auth; profiles: ProfileService }) {
  return {
    /**
     * E-mail sign-up: the wizard's two steps checked in the spec's order (spec 000 §5), the account created by
     * better-auth (which signs the user in), then the profile's account fields saved.
     * Returns better-auth's response headers (the session cookie) and whether the profile save worked.
     */
    async signUp(input: SignupRequest, requestHeaders: Headers) {
      const data = signupRequestSchema.parse(input);
      checkStep1(data);
      const step2 = validateSignupStep2(data);
      if (step2) throw new AppError('validation', step2);
      if (!z.email().safeParse(data.email).success) {
        throw new AppError('invalid-email', messages.providerErrors['invalid-email']);
      }

      // termsAccepted is not better-auth's field: its sign-up checks and records it (platform/auth.ts)
      const body = {
        name: data.name,
        email: data.email.toLowerCase(),
        password: data.password,
        rememberMe: data.rememberMe,
        termsAccepted: data.termsAccepted,
      };
      let created: { headers: Headers; response: { user: { id: string } } };
      try {
        created = await deps.auth.api.signUpEmail({
          body,
          headers: requestHeaders,
          returnHeaders: true,
        });
      } catch (error) {
        if (error instanceof APIError) {
          const code = providerCode(error);
          const known = code in messages.providerErrors;
          throw new AppError(
            code,
            known
              ? messages.providerErrors[code as keyof typeof messages.providerErrors]
              : messages.errorPrefix + error.message,
            {
              status: code === 'email-already-in-use' ? 409 : 400,
            },
          );
        }
        throw error;
      }

      const userId = created.response.user.id;
      try {
        await deps.profiles.setAccountFields(userId, data);
        return {
          headers: created.headers,
          profile: await deps.profiles.get(userId),
          profileSaved: true as const,
        };
      } catch {
        return { headers: created.headers, profile: null, profileSaved: false as const };
      }
    },

    /** After a Google sign-up the wizard's step-1 data is saved to the new account (checked the same way). */
    async completeGoogleSignUp(userId: string, data: SignupStep1) {
      checkStep1(data);
      await deps.profiles.setAccountFields(userId, data, { name: data.name.trim() });
      await deps.profiles.recordTermsAccepted(userId);
      return deps.profiles.get(userId);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
