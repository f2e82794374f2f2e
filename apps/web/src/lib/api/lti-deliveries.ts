import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ltiDeliveriesSchema, type LtiDeliveriesQuery } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** while scores are on their way the state is asked again this often */
const pendingPollMs = 3000;

const idOf = (query: LtiDeliveriesQuery) => query.classEvaluationId ?? query.analysisId ?? '';

/**
 * GET /api/lti/deliveries (issue 35 §2 "Grades back"): how far the released results of a class set or an
 * analysis reached the LMS gradebook; asked again while some are pending.
 */
export function useLtiDeliveries(query: LtiDeliveriesQuery, enabled = true) {
  const search = new URLSearchParams(
    query.classEvaluationId ? { classEvaluationId: query.classEvaluationId } : { analysisId: idOf(query) },
  );
  return useQuery({
    queryKey: queryKeys.lti.deliveries(idOf(query)),
    queryFn: ({ signal }) => apiFetchParsed(ltiDeliveriesSchema, `/api/lti/deliveries?${search}`, { signal }),
    enabled,
    refetchInterval: (current) => ((current.state.data?.pending ?? 0) > 0 ? pendingPollMs : false),
  });
}

/** POST /api/lti/deliveries/retry: „Erneut senden“ of the failed ones. */
export function useRetryLtiDeliveries(query: LtiDeliveriesQuery) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetchParsed(ltiDeliveriesSchema, '/api/lti/deliveries/retry', { method: 'POST', body: query }),
    onSuccess: (state) => queryClient.setQueryData(queryKeys.lti.deliveries(idOf(query)), state),
  });
}
