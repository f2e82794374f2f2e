import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type Profile } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';
import { updateSessionUser } from '@/lib/session';
import { profileQueryKey } from './get-profile';

/**
 * The contract names `{ profile }` as the answer, the server currently sends the profile itself: accept
 * both, checked against the shared schema, so neither shape leaves the screen without a profile.
 */
function readProfile(body: unknown): Profile {
  const direct = profileSchema.safeParse(body);
  if (direct.success) return direct.data;
  return profileSchema.parse((body as { profile?: unknown } | null)?.profile);
}

export async function uploadProfilePhoto(file: File): Promise<Profile> {
  const form = new FormData();
  form.append('photo', file);
  return readProfile(await apiFetch<unknown>('/api/profile/photo', { body: form }));
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
