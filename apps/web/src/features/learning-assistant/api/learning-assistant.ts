import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  explanationSchema,
  learningChatReplySchema,
  learningOverviewSchema,
  practiceCheckSchema,
  practiceSessionSchema,
  type LearningChatRequest,
  type PracticeAnswers,
  type PracticeRequest,
} from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const basePath = '/api/learning-assistant';

/** GET /api/learning-assistant: her subjects, strengths and weaknesses, mistakes and stats. */
export function useLearningOverview() {
  return useQuery({
    queryKey: queryKeys.learningAssistant.overview(),
    queryFn: ({ signal }) => apiFetchParsed(learningOverviewSchema, basePath, { signal }),
  });
}

/** POST /api/learning-assistant/practice: a new practice session for one subject. */
export function useCreatePractice() {
  return useMutation({
    mutationFn: (request: PracticeRequest) =>
      apiFetchParsed(practiceSessionSchema, `${basePath}/practice`, { body: request }),
  });
}

/**
 * POST /api/learning-assistant/practice/:sessionId/answers: checked by the test engine. A finished practice
 * counts as study time, so the overview's stats are read again.
 */
export function useCheckPractice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, answers }: { sessionId: string; answers: PracticeAnswers['answers'] }) =>
      apiFetchParsed(practiceCheckSchema, `${basePath}/practice/${encodeURIComponent(sessionId)}/answers`, {
        body: { answers },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.learningAssistant.all }),
  });
}

/** POST /api/learning-assistant/explain: one of her mistakes explained. */
export function useExplainMistake() {
  return useMutation({
    mutationFn: (mistakeId: string) =>
      apiFetchParsed(explanationSchema, `${basePath}/explain`, { body: { mistakeId } }),
  });
}

/** POST /api/learning-assistant/chat: the whole conversation goes each time; the server keeps none. */
export function useLearningChat() {
  return useMutation({
    mutationFn: (request: LearningChatRequest) =>
      apiFetchParsed(learningChatReplySchema, `${basePath}/chat`, { body: request }),
  });
}
