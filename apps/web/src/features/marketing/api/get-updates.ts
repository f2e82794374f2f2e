import { useQuery } from '@tanstack/react-query';
import { releaseListSchema, type ReleaseList } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';

export async function getUpdates(): Promise<ReleaseList> {
  return releaseListSchema.parse(await apiFetch('/api/updates'));
}

export function useUpdates() {
  return useQuery({ queryKey: ['updates'], queryFn: getUpdates, staleTime: 10 * 60_000 });
}
