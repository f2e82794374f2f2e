import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { profileSchema } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { updateSessionUser, useSession } from '@/lib/session';

export function fetchProfile(signal?: AbortSignal) {
  return apiFetchParsed(profileSchema, '/api/profile', { signal });
}

/**
 * The signed-in user's profile (credits, plan, account type). Fetched only with a session; a failure leaves
 * credits and plan unknown while the user stays signed in (spec 000 §4).
 */
export function useProfile() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.profile,
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
