import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, SignupRequest } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';
import { refreshSession } from '@/lib/session';
import { writeRememberMe } from '@/lib/storage';

export function signUp(request: SignupRequest): Promise<{ profile: Profile }> {
  return apiFetch<{ profile: Profile }>('/api/signup', { body: request });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: SignupRequest) => {
      writeRememberMe(request.rememberMe ?? true);
      const result = await signUp(request);
      await refreshSession(queryClient);
      return result;
    },
  });
}
