import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export function signOut(): Promise<unknown> {
  return apiFetch('/api/auth/sign-out', { body: {} });
}

/** Ends the session on the server; the caller then clears the client state with resetSession(). */
export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
