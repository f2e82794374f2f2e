import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Profile } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';
import { updateSessionUser, useSession } from '@/lib/session';

export const profileQueryKey = ['profile'] as const;

export function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return apiFetch<Profile>('/api/profile', { signal });
}

/**
 * The signed-in user's profile (credits, plan, account type). Fetched only with a session; a failure leaves
 * credits and plan unknown while the user stays signed in (spec 000 §4).
 */
export function useProfile() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => fetchProfile(signal),
    enabled: Boolean(user),
  });

  const profile = query.data;
  useEffect(() => {
    if (profile) {
      updateSessionUser(queryClient, { displayName: profile.displayName, photoURL: profile.photoURL });
    }
  }, [profile, queryClient]);

  return query;
}
