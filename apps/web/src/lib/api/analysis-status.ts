import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { analysisStatusResponseSchema, isSettledStatus } from '@korrigo/domain';
import type { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type AnalysisStatusResponse = z.infer<typeof analysisStatusResponseSchema>;

/** Only when the event stream cannot open: how often the status is asked instead. */
const fallbackPollMs = 1000;
/**
 * While the stream is open and the analysis unsettled, the status is still read this often: once an event
 * went missing (seen once with a class set) and the screen stayed at 'wird bewertet' until reloaded.
 */
const safetyPollMs = 10_000;

const base = (id: string) => `/api/analyses/${encodeURIComponent(id)}`;

/** GET /api/analyses/:id/status: the fallback when GET /api/analyses/:id/events cannot open. */
async function fetchAnalysisStatus(id: string, signal?: AbortSignal): Promise<AnalysisStatusResponse> {
  return analysisStatusResponseSchema.parse(await apiFetch(`${base(id)}/status`, { signal }));
}

/**
 * The status of an analysis as it changes (ADR 0009): one server-sent event stream sends it now and at every
 * change, until done or failed. Only when the stream cannot open (an error before its first event, or no
 * EventSource at all) is the status asked every second instead. After its first event a dropped stream
 * reconnects by itself and starts with the current status again. Besides the stream, an unsettled status is
 * read every 10 s, so a lost event costs seconds, not a reload.
 */
export function useAnalysisStatus(id: string | null) {
  const queryClient = useQueryClient();
  const [pollingFor, setPollingFor] = useState<string | null>(null);
  const noStream = typeof EventSource === 'undefined';
  const polling = id !== null && (noStream || pollingFor === id);

  useEffect(() => {
    if (id === null || noStream) return;
    const source = new EventSource(`${base(id)}/events`, { withCredentials: true });
    let heard = false;
    source.addEventListener('status', (event) => {
      const parsed = analysisStatusResponseSchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (!parsed.success) return;
      heard = true;
      queryClient.setQueryData(queryKeys.analyses.status(id), parsed.data);
      // the server ends the stream here; without close() the browser would open it again
      if (isSettledStatus(parsed.data.status)) source.close();
    });
    source.addEventListener('error', () => {
      if (heard) return;
      source.close();
      setPollingFor(id);
    });
    const key = queryKeys.analyses.status(id);
    const unsettled = () => {
      const current = queryClient.getQueryData<AnalysisStatusResponse>(key);
      return !current || !isSettledStatus(current.status);
    };
    const safety = setInterval(() => {
      if (!unsettled()) return clearInterval(safety);
      fetchAnalysisStatus(id).then(
        // an answer that arrives after the stream said 'done' must not take it back
        (next) => unsettled() && queryClient.setQueryData(key, next),
        () => undefined,
      );
    }, safetyPollMs);
    return () => {
      source.close();
      clearInterval(safety);
    };
  }, [id, noStream, queryClient]);

  return useQuery({
    queryKey: queryKeys.analyses.status(id ?? ''),
    queryFn: ({ signal }) => fetchAnalysisStatus(id!, signal),
    // the stream fills this entry; the request runs only as the fallback
    enabled: polling,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return polling && (!status || !isSettledStatus(status)) ? fallbackPollMs : false;
    },
    gcTime: 0,
  });
}
