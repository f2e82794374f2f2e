import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type Profile } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';
import { updateSessionUser } from '@/lib/session';
import { profileQueryKey } from './get-profile';

export async function uploadProfilePhoto(file: File): Promise<Profile> {
  const form = new FormData();
  form.append('photo', file);
  // The server answers with the updated profile itself (its response schema is profileSchema).
  return profileSchema.parse(await apiFetch<unknown>('/api/profile/photo', { body: form }));
}

export function useUploadProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePhoto,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      updateSessionUser(queryClient, { photoURL: profile.photoURL });
    },
  });
}
