import { useQuery } from '@tanstack/react-query';
import { courseListSchema } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/courses: the courses the teacher teaches with their participants, for the course and student
 * selector (spec 001 §2). The classes screen reads the same list under the same key, so one cache serves both.
 */
export function useTeacherCourses(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.classes.courses(),
    queryFn: ({ signal }) => apiFetchParsed(courseListSchema, '/api/courses', { signal }),
    enabled,
  });
}
