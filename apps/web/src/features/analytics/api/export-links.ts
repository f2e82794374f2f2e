import type { AnalyticsQuery } from '@korrigo/domain';
import { analyticsSearch } from './analytics-query';

// GET /api/analytics/export.csv and /api/analytics/report.pdf are plain downloads: a link with the session
// cookie is all they need, and the browser shows its own progress and errors for a file.

export const analyticsCsvHref = (query: AnalyticsQuery) =>
  `/api/analytics/export.csv?${analyticsSearch(query)}`;

export const analyticsPdfHref = (query: AnalyticsQuery) =>
  `/api/analytics/report.pdf?${analyticsSearch(query)}`;
