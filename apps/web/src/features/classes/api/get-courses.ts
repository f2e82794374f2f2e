import { useQuery } from '@tanstack/react-query';
import type { Course } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/courses: the courses the teacher teaches, with schedule, participants and teachers. */
export function fetchCourses(signal?: AbortSignal): Promise<Course[]> {
  return apiFetch<Course[]>('/api/courses', { signal });
}

export function useCourses() {
  return useQuery({ queryKey: queryKeys.classes.courses(), queryFn: ({ signal }) => fetchCourses(signal) });
}
