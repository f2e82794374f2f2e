import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalysisDetail, ReviewChange } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';

export const analysisQueryKey = (id: string) => ['analyses', id] as const;
const base = (id: string) => `/api/analyses/${encodeURIComponent(id)}`;

/** GET /api/analyses/:id: the stored analysis with its (reviewed) result; 404 for another user's. */
export function useAnalysisDetail(id: string) {
  return useQuery({
    queryKey: analysisQueryKey(id),
    queryFn: ({ signal }) => apiFetch<AnalysisDetail>(base(id), { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 1000 : false),
  });
}

/** PATCH /api/analyses/:id/review: the server applies the change, recomputes totals and grade, logs it. */
export function useReviewAnalysis(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ReviewChange[]) =>
      apiFetch<AnalysisDetail>(`${base(id)}/review`, { method: 'PATCH', body: { changes } }),
    onSuccess: (detail) => queryClient.setQueryData(analysisQueryKey(id), detail),
  });
}

/** POST /api/analyses/:id/confirm: the suggestion becomes the teacher's grading. */
export function useConfirmAnalysis(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<AnalysisDetail>(`${base(id)}/confirm`, { method: 'POST', body: {} }),
    onSuccess: (detail) => queryClient.setQueryData(analysisQueryKey(id), detail),
  });
}
