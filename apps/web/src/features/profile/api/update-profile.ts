import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileUpdateResponseSchema, type ProfileUpdate } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { updateSessionUser } from '@/lib/session';

/** The answer's emailConfirmationSent: a link went to the new address, which counts only once followed. */
export function updateProfile(update: ProfileUpdate) {
  return apiFetchParsed(profileUpdateResponseSchema, '/api/profile', { method: 'PUT', body: update });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(queryKeys.profile, profile);
      updateSessionUser(queryClient, {
        displayName: profile.displayName,
        email: profile.email,
        photoURL: profile.photoURL,
      });
    },
  });
}
