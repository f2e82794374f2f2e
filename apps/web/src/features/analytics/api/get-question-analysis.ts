import { useQuery } from '@tanstack/react-query';
import { questionAnalysisSchema, type QuestionAnalysis } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const questionAnalysisPath = (testId: string) =>
  `/api/analytics/questions?${new URLSearchParams({ test: testId }).toString()}`;

/** GET /api/analytics/questions?test=set:<id>|key:<id>: the per-task figures of one test across its papers. */
export function fetchQuestionAnalysis(testId: string, signal?: AbortSignal): Promise<QuestionAnalysis> {
  return apiFetchParsed(questionAnalysisSchema, questionAnalysisPath(testId), { signal });
}

/** Loaded only once a test is chosen (or the page has one to offer). */
export function useQuestionAnalysis(testId: string | null) {
  return useQuery({
    queryKey: queryKeys.analytics.questions(testId ?? ''),
    queryFn: ({ signal }) => fetchQuestionAnalysis(testId!, signal),
    enabled: testId !== null,
  });
}
