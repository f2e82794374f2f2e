import { useQuery } from '@tanstack/react-query';
import { lessonPlanListSchema } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/lesson-plans: the teacher's plans, newest first. */
export const fetchLessonPlans = (signal?: AbortSignal) =>
  apiFetchParsed(lessonPlanListSchema, '/api/lesson-plans', { signal });

export function useLessonPlans() {
  return useQuery({
    queryKey: queryKeys.lessonPlans.list(),
    queryFn: ({ signal }) => fetchLessonPlans(signal),
  });
}
