import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lessonPlanSchema, type LessonPlanInput } from '@korrigo/domain';
import { apiFetch, apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { lessonPlanPath } from './get-lesson-plan';

/** Every write refreshes the list, the plan and the course details' lists alike. */
function useInvalidatingMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.lessonPlans.all }),
  });
}

/** POST /api/lesson-plans */
export const useCreateLessonPlan = () =>
  useInvalidatingMutation((body: LessonPlanInput) =>
    apiFetchParsed(lessonPlanSchema, '/api/lesson-plans', { method: 'POST', body }),
  );

/** PUT /api/lesson-plans/:id */
export const useUpdateLessonPlan = () =>
  useInvalidatingMutation(({ id, ...body }: LessonPlanInput & { id: string }) =>
    apiFetchParsed(lessonPlanSchema, lessonPlanPath(id), { method: 'PUT', body }),
  );

/** POST /api/lesson-plans/:id/duplicate: a draft titled '… (Kopie)'. */
export const useDuplicateLessonPlan = () =>
  useInvalidatingMutation((id: string) =>
    apiFetchParsed(lessonPlanSchema, `${lessonPlanPath(id)}/duplicate`, { method: 'POST', body: {} }),
  );

/** DELETE /api/lesson-plans/:id */
export const useDeleteLessonPlan = () =>
  useInvalidatingMutation((id: string) => apiFetch<unknown>(lessonPlanPath(id), { method: 'DELETE' }));
