import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { analyticsOverviewSchema, type AnalyticsOverview, type AnalyticsQuery } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { analyticsSearch } from './analytics-query';

export const analyticsOverviewPath = (query: AnalyticsQuery) =>
  `/api/analytics/overview?${analyticsSearch(query)}`;

/** GET /api/analytics/overview: stat cards, distributions, pupils, tests, improvement areas and insights. */
export function fetchAnalyticsOverview(
  query: AnalyticsQuery,
  signal?: AbortSignal,
): Promise<AnalyticsOverview> {
  return apiFetchParsed(analyticsOverviewSchema, analyticsOverviewPath(query), { signal });
}

export function useAnalyticsOverview(query: AnalyticsQuery) {
  return useQuery({
    queryKey: queryKeys.analytics.overview(query),
    queryFn: ({ signal }) => fetchAnalyticsOverview(query, signal),
    // another timeframe or class keeps the figures on screen until the new ones are there, instead of a flash
    // of skeletons on every click
    placeholderData: keepPreviousData,
  });
}
