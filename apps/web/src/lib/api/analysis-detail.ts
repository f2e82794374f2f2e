import { queryOptions, useQuery } from '@tanstack/react-query';
import { analysisDetailSchema } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
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

export function useAnalysisDetail(id: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...analysisDetailQuery(id ?? ''),
    enabled: id !== null && enabled,
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 1000 : false),
  });
}
