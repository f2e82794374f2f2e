import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  myStudentIdSchema,
  studentIdCheckSchema,
  studentIdReviewListSchema,
  type StudentIdDecision,
} from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/student-id: the student's latest upload and whether an ID is confirmed now. */
export function useMyStudentId() {
  return useQuery({
    queryKey: queryKeys.studentId.mine(),
    queryFn: ({ signal }) => apiFetchParsed(myStudentIdSchema, '/api/student-id', { signal }),
  });
}

export function uploadStudentId(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiFetchParsed(studentIdCheckSchema, '/api/student-id', { body: form });
}

export function useUploadStudentId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadStudentId,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.studentId.all }),
  });
}

/** GET /api/student-id/reviews: the pending uploads this teacher (or the operator) may decide on. */
export function useStudentIdReviews() {
  return useQuery({
    queryKey: queryKeys.studentId.reviews(),
    queryFn: ({ signal }) => apiFetchParsed(studentIdReviewListSchema, '/api/student-id/reviews', { signal }),
  });
}

/** Where a reviewer (or the student herself) opens the uploaded file while it is kept. */
export const studentIdFileUrl = (id: string) => `/api/student-id/reviews/${encodeURIComponent(id)}/file`;

export const decideStudentId = ({ id, decision }: { id: string; decision: StudentIdDecision }) =>
  apiFetchParsed(studentIdCheckSchema, `/api/student-id/reviews/${encodeURIComponent(id)}/decision`, {
    method: 'POST',
    body: decision,
  });

export function useDecideStudentId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideStudentId,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.studentId.all }),
  });
}
