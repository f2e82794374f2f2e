import { useQuery } from '@tanstack/react-query';
import { lessonPlanSchema } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const lessonPlanPath = (id: string) => `/api/lesson-plans/${encodeURIComponent(id)}`;

/** GET /api/lesson-plans/:id: one of her plans (another teacher's answers 404). */
export function useLessonPlan(id: string | null) {
  return useQuery({
    queryKey: queryKeys.lessonPlans.detail(id ?? ''),
    queryFn: ({ signal }) => apiFetchParsed(lessonPlanSchema, lessonPlanPath(id!), { signal }),
    enabled: id !== null,
  });
}
