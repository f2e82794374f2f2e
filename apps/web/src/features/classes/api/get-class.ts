import { useQuery } from '@tanstack/react-query';
import type { ClassDetail } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/classes/{id}: one class with its roster. */
export function fetchClass(classId: string, signal?: AbortSignal): Promise<ClassDetail> {
  return apiFetch<ClassDetail>(`/api/classes/${encodeURIComponent(classId)}`, { signal });
}

export function useClass(classId: string | null) {
  return useQuery({
    queryKey: queryKeys.classes.detail(classId ?? ''),
    queryFn: ({ signal }) => fetchClass(classId!, signal),
    enabled: classId !== null,
  });
}
