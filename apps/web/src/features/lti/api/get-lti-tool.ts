import { useQuery } from '@tanstack/react-query';
import { ltiToolSchema } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/lti/tool: the addresses a platform's administrator enters for Korrigo (teachers only). */
export function useLtiTool() {
  return useQuery({
    queryKey: queryKeys.lti.tool(),
    queryFn: ({ signal }) => apiFetchParsed(ltiToolSchema, '/api/lti/tool', { signal }),
  });
}
