import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';
import { updateSessionUser } from '@/lib/session';
import { profileQueryKey } from './get-profile';

export function uploadProfilePhoto(file: File): Promise<{ profile: Profile }> {
  const form = new FormData();
  form.append('photo', file);
  return apiFetch<{ profile: Profile }>('/api/profile/photo', { body: form });
}

export function useUploadProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePhoto,
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(profileQueryKey, profile);
      updateSessionUser(queryClient, { photoURL: profile.photoURL });
    },
  });
}
