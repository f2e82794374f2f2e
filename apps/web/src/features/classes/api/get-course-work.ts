import { useQuery } from '@tanstack/react-query';
import { assignmentListSchema, examListSchema, materialListSchema } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const base = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}`;

/** GET /api/courses/{id}/assignments: by due date. */
export function fetchAssignments(courseId: string, signal?: AbortSignal) {
  return apiFetchParsed(assignmentListSchema, `${base(courseId)}/assignments`, { signal });
}

/** GET /api/courses/{id}/exams: by date. */
export function fetchExams(courseId: string, signal?: AbortSignal) {
  return apiFetchParsed(examListSchema, `${base(courseId)}/exams`, { signal });
}

/** GET /api/courses/{id}/materials: with their files. */
export function fetchMaterials(courseId: string, signal?: AbortSignal) {
  return apiFetchParsed(materialListSchema, `${base(courseId)}/materials`, { signal });
}

export function useAssignments(courseId: string) {
  return useQuery({
    queryKey: queryKeys.classes.assignments(courseId),
    queryFn: ({ signal }) => fetchAssignments(courseId, signal),
  });
}

export function useExams(courseId: string) {
  return useQuery({
    queryKey: queryKeys.classes.exams(courseId),
    queryFn: ({ signal }) => fetchExams(courseId, signal),
  });
}

export function useMaterials(courseId: string) {
  return useQuery({
    queryKey: queryKeys.classes.materials(courseId),
    queryFn: ({ signal }) => fetchMaterials(courseId, signal),
  });
}

/** Where a material file is downloaded (an attachment; the session cookie goes along). */
export function materialFileUrl(courseId: string, materialId: string, fileId: string): string {
  return `${base(courseId)}/materials/${encodeURIComponent(materialId)}/files/${encodeURIComponent(fileId)}`;
}
