import { useQuery } from '@tanstack/react-query';
import { questionAnalysisSchema, type AnalyticsQuery, type QuestionAnalysis } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { analyticsSearch } from './analytics-query';

/** The test's papers within the page's timeframe and class or course, as every figure on the page. */
export const questionAnalysisPath = (query: AnalyticsQuery, testId: string) =>
  `/api/analytics/questions?${analyticsSearch(query)}&${new URLSearchParams({ test: testId }).toString()}`;

/** GET /api/analytics/questions?test=set:<id>|key:<id>: the per-task figures of one test across its papers. */
export function fetchQuestionAnalysis(
  query: AnalyticsQuery,
  testId: string,
  signal?: AbortSignal,
): Promise<QuestionAnalysis> {
  return apiFetchParsed(questionAnalysisSchema, questionAnalysisPath(query, testId), { signal });
}

/** Loaded only once a test is chosen (or the page has one to offer). */
export function useQuestionAnalysis(query: AnalyticsQuery, testId: string | null) {
  return useQuery({
    queryKey: queryKeys.analytics.questions(query, testId ?? ''),
    queryFn: ({ signal }) => fetchQuestionAnalysis(query, testId!, signal),
    enabled: testId !== null,
  });
}
