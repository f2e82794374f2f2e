import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddStudentsRequest,
  ClassDetail,
  CreateClassRequest,
  UpdateClassRequest,
} from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const classUrl = (classId: string) => `/api/classes/${encodeURIComponent(classId)}`;

/** POST /api/classes: a new class with its pasted roster; the teacher becomes its teacher. */
export function createClass(body: CreateClassRequest): Promise<ClassDetail> {
  return apiFetch<ClassDetail>('/api/classes', { method: 'POST', body });
}

/** PATCH /api/classes/{id}: edit the fields, archive or bring back. */
export function updateClass({ classId, ...body }: UpdateClassRequest & { classId: string }) {
  return apiFetch<ClassDetail>(classUrl(classId), { method: 'PATCH', body });
}

/** POST /api/classes/{id}/students: roster entries; students already in the class are skipped. */
export function addStudents({ classId, ...body }: AddStudentsRequest & { classId: string }) {
  return apiFetch<{ added: number; class: ClassDetail }>(`${classUrl(classId)}/students`, {
    method: 'POST',
    body,
  });
}

/** DELETE /api/classes/{id}/students/{studentId} */
export function removeStudent({ classId, studentId }: { classId: string; studentId: string }) {
  return apiFetch(`${classUrl(classId)}/students/${encodeURIComponent(studentId)}`, { method: 'DELETE' });
}

/** Every class write refreshes the lists, the stat cards and the open details together. */
function useClassMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.classes.all }),
  });
}

export const useCreateClass = () => useClassMutation(createClass);
export const useUpdateClass = () => useClassMutation(updateClass);
export const useAddStudents = () => useClassMutation(addStudents);
export const useRemoveStudent = () => useClassMutation(removeStudent);

/** DELETE /api/classes/{id}: the class, its roster and the courses of this class alone. */
export function deleteClass(classId: string) {
  return apiFetch(classUrl(classId), { method: 'DELETE' });
}

export const useDeleteClass = () => useClassMutation(deleteClass);
