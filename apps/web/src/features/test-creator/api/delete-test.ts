import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/tests/{userId}/{testId} (spec 001 §7): any non-OK answer is a failure. */
export function deleteTest(userId: string, testId: string): Promise<unknown> {
  return apiFetch(`/api/tests/${encodeURIComponent(userId)}/${encodeURIComponent(testId)}`, {
    method: 'DELETE',
  });
}

export function useDeleteTest(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (testId: string) => deleteTest(userId, testId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedTests(userId) }),
  });
}
