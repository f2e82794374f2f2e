import { useQuery } from '@tanstack/react-query';
import type { School } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/schools: the teacher's schools, her profile's school first (made on first use). */
export function fetchSchools(signal?: AbortSignal): Promise<School[]> {
  return apiFetch<School[]>('/api/schools', { signal });
}

export function useSchools() {
  return useQuery({ queryKey: queryKeys.classes.schools(), queryFn: ({ signal }) => fetchSchools(signal) });
}
