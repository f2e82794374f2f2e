import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ltiRegistrationSchema } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const listSchema = z.array(ltiRegistrationSchema);

/** GET /api/lti/registrations: the platforms the signed-in teacher connected. */
export function useLtiRegistrations() {
  return useQuery({
    queryKey: queryKeys.lti.registrations(),
    queryFn: ({ signal }) => apiFetchParsed(listSchema, '/api/lti/registrations', { signal }),
  });
}
