import { useQuery } from '@tanstack/react-query';
import type { SavedTest } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';

/** GET /api/tests/{userId} (spec 001 §7): the saved tests that can serve as the answer key. */
export function useAnswerKeyTests(userId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['tests', userId],
    queryFn: ({ signal }) => apiFetch<SavedTest[]>(`/api/tests/${encodeURIComponent(userId!)}`, { signal }),
    enabled: userId !== null && enabled,
  });
}
