import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { updateSessionUser } from '@/lib/session';

/** The server answers with the updated profile itself. */
export function uploadProfilePhoto(file: File) {
  const form = new FormData();
  form.append('photo', file);
  return apiFetchParsed(profileSchema, '/api/profile/photo', { body: form });
}

export function useUploadProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePhoto,
    onSuccess: (profile) => {
      queryClient.setQueryData(queryKeys.profile, profile);
      updateSessionUser(queryClient, { photoURL: profile.photoURL });
    },
  });
}
