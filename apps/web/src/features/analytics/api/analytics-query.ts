import type { AnalyticsQuery } from '@korrigo/domain';

/**
 * The query string every analytics endpoint reads (`analyticsQuerySchema`): the timeframe and at most one of
 * class and course. The export links carry the same one, so a file shows what the page shows.
 */
export function analyticsSearch(query: AnalyticsQuery): string {
  const params = new URLSearchParams({ timeframe: query.timeframe });
  if (query.classId) params.set('classId', query.classId);
  else if (query.courseId) params.set('courseId', query.courseId);
  return params.toString();
}
