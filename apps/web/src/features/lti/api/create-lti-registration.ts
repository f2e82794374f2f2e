import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ltiRegistrationSchema, type LtiRegistrationRequest } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const createLtiRegistration = (body: LtiRegistrationRequest) =>
  apiFetchParsed(ltiRegistrationSchema, '/api/lti/registrations', { method: 'POST', body });

/** POST /api/lti/registrations; the list is read again afterwards. */
export function useCreateLtiRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLtiRegistration,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.lti.registrations() }),
  });
}
