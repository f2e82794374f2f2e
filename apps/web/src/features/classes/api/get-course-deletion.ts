import { useQuery } from '@tanstack/react-query';
import type { CourseDeletionImpact } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/courses/{id}/deletion: what deleting the course takes with it, for the confirmation. */
export function useCourseDeletion(courseId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.classes.courseDeletion(courseId),
    queryFn: ({ signal }) =>
      apiFetch<CourseDeletionImpact>(`/api/courses/${encodeURIComponent(courseId)}/deletion`, { signal }),
    enabled,
    staleTime: 0,
  });
}
