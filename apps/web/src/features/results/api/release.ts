import { useMutation, useQueryClient } from '@tanstack/react-query';
import { analysisReleaseSchema, type AnalysisDetail } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { analysisPath } from '@/lib/api/analysis-detail';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /api/analyses/:id/release: 'An Schüler:in zurückgeben' (issue 17). The answer's date goes into the
 * cached detail at once, so the button turns into the note without waiting for a reload.
 */
export function useReleaseAnalysis(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetchParsed(analysisReleaseSchema, `${analysisPath(id)}/release`, { method: 'POST', body: {} }),
    onSuccess: (release) => {
      queryClient.setQueryData<AnalysisDetail>(queryKeys.analyses.detail(id), (detail) =>
        detail
          ? {
              ...detail,
              release: {
                ...detail.release,
                studentName: release.studentName,
                releasedAt: release.releasedAt,
              },
            }
          : detail,
      );
    },
    // refused (e.g. 409: reopened meanwhile in another tab): show the server's state
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.analyses.detail(id) }),
  });
}
