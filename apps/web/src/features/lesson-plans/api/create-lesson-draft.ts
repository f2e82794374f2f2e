import { useMutation } from '@tanstack/react-query';
import { lessonDraftSchema, type LessonDraftRequest } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';

/** POST /api/lesson-plans/draft: a draft from the model or the template; nothing is saved. */
export function useCreateLessonDraft() {
  return useMutation({
    mutationFn: (body: LessonDraftRequest) =>
      apiFetchParsed(lessonDraftSchema, '/api/lesson-plans/draft', { method: 'POST', body }),
  });
}
