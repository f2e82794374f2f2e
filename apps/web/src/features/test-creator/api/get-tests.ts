import { useQuery } from '@tanstack/react-query';
import type { SavedTest } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';

export const testsQueryKey = (userId: string) => ['tests', userId] as const;

/** GET /api/tests/{userId} (spec 001 §7): the saved tests, newest first. */
export function fetchTests(userId: string, signal?: AbortSignal): Promise<SavedTest[]> {
  return apiFetch<SavedTest[]>(`/api/tests/${encodeURIComponent(userId)}`, { signal });
}

export function useSavedTests(userId: string) {
  return useQuery({
    queryKey: testsQueryKey(userId),
    queryFn: ({ signal }) => fetchTests(userId, signal),
  });
}
