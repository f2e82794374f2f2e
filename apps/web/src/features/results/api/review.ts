import { useMutation, useQueryClient } from '@tanstack/react-query';
import { analysisDetailSchema, type AnalysisDetail, type ReviewChange } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { analysisPath } from '@/lib/api/analysis-detail';
import { queryKeys } from '@/lib/query-keys';

/**
 * The teacher's review calls. Each answers the whole AnalysisDetail, which replaces the cached one, so the
 * view shows what the server recomputed (totals, grade, texts) and never a guess of its own.
 */
function useDetailMutation<T>(id: string, request: (input: T) => Promise<AnalysisDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (detail) => {
      queryClient.setQueryData(queryKeys.analyses.detail(id), detail);
      // the history and the dashboard show grade and review state too
      void queryClient.invalidateQueries({ queryKey: queryKeys.history.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
    // refused (e.g. 409: confirmed or reopened meanwhile, in another tab): show the server's state
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.analyses.detail(id) }),
  });
}

/** PATCH /api/analyses/:id/review: the server applies the changes together, recomputes and logs them. */
export function useReviewAnalysis(id: string) {
  return useDetailMutation(id, (changes: ReviewChange[]) =>
    apiFetchParsed(analysisDetailSchema, `${analysisPath(id)}/review`, {
      method: 'PATCH',
      body: { changes },
    }),
  );
}

/** POST /api/analyses/:id/confirm: the suggestion becomes the teacher's grading (409 when confirmed). */
export function useConfirmAnalysis(id: string) {
  return useDetailMutation(id, () =>
    apiFetchParsed(analysisDetailSchema, `${analysisPath(id)}/confirm`, { method: 'POST', body: {} }),
  );
}

/** POST /api/analyses/:id/reopen: a confirmed grading becomes editable again (409 when not confirmed). */
export function useReopenAnalysis(id: string) {
  return useDetailMutation(id, () =>
    apiFetchParsed(analysisDetailSchema, `${analysisPath(id)}/reopen`, { method: 'POST', body: {} }),
  );
}
