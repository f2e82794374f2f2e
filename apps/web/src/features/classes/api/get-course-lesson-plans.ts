import { useQuery } from '@tanstack/react-query';
import { lessonPlanListSchema } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/lesson-plans?courseId=: her lesson plans for the course (issue 18 point 3), newest first. */
export function useCourseLessonPlans(courseId: string) {
  return useQuery({
    queryKey: queryKeys.lessonPlans.ofCourse(courseId),
    queryFn: ({ signal }) =>
      apiFetchParsed(lessonPlanListSchema, `/api/lesson-plans?courseId=${encodeURIComponent(courseId)}`, {
        signal,
      }),
  });
}
