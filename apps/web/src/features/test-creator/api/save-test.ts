import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedTest } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/tests (spec 001 §7): save and duplicate; the id comes back in the answer. */
export function saveTest(test: SavedTest): Promise<{ id: string; lastSaved: string }> {
  return apiFetch('/api/tests', { method: 'POST', body: test });
}

export function useSaveTest(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedTests(userId) }),
  });
}
