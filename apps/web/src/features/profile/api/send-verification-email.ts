import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** The link in the mail verifies the address and comes back to /profile. */
export function sendVerificationEmail(email: string): Promise<unknown> {
  return apiFetch('/api/auth/send-verification-email', { body: { email, callbackURL: '/profile' } });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
