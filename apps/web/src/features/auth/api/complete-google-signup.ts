import { useMutation } from '@tanstack/react-query';
import type { Profile, SignupStep1 } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';

/** After Google sign-up: save the wizard's step-1 data (kept in sessionStorage over the round trip). */
export function completeGoogleSignup(step1: SignupStep1): Promise<{ profile: Profile }> {
  return apiFetch<{ profile: Profile }>('/api/signup/complete-google', { body: step1 });
}

export function useCompleteGoogleSignup() {
  return useMutation({ mutationFn: completeGoogleSignup });
}
