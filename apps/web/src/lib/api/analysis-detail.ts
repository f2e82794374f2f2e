import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { analysisDetailSchema, isSettledStatus } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { useAnalysisStatus } from '@/lib/api/analysis-status';
import { queryKeys } from '@/lib/query-keys';

export const analysisPath = (id: string) => `/api/analyses/${encodeURIComponent(id)}`;

/**
 * GET /api/analyses/:id: the stored analysis with its (reviewed) result; 404 for another user's. Shared by
 * the analyse screen's preview, the result view and the history's 'View Analysis', so it is read once.
 */
export function analysisDetailQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.analyses.detail(id),
    queryFn: ({ signal }) => apiFetchParsed(analysisDetailSchema, analysisPath(id), { signal }),
  });
}

/**
 * The analysis as stored; while it is still changing, its event stream (`useAnalysisStatus`, ADR 0009) says
 * when, and only then is it read again: no timer.
 */
export function useAnalysisDetail(id: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const detail = useQuery({ ...analysisDetailQuery(id ?? ''), enabled: id !== null && enabled });
  const stored = detail.data?.status;
  const changing = stored !== undefined && !isSettledStatus(stored);
  const live = useAnalysisStatus(changing ? id : null).data?.status;
  useEffect(() => {
    if (id !== null && live !== undefined && stored !== undefined && live !== stored) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.analyses.detail(id), exact: true });
    }
  }, [id, live, stored, queryClient]);
  return detail;
}
