import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileUpdate } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';
import { updateSessionUser } from '@/lib/session';
import { profileQueryKey } from './get-profile';

/** emailConfirmationSent: a link went to the new address, which counts only once it is followed */
export type ProfileUpdateResponse = { profile: Profile; emailConfirmationSent: boolean };

export function updateProfile(update: ProfileUpdate): Promise<ProfileUpdateResponse> {
  return apiFetch<ProfileUpdateResponse>('/api/profile', { method: 'PUT', body: update });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(profileQueryKey, profile);
      updateSessionUser(queryClient, {
        displayName: profile.displayName,
        email: profile.email,
        photoURL: profile.photoURL,
      });
    },
  });
}
