import { useQuery } from '@tanstack/react-query';
import { savedTestListSchema } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/tests/{userId} (spec 001 §7): the saved tests, newest first. */
export function fetchSavedTests(userId: string, signal?: AbortSignal) {
  return apiFetchParsed(savedTestListSchema, `/api/tests/${encodeURIComponent(userId)}`, { signal });
}

/** The test creator's list and the analyse screen's answer keys: one cache entry per user. */
export function useSavedTests(userId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.savedTests(userId ?? ''),
    queryFn: ({ signal }) => fetchSavedTests(userId!, signal),
    enabled: userId !== null && enabled,
  });
}
