import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Sets the new password; the server ends every old session. */
export function resetPassword(input: { token: string; newPassword: string }): Promise<unknown> {
  return apiFetch('/api/auth/reset-password', { body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
