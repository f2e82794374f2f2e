import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  analysisListItemSchema,
  dashboardSchema,
  historyLimits,
  historyPageSchema,
  messages,
  okSchema,
  type AnalysisDetailsUpdateInput,
} from '@korrigo/domain';
import type { z } from 'zod';
import { ApiClientError, apiFetchParsed, NETWORK_STATUS } from '@/lib/api-client';
import { analysisDetailQuery, analysisPath } from '@/lib/api/analysis-detail';
import { queryKeys } from '@/lib/query-keys';

export type HistoryQuery = { search: string; subject: string; page: number };

/**
 * spec 000 §7: the history list gives up after 10 s. A time-out is reported like a failed network (no
 * answer came), the caller's own abort (e.g. the popup closed) stays an abort.
 */
async function fetchWithTimeout<S extends z.ZodType>(
  schema: S,
  path: string,
  signal: AbortSignal | undefined,
  timeoutMs: number,
) {
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    return await apiFetchParsed(schema, path, { signal: controller.signal });
  } catch (error) {
    if (timedOut) throw new ApiClientError(NETWORK_STATUS, 'timeout', messages.http.network);
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

function historyPath(query: HistoryQuery, pageSize: number = historyLimits.pageSize) {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(pageSize) });
  if (query.search.trim()) params.set('search', query.search.trim());
  if (query.subject && query.subject !== 'all') params.set('subject', query.subject);
  return `/api/analyses/history?${params.toString()}`;
}

/** GET /api/analyses/history: one page, searched and filtered on the server. */
export function useHistoryPage(query: HistoryQuery, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.history.page(query),
    queryFn: ({ signal }) =>
      fetchWithTimeout(historyPageSchema, historyPath(query), signal, historyLimits.timeoutMs),
    enabled,
    // the rows of the page before stay while the next one loads: no flicker when paging
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** 'Show all' on the dashboard: every analysis, 30 at a time, as far as the teacher scrolls on. */
export function useAllAnalyses(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.history.everything,
    queryFn: ({ pageParam, signal }) =>
      fetchWithTimeout(
        historyPageSchema,
        historyPath({ search: '', subject: 'all', page: pageParam }, 30),
        signal,
        historyLimits.timeoutMs,
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    enabled,
  });
}

/** GET /api/dashboard: stat cards and the newest analyses, aggregated on the server. */
export function useDashboard() {
  return useQuery({
    queryKey: queryKeys.dashboard,
    queryFn: ({ signal }) =>
      fetchWithTimeout(dashboardSchema, '/api/dashboard', signal, historyLimits.timeoutMs),
    staleTime: 0,
  });
}

/** 'View Analysis': the details are read before the popup closes, so a failure can be shown in it. */
export function usePrefetchAnalysis() {
  const queryClient = useQueryClient();
  return (id: string) => queryClient.fetchQuery(analysisDetailQuery(id));
}

function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return (id: string) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.history.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    void queryClient.invalidateQueries({ queryKey: queryKeys.analyses.detail(id) });
  };
}

/** PATCH /api/analyses/:id: the edited details; the server checks them and logs the change. */
export function useUpdateAnalysis() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: AnalysisDetailsUpdateInput }) =>
      apiFetchParsed(analysisListItemSchema, analysisPath(id), { method: 'PATCH', body: changes }),
    onSuccess: (item) => refresh(item.id),
  });
}

/** DELETE /api/analyses/:id: the analysis and its files. */
export function useDeleteAnalysis() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (id: string) => apiFetchParsed(okSchema, analysisPath(id), { method: 'DELETE' }),
    onSuccess: (_data, id) => refresh(id),
  });
}
