import { apiFetch } from '@/lib/api-client';

type SocialSignInResponse = { url?: string; redirect?: boolean };

/**
 * Starts Google sign-in: better-auth answers with Google's URL and the browser leaves the app. After the
 * round trip Google's answer lands on callbackURL (or errorCallbackURL with `?error=`).
 */
export async function startGoogleSignIn(callbackURL: string, errorCallbackURL: string): Promise<void> {
  const data = await apiFetch<SocialSignInResponse>('/api/auth/sign-in/social', {
    body: { provider: 'google', callbackURL, errorCallbackURL },
  });
  if (data?.url) window.location.assign(data.url);
}
