import { apiFetch } from '@/lib/api-client';

type SocialSignInResponse = { url?: string; redirect?: boolean };

/**
 * Starts Google sign-in: better-auth answers with Google's URL and the browser leaves the app. After the
 * round trip Google's answer lands on callbackURL (or errorCallbackURL with `?error=`).
 */
export async function startGoogleSignIn(callbackURL: string, errorCallbackURL: string): Promise<void> {
  return startSocialSignIn('google', callbackURL, errorCallbackURL);
}

/** The same round trip with any configured provider: Google, or a school's OpenID Connect sign-in (issue 35). */
export async function startSocialSignIn(
  provider: string,
  callbackURL: string,
  errorCallbackURL: string,
): Promise<void> {
  const data = await apiFetch<SocialSignInResponse>('/api/auth/sign-in/social', {
    body: { provider, callbackURL, errorCallbackURL },
  });
  if (data?.url) window.location.assign(data.url);
}
