import { useQuery } from '@tanstack/react-query';
import { ltiDeepLinkingSelectionSchema } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/lti/deep-linking?t=…: what the teacher can place into her LMS course, for her launch's selection. */
export function useDeepLinkingSelection(token: string) {
  return useQuery({
    queryKey: queryKeys.lti.deepLinking(token),
    queryFn: ({ signal }) =>
      apiFetchParsed(ltiDeepLinkingSelectionSchema, `/api/lti/deep-linking?t=${encodeURIComponent(token)}`, {
        signal,
      }),
    enabled: token !== '',
    // the token is short-lived and one launch's: a failure is shown, not retried quietly
    retry: false,
  });
}
