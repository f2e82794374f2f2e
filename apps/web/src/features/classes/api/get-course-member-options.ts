import { useQuery } from '@tanstack/react-query';
import type { CourseMemberOptions } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/courses/{id}/member-options: the pick-lists' sources, loaded when a pick-list opens (spec 001 §4). */
export function fetchCourseMemberOptions(courseId: string, signal?: AbortSignal) {
  return apiFetch<CourseMemberOptions>(`/api/courses/${encodeURIComponent(courseId)}/member-options`, {
    signal,
  });
}

export function useCourseMemberOptions(courseId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.classes.courseMemberOptions(courseId),
    queryFn: ({ signal }) => fetchCourseMemberOptions(courseId, signal),
    enabled,
  });
}
