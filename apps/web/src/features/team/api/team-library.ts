import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { duplicateTeamTestResponseSchema, teamTestListSchema, teamTestSchema } from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/team/tests: the saved tests of every team member. */
export function useTeamLibrary() {
  return useQuery({
    queryKey: queryKeys.team.library(),
    queryFn: ({ signal }) => apiFetchParsed(teamTestListSchema, '/api/team/tests', { signal }),
  });
}

/** GET /api/team/tests/{id}: one team test, to read. */
export function useTeamTest(testId: string | null) {
  return useQuery({
    queryKey: queryKeys.team.test(testId ?? ''),
    queryFn: ({ signal }) =>
      apiFetchParsed(teamTestSchema, `/api/team/tests/${encodeURIComponent(testId!)}`, { signal }),
    enabled: testId !== null,
  });
}

export const duplicateTeamTest = (testId: string) =>
  apiFetchParsed(duplicateTeamTestResponseSchema, `/api/team/tests/${encodeURIComponent(testId)}/duplicate`, {
    method: 'POST',
    body: {},
  });

/** The copy lands in the teacher's own tests: her list in the test creator and the library refresh. */
export function useDuplicateTeamTest(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateTeamTest,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.savedTests(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.team.library() }),
      ]),
  });
}
