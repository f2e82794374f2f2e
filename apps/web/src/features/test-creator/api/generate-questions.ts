import { useMutation } from '@tanstack/react-query';
import type { GenerateQuestionsRequest, Question } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';

/** POST /api/tests/generate: questions from the basic settings; 503 with a notice when no LLM is set up. */
export function generateQuestions(request: GenerateQuestionsRequest): Promise<{ questions: Question[] }> {
  return apiFetch('/api/tests/generate', { method: 'POST', body: request });
}

export function useGenerateQuestions() {
  return useMutation({ mutationFn: generateQuestions });
}
