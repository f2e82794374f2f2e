import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Always answered the same way, whether the e-mail is known or not. */
export function requestPasswordReset(email: string): Promise<unknown> {
  return apiFetch('/api/auth/request-password-reset', {
    body: { email: email.trim(), redirectTo: '/reset-password' },
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
