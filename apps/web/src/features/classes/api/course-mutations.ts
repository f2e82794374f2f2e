import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course, CreateCourseRequest, LtiRosterSyncResult, UpdateCourseRequest } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/courses */
export function createCourse(body: CreateCourseRequest): Promise<Course> {
  return apiFetch<Course>('/api/courses', { method: 'POST', body });
}

/** PATCH /api/courses/{id}: edit, archive or bring back. */
export function updateCourse({ courseId, ...body }: UpdateCourseRequest & { courseId: string }) {
  return apiFetch<Course>(`/api/courses/${encodeURIComponent(courseId)}`, { method: 'PATCH', body });
}

/** A course write also changes the stat cards and a class's course tab: everything of the screen reloads. */
function useCourseMutation<TInput>(mutationFn: (input: TInput) => Promise<Course>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.classes.all }),
  });
}

export const useCreateCourse = () => useCourseMutation(createCourse);
export const useUpdateCourse = () => useCourseMutation(updateCourse);

/** DELETE /api/courses/{id}: the course with its assignments, exams and materials; analyses keep their rows. */
export function deleteCourse(courseId: string) {
  return apiFetch(`/api/courses/${encodeURIComponent(courseId)}`, { method: 'DELETE' });
}

export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCourse,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.classes.all }),
  });
}

/** POST /api/lti/courses/{id}/roster-sync: the LMS course's pupils become the course's participants. */
export function syncLmsRoster(courseId: string): Promise<LtiRosterSyncResult> {
  return apiFetch<LtiRosterSyncResult>(`/api/lti/courses/${encodeURIComponent(courseId)}/roster-sync`, {
    method: 'POST',
  });
}

export function useSyncLmsRoster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncLmsRoster,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.classes.all }),
  });
}
