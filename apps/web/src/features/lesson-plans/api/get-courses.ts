import { useQuery } from '@tanstack/react-query';
import { courseListSchema } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/courses: the courses she teaches, for the plan's course select (the classes screen's cache entry). */
export function useTaughtCourses() {
  return useQuery({
    queryKey: queryKeys.classes.courses(),
    queryFn: ({ signal }) => apiFetchParsed(courseListSchema, '/api/courses', { signal }),
  });
}
