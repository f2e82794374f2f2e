import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  historyLimits,
  messages,
  type AnalysisDetail,
  type AnalysisDetailsUpdateInput,
  type Dashboard,
  type HistoryItem,
  type HistoryPage,
} from '@korrigo/domain';
import { ApiClientError, apiFetch, NETWORK_STATUS } from '@/lib/api-client';

export type HistoryQuery = { search: string; subject: string; page: number };

export const historyQueryKey = ['history'] as const;
export const dashboardQueryKey = ['dashboard'] as const;
/** the key the result view reads an analysis under, so a prefetched detail is not fetched twice */
const analysisQueryKey = (id: string) => ['analyses', id] as const;

/**
 * spec 000 §7: the history list gives up after 10 s. A time-out is reported like a failed network (no
 * answer came), the caller's own abort (e.g. the popup closed) stays an abort.
 */
async function fetchWithTimeout<T>(path: string, signal: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    return await apiFetch<T>(path, { signal: controller.signal });
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
    queryKey: [...historyQueryKey, query],
    queryFn: ({ signal }) =>
      fetchWithTimeout<HistoryPage>(historyPath(query), signal, historyLimits.timeoutMs),
    enabled,
    // the rows of the page before stay while the next one loads: no flicker when paging
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** 'Show all' on the dashboard: every analysis, 30 at a time, as far as the teacher scrolls on. */
export function useAllAnalyses(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...historyQueryKey, 'all'],
    queryFn: ({ pageParam, signal }) =>
      fetchWithTimeout<HistoryPage>(
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
    queryKey: dashboardQueryKey,
    queryFn: ({ signal }) => fetchWithTimeout<Dashboard>('/api/dashboard', signal, historyLimits.timeoutMs),
    staleTime: 0,
  });
}

/** 'View Analysis': the details are read before the popup closes, so a failure can be shown in it. */
export function usePrefetchAnalysis() {
  const queryClient = useQueryClient();
  return (id: string) =>
    queryClient.fetchQuery({
      queryKey: analysisQueryKey(id),
      queryFn: ({ signal }) =>
        apiFetch<AnalysisDetail>(`/api/analyses/${encodeURIComponent(id)}`, { signal }),
    });
}

function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return (id: string) => {
    void queryClient.invalidateQueries({ queryKey: historyQueryKey });
    void queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
    void queryClient.invalidateQueries({ queryKey: analysisQueryKey(id) });
  };
}

/** PATCH /api/analyses/:id: the edited details; the server checks them and logs the change. */
export function useUpdateAnalysis() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: AnalysisDetailsUpdateInput }) =>
      apiFetch<HistoryItem>(`/api/analyses/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes }),
    onSuccess: (item) => refresh(item.id),
  });
}

/** DELETE /api/analyses/:id: the analysis and its files. */
export function useDeleteAnalysis() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ ok: true }>(`/api/analyses/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => refresh(id),
  });
}
