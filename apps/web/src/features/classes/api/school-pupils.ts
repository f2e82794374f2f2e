import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { schoolPupilListSchema, type ClassDetail } from '@korrigo/domain';
import { apiFetch, apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const url = (classId: string) => `/api/classes/${encodeURIComponent(classId)}/school-pupils`;

/** GET /api/classes/{id}/school-pupils: pupils of the school's other classes, not yet in this one. */
export function useSchoolPupils(classId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.classes.schoolPupils(classId),
    queryFn: ({ signal }) => apiFetchParsed(schoolPupilListSchema, url(classId), { signal }),
    enabled,
  });
}

/** POST /api/classes/{id}/school-pupils: a present pupil is skipped by the server. */
export function useAddSchoolPupils() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ classId, entryIds }: { classId: string; entryIds: string[] }) =>
      apiFetch<{ added: number; class: ClassDetail }>(url(classId), { method: 'POST', body: { entryIds } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.classes.all }),
  });
}
