import { useQuery } from '@tanstack/react-query';
import type { ClassList } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/classes: the classes the teacher teaches, active and archived, with the stat cards' counts. */
export function fetchClasses(signal?: AbortSignal): Promise<ClassList> {
  return apiFetch<ClassList>('/api/classes', { signal });
}

export function useClasses() {
  return useQuery({ queryKey: queryKeys.classes.list(), queryFn: ({ signal }) => fetchClasses(signal) });
}
