import { useQuery } from '@tanstack/react-query';
import { lessonTemplateListSchema } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/lesson-plans/templates: the lesson structures to start from; they do not change. */
export function useLessonTemplates() {
  return useQuery({
    queryKey: queryKeys.lessonPlans.templates(),
    queryFn: ({ signal }) =>
      apiFetchParsed(lessonTemplateListSchema, '/api/lesson-plans/templates', { signal }),
    staleTime: Infinity,
  });
}
