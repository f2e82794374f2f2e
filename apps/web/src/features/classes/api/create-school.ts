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
    // the new school is in the list at once, so the form that asked for it can choose it (issue 34 §4)
    onSuccess: (school) =>
      queryClient.setQueryData<School[]>(queryKeys.classes.schools(), (schools) =>
        schools && !schools.some((known) => known.id === school.id) ? [...schools, school] : schools,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.classes.schools() }),
  });
}
