import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  assignmentSchema,
  examSchema,
  materialSchema,
  type CreateAssignmentRequest,
  type CreateExamRequest,
  type CreateMaterialRequest,
  type UpdateAssignmentRequest,
  type UpdateExamRequest,
  type UpdateMaterialRequest,
} from '@korrigo/domain';
import { apiFetch, apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const base = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}`;
const item = (courseId: string, kind: string, id: string) =>
  `${base(courseId)}/${kind}/${encodeURIComponent(id)}`;

/*
 * The bodies carry no id: a row not yet saved has none on the client either, and the server makes it
 * (issue 15 §5: temporary ids never reach the database).
 */

/** POST /api/courses/{id}/assignments */
export const createAssignment = ({ courseId, ...body }: CreateAssignmentRequest & { courseId: string }) =>
  apiFetchParsed(assignmentSchema, `${base(courseId)}/assignments`, { method: 'POST', body });
/** PATCH /api/courses/{id}/assignments/{assignmentId} */
export const updateAssignment = ({
  courseId,
  id,
  ...body
}: UpdateAssignmentRequest & { courseId: string; id: string }) =>
  apiFetchParsed(assignmentSchema, item(courseId, 'assignments', id), { method: 'PATCH', body });
/** DELETE /api/courses/{id}/assignments/{assignmentId} */
export const deleteAssignment = ({ courseId, id }: { courseId: string; id: string }) =>
  apiFetch<null>(item(courseId, 'assignments', id), { method: 'DELETE' });

/** POST /api/courses/{id}/exams */
export const createExam = ({ courseId, ...body }: CreateExamRequest & { courseId: string }) =>
  apiFetchParsed(examSchema, `${base(courseId)}/exams`, { method: 'POST', body });
/** PATCH /api/courses/{id}/exams/{examId} */
export const updateExam = ({ courseId, id, ...body }: UpdateExamRequest & { courseId: string; id: string }) =>
  apiFetchParsed(examSchema, item(courseId, 'exams', id), { method: 'PATCH', body });
/** DELETE /api/courses/{id}/exams/{examId} */
export const deleteExam = ({ courseId, id }: { courseId: string; id: string }) =>
  apiFetch<null>(item(courseId, 'exams', id), { method: 'DELETE' });

/** POST /api/courses/{id}/materials: the fields; the files follow with uploadMaterialFiles. */
export const createMaterial = ({ courseId, ...body }: CreateMaterialRequest & { courseId: string }) =>
  apiFetchParsed(materialSchema, `${base(courseId)}/materials`, { method: 'POST', body });
/**
 * POST /api/courses/{id}/materials/upload: a new material with its files in one request, so that a failed
 * upload creates nothing (issue 34). The fields go as form fields beside the files.
 */
export function createMaterialWithFiles({
  courseId,
  files,
  ...fields
}: CreateMaterialRequest & { courseId: string; files: File[] }) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) body.append(name, value);
  }
  for (const file of files) body.append('files', file, file.name);
  return apiFetchParsed(materialSchema, `${base(courseId)}/materials/upload`, { method: 'POST', body });
}
/** PATCH /api/courses/{id}/materials/{materialId} */
export const updateMaterial = ({
  courseId,
  id,
  ...body
}: UpdateMaterialRequest & { courseId: string; id: string }) =>
  apiFetchParsed(materialSchema, item(courseId, 'materials', id), { method: 'PATCH', body });
/** DELETE /api/courses/{id}/materials/{materialId}: with its files. */
export const deleteMaterial = ({ courseId, id }: { courseId: string; id: string }) =>
  apiFetch<null>(item(courseId, 'materials', id), { method: 'DELETE' });
/** POST /api/courses/{id}/materials/{materialId}/files: several files at once (multipart `files`). */
export function uploadMaterialFiles({
  courseId,
  id,
  files,
}: {
  courseId: string;
  id: string;
  files: File[];
}) {
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  return apiFetchParsed(materialSchema, `${item(courseId, 'materials', id)}/files`, { method: 'POST', body });
}
/** DELETE /api/courses/{id}/materials/{materialId}/files/{fileId} */
export const deleteMaterialFile = ({
  courseId,
  id,
  fileId,
}: {
  courseId: string;
  id: string;
  fileId: string;
}) =>
  apiFetchParsed(materialSchema, `${item(courseId, 'materials', id)}/files/${encodeURIComponent(fileId)}`, {
    method: 'DELETE',
  });

/** Every course-work write reloads that course's three lists (they are small). */
function useCourseWorkMutation<TInput extends { courseId: string }, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.classes.courseWork(input.courseId) }),
  });
}

export const useCreateAssignment = () => useCourseWorkMutation(createAssignment);
export const useUpdateAssignment = () => useCourseWorkMutation(updateAssignment);
export const useDeleteAssignment = () => useCourseWorkMutation(deleteAssignment);
export const useCreateExam = () => useCourseWorkMutation(createExam);
export const useUpdateExam = () => useCourseWorkMutation(updateExam);
export const useDeleteExam = () => useCourseWorkMutation(deleteExam);
export const useCreateMaterial = () => useCourseWorkMutation(createMaterial);
export const useCreateMaterialWithFiles = () => useCourseWorkMutation(createMaterialWithFiles);
export const useUpdateMaterial = () => useCourseWorkMutation(updateMaterial);
export const useDeleteMaterial = () => useCourseWorkMutation(deleteMaterial);
export const useUploadMaterialFiles = () => useCourseWorkMutation(uploadMaterialFiles);
export const useDeleteMaterialFile = () => useCourseWorkMutation(deleteMaterialFile);
