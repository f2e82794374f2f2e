import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { refreshSession } from '@/lib/session';
import { writeRememberMe } from '@/lib/storage';

export type SignInInput = { email: string; password: string; rememberMe: boolean };

/** better-auth: rememberMe false gives a session cookie that ends with the browser. */
export function signInEmail(input: SignInInput): Promise<unknown> {
  return apiFetch('/api/auth/sign-in/email', { body: { ...input, email: input.email.trim() } });
}

export function useSignInEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      // The flag decides where the `currentUser` cache lives (spec 000 §3), so set it before caching.
      writeRememberMe(input.rememberMe);
      await signInEmail(input);
      return refreshSession(queryClient);
    },
  });
}
