import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSchoolRequest, School } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/schools: another school; the teacher becomes its teacher. */
export function createSchool(body: CreateSchoolRequest): Promise<School> {
  return apiFetch<School>('/api/schools', { method: 'POST', body });
}

export function useCreateSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSchool,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.classes.schools() }),
  });
}
