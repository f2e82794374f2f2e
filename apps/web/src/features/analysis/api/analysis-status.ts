import { useQuery } from '@tanstack/react-query';
import { analysisStatusResponseSchema } from '@korrigo/domain';
import type { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type AnalysisStatusResponse = z.infer<typeof analysisStatusResponseSchema>;

export const pollIntervalMs = 1000;

/** GET /api/analyses/:id/status, asked every second until the analysis is done or failed. */
export function fetchAnalysisStatus(id: string, signal?: AbortSignal): Promise<AnalysisStatusResponse> {
  return apiFetch<AnalysisStatusResponse>(`/api/analyses/${encodeURIComponent(id)}/status`, { signal });
}

export function useAnalysisStatus(id: string | null) {
  return useQuery({
    queryKey: queryKeys.analyses.status(id ?? ''),
    queryFn: ({ signal }) => fetchAnalysisStatus(id!, signal),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? pollIntervalMs : false),
    gcTime: 0,
  });
}
