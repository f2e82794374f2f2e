import { useQuery } from '@tanstack/react-query';
import type { AnalysisDetail } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';

/** GET /api/analyses/:id for the preview card; the result view reads the same cache entry. */
export function useAnalysisSummary(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['analyses', id],
    queryFn: ({ signal }) => apiFetch<AnalysisDetail>(`/api/analyses/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null && enabled,
  });
}
