import { useQuery } from '@tanstack/react-query';
import { releaseListSchema, type ReleaseList } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getUpdates(): Promise<ReleaseList> {
  return releaseListSchema.parse(await apiFetch('/api/updates'));
}

export function useUpdates() {
  return useQuery({ queryKey: queryKeys.updates, queryFn: getUpdates, staleTime: 10 * 60_000 });
}
