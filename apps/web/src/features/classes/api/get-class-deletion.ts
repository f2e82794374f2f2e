import { useQuery } from '@tanstack/react-query';
import type { ClassDeletionImpact } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/classes/{id}/deletion: what deleting the class takes with it, for the confirmation. */
export function useClassDeletion(classId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.classes.deletion(classId),
    queryFn: ({ signal }) =>
      apiFetch<ClassDeletionImpact>(`/api/classes/${encodeURIComponent(classId)}/deletion`, { signal }),
    enabled,
    staleTime: 0,
  });
}
