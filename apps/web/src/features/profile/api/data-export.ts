import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataExportSchema, latestDataExportSchema } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How often the section asks while an export is being made (the job writes its progress every few files). */
const POLL_MS = 1000;

export function fetchLatestExport(signal?: AbortSignal) {
  return apiFetchParsed(latestDataExportSchema, '/api/privacy/exports/latest', { signal });
}

/** The newest export; polled only while it is queued or running. */
export function useLatestExport() {
  return useQuery({
    queryKey: queryKeys.privacy.latestExport,
    queryFn: ({ signal }) => fetchLatestExport(signal),
    refetchInterval: (query) => {
      const status = query.state.data?.export?.status;
      return status === 'queued' || status === 'running' ? POLL_MS : false;
    },
  });
}

export function startExport() {
  return apiFetchParsed(dataExportSchema, '/api/privacy/exports', { method: 'POST', body: {} });
}

export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startExport,
    onSuccess: (started) => queryClient.setQueryData(queryKeys.privacy.latestExport, { export: started }),
  });
}
