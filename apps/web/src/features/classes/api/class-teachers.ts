import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { classTeachersSchema } from '@korrigo/domain';
import { apiFetch, apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const teachersUrl = (classId: string) => `/api/classes/${encodeURIComponent(classId)}/teachers`;

/** GET /api/classes/{id}/teachers: the class's teachers and the school's colleagues who are not yet. */
export function useClassTeachers(classId: string) {
  return useQuery({
    queryKey: queryKeys.classes.teachers(classId),
    queryFn: ({ signal }) => apiFetchParsed(classTeachersSchema, teachersUrl(classId), { signal }),
  });
}

/** POST /api/classes/{id}/teachers and DELETE …/teachers/{userId}; both refresh the whole screen. */
export function useChangeClassTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ classId, userId, add }: { classId: string; userId: string; add: boolean }) =>
      add
        ? apiFetch(teachersUrl(classId), { method: 'POST', body: { userId } })
        : apiFetch(`${teachersUrl(classId)}/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.classes.all }),
  });
}
